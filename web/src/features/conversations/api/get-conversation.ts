import { queryOptions, useQuery } from '@tanstack/react-query';
import { conversationRoutes } from '@parley/contracts/conversations';
import { apiRequest } from '../../../lib/api-client';
import { conversationsKeys } from './conversations-keys';

export function getConversation(id: string, signal?: AbortSignal) {
  return apiRequest(conversationRoutes.get, { params: { id }, signal });
}

/** One conversation (the thread's header and the customer panel) with the customer's earlier ones. */
export function useConversation(id: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: conversationsKeys.detail(id ?? ''),
      queryFn: ({ signal }) => getConversation(id!, signal),
      enabled: Boolean(id),
      staleTime: 0,
    }),
  );
}
