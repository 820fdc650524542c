import { useMutation, useQueryClient } from '@tanstack/react-query';
import { channelRoutes, type ChannelBody } from '@parley/contracts/channels';
import { apiRequest } from '../../../lib/api-client';
import { channelsKeys } from './channels-keys';

export function createChannel(body: ChannelBody) {
  return apiRequest(channelRoutes.create, { body });
}

export function useCreateChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChannel,
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelsKeys.lists() }),
  });
}
