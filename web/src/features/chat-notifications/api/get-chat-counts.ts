import { queryOptions, useQuery } from '@tanstack/react-query';
import { conversationRoutes } from '@parley/contracts/conversations';
import { apiRequest } from '../../../lib/api-client';
import { chatNotificationsKeys } from './chat-notifications-keys';

export function getChatCounts(signal?: AbortSignal) {
  return apiRequest(conversationRoutes.counts, { signal });
}

/**
 * The live chat counts. 'conversation.counts' keeps them current while the websocket is up; without
 * it they are fetched again every half minute so the badge never stays wrong for long.
 */
export function chatCountsQueryOptions(live: boolean) {
  return queryOptions({
    queryKey: chatNotificationsKeys.counts(),
    queryFn: ({ signal }) => getChatCounts(signal),
    refetchInterval: live ? false : 30_000,
  });
}

export function useChatCounts(live: boolean) {
  return useQuery(chatCountsQueryOptions(live));
}
