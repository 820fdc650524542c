import { useQuery } from '@tanstack/react-query';
import { conversationRoutes, type LiveChatCounts } from '@parley/contracts/conversations';
import { apiRequest } from '../../../lib/api-client';
import { conversationsKeys } from './conversations-keys';

export function getCounts(signal?: AbortSignal) {
  return apiRequest(conversationRoutes.counts, { signal });
}

/**
 * The live chat counts (platform §3.4). The list's answers and 'conversation.counts' events fill
 * this cache; it is only fetched on its own when nothing has filled it yet.
 */
export function useCounts(enabled: boolean) {
  return useQuery<LiveChatCounts>({
    queryKey: conversationsKeys.counts(),
    queryFn: ({ signal }) => getCounts(signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
