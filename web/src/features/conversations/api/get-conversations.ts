import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { conversationLimits, conversationRoutes } from '@parley/contracts/conversations';
import { apiRequest } from '../../../lib/api-client';
import { applyCounts, type ConversationPage } from './conversation-cache';
import { conversationsKeys, type ConversationFilters } from './conversations-keys';

export function getConversations(filters: ConversationFilters, before: string | undefined, signal?: AbortSignal) {
  return apiRequest(conversationRoutes.list, {
    query: { ...filters, perPage: conversationLimits.pageSize, ...(before ? { before } : {}) },
    signal,
  });
}

/**
 * The conversations of one view and filter set, newest activity first, paged by the last row's
 * `updatedAt` ('before'). Each answer's live counts go to the counts cache the tabs read.
 */
export function useConversations(filters: ConversationFilters) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: conversationsKeys.list(filters),
    queryFn: async ({ signal, pageParam }): Promise<ConversationPage> => {
      const page = await getConversations(filters, pageParam, signal);
      applyCounts(queryClient, page.counts);
      return page;
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.conversations.at(-1)?.updatedAt : undefined),
    staleTime: 0,
  });
}
