import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentRoutes, type AgentConfigBody } from '@parley/contracts/agents';
import { apiRequest } from '../../../lib/api-client';
import { agentsKeys } from './agents-keys';

export function updateAgentConfig(agentId: string, body: AgentConfigBody) {
  return apiRequest(agentRoutes.updateConfig, { params: { id: agentId }, body });
}

/** Saves the Configuration tab (agents.md §2.6); the form shows field errors itself. */
export function useUpdateAgentConfig(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AgentConfigBody) => updateAgentConfig(agentId, body),
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentsKeys.detail(agentId), exact: true }),
  });
}
