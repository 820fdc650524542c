import { useMutation, useQueryClient } from '@tanstack/react-query';
import { conversationRoutes, type AgentSelf } from '@parley/contracts/conversations';
import { apiRequest } from '../../../lib/api-client';
import { conversationsKeys } from './conversations-keys';

export function setAgentStatus(agentStatus: AgentSelf['agentStatus']) {
  return apiRequest(conversationRoutes.setMyStatus, { body: { agentStatus } });
}

/** Online / Away / Offline (update_agent_status). */
export function useSetAgentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAgentStatus,
    onSuccess: (self) => queryClient.setQueryData(conversationsKeys.agentStatus(), self),
  });
}
