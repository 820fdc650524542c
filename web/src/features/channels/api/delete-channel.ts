import { useMutation, useQueryClient } from '@tanstack/react-query';
import { channelRoutes } from '@parley/contracts/channels';
import { apiRequest } from '../../../lib/api-client';
import { channelsKeys } from './channels-keys';

export function deleteChannel(id: string) {
  return apiRequest(channelRoutes.remove, { params: { id } });
}

export function useDeleteChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChannel,
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelsKeys.lists() }),
  });
}
