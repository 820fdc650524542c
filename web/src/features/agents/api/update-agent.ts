import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentRoutes, type AgentBody } from '@parley/contracts/agents';
import { apiRequest } from '../../../lib/api-client';
import { agentsKeys } from './agents-keys';

export function updateAgent({ id, ...body }: AgentBody & { id: string }) {
  return apiRequest(agentRoutes.update, { params: { id }, body });
}

export function useUpdateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAgent,
    meta: { inlineErrors: true },
    onSuccess: (agent) => {
      queryClient.setQueryData(agentsKeys.detail(agent.id), agent);
      return queryClient.invalidateQueries({ queryKey: agentsKeys.lists() });
    },
  });
}
