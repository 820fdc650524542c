import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatConfigRoutes } from '@parley/contracts/conversations';
import { apiRequest } from '../../../lib/api-client';
import { chatConfigKeys } from './chat-config-keys';

export function getChatAgents(signal?: AbortSignal) {
  return apiRequest(chatConfigRoutes.agents, { signal });
}

export function chatAgentsQueryOptions() {
  return queryOptions({
    queryKey: chatConfigKeys.agents(),
    queryFn: ({ signal }) => getChatAgents(signal),
    select: (data) => data.agents,
  });
}

/** The users who handle chats, with their status, open chats and capacity. */
export function useChatAgents() {
  return useQuery(chatAgentsQueryOptions());
}
