import { useInfiniteQuery } from '@tanstack/react-query';
import { conversationLimits, conversationRoutes } from '@parley/contracts/conversations';
import { apiRequest } from '../../../lib/api-client';
import type { MessagePage } from './conversation-cache';
import { conversationsKeys } from './conversations-keys';

export function getMessages(id: string, before: string | undefined, signal?: AbortSignal) {
  return apiRequest(conversationRoutes.messages, {
    params: { id },
    query: { perPage: conversationLimits.messagesPageSize, ...(before ? { before } : {}) },
    signal,
  });
}

/**
 * The thread: page 0 is the latest messages, each next page the ones before its first message.
 * Every page is oldest first, as the server answers it.
 */
export function useMessages(id: string | undefined) {
  return useInfiniteQuery({
    queryKey: conversationsKeys.messages(id ?? ''),
    queryFn: ({ signal, pageParam }): Promise<MessagePage> => getMessages(id!, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.messages[0]?.id : undefined),
    enabled: Boolean(id),
    staleTime: 0,
  });
}
