import { useQuery } from '@tanstack/react-query';
import { conversationRoutes } from '@parley/contracts/conversations';
import { apiRequest } from '../../../lib/api-client';
import { conversationsKeys } from './conversations-keys';

export function getChatAgents(signal?: AbortSignal) {
  return apiRequest(conversationRoutes.agents, { signal });
}

/** Agents who handle chats (status, open chats, capacity) and the departments: transfer, invite, assign, filters. */
export function useChatAgents(enabled = true) {
  return useQuery({
    queryKey: conversationsKeys.agents(),
    queryFn: ({ signal }) => getChatAgents(signal),
    enabled,
    staleTime: 15_000,
  });
}
