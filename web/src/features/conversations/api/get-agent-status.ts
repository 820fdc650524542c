import { useQuery } from '@tanstack/react-query';
import { conversationRoutes } from '@parley/contracts/conversations';
import { apiRequest } from '../../../lib/api-client';
import { conversationsKeys } from './conversations-keys';

export function getAgentStatus(signal?: AbortSignal) {
  return apiRequest(conversationRoutes.myStatus, { signal });
}

/** The caller's availability, departments, supervisor flag and the realtime topics to watch. */
export function useAgentStatus() {
  return useQuery({
    queryKey: conversationsKeys.agentStatus(),
    queryFn: ({ signal }) => getAgentStatus(signal),
    staleTime: 60_000,
  });
}
