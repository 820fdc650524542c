import { useMutation, useQueryClient } from '@tanstack/react-query';
import { channelRoutes, type ChannelBody } from '@parley/contracts/channels';
import { apiRequest } from '../../../lib/api-client';
import { channelsKeys } from './channels-keys';

export function updateChannel({ id, body }: { id: string; body: ChannelBody }) {
  return apiRequest(channelRoutes.update, { params: { id }, body });
}

export function useUpdateChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateChannel,
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelsKeys.lists() }),
  });
}
