import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentRoutes } from '@parley/contracts/agents';
import { apiRequest } from '../../../lib/api-client';
import { agentsKeys } from './agents-keys';

export function deleteAgent(id: string) {
  return apiRequest(agentRoutes.remove, { params: { id } });
}

/** Deletes an agent; a refusal (code 101: it has stories and intents) is toasted by the mutation cache. */
export function useDeleteAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAgent,
    onSuccess: (_data, id) => queryClient.removeQueries({ queryKey: agentsKeys.detail(id) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentsKeys.lists() }),
  });
}
