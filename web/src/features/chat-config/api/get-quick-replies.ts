import { queryOptions, useQuery } from '@tanstack/react-query';
import { conversationRoutes } from '@parley/contracts/conversations';
import { apiRequest } from '../../../lib/api-client';
import { chatConfigKeys } from './chat-config-keys';

export function getQuickReplies(signal?: AbortSignal) {
  return apiRequest(conversationRoutes.quickReplies, { signal });
}

export function quickRepliesQueryOptions() {
  return queryOptions({
    queryKey: chatConfigKeys.quickReplies(),
    queryFn: ({ signal }) => getQuickReplies(signal),
    select: (data) => data.quickReplies,
  });
}

/** The quick replies agents can insert with /shortcut. */
export function useQuickReplies() {
  return useQuery(quickRepliesQueryOptions());
}
