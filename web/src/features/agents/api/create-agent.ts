import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentRoutes, type AgentBody } from '@parley/contracts/agents';
import { apiRequest } from '../../../lib/api-client';
import { agentsKeys } from './agents-keys';

export function createAgent(body: AgentBody) {
  return apiRequest(agentRoutes.create, { body });
}

export function useCreateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAgent,
    meta: { inlineErrors: true },
    onSuccess: (agent) => {
      queryClient.setQueryData(agentsKeys.detail(agent.id), agent);
      return queryClient.invalidateQueries({ queryKey: agentsKeys.lists() });
    },
  });
}
