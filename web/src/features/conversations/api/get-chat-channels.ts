import { useQuery } from '@tanstack/react-query';
import { channelRoutes } from '@parley/contracts/channels';
import { apiRequest } from '../../../lib/api-client';
import { conversationsKeys } from './conversations-keys';

export function getChatChannels(signal?: AbortSignal) {
  return apiRequest(channelRoutes.list, { query: { from: 0, perPage: 200 }, signal });
}

/** The enterprise's channels for the list's channel filter (the channel list allows CHAT.HANDLE). */
export function useChatChannels() {
  return useQuery({
    queryKey: conversationsKeys.channels(),
    queryFn: ({ signal }) => getChatChannels(signal),
    select: (data) => data.channelConfig.map((channel) => ({ id: channel.id, name: channel.name })),
    staleTime: 5 * 60_000,
  });
}
