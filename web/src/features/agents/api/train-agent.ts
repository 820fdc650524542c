import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentRoutes } from '@parley/contracts/agents';
import { apiRequest } from '../../../lib/api-client';
import { agentsKeys } from './agents-keys';

export function trainAgent(id: string) {
  return apiRequest(agentRoutes.train, { params: { id } });
}

/** Train Agent: the caller shows the server's message (or the failure) itself. */
export function useTrainAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: trainAgent,
    meta: { inlineErrors: true },
    onSettled: (_data, _error, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: agentsKeys.detail(id), exact: true }),
        queryClient.invalidateQueries({ queryKey: agentsKeys.lists() }),
      ]),
  });
}
