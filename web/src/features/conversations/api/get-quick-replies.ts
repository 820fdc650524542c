import { useQuery } from '@tanstack/react-query';
import { conversationRoutes } from '@parley/contracts/conversations';
import { apiRequest } from '../../../lib/api-client';
import { conversationsKeys } from './conversations-keys';

export function getQuickReplies(signal?: AbortSignal) {
  return apiRequest(conversationRoutes.quickReplies, { signal });
}

/** The admin's quick replies, for the composer's '/' picker. */
export function useQuickReplies(enabled: boolean) {
  return useQuery({
    queryKey: conversationsKeys.quickReplies(),
    queryFn: ({ signal }) => getQuickReplies(signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}
