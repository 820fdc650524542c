import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentRoutes, type GenAiConfigBody } from '@parley/contracts/agents';
import { apiRequest } from '../../../lib/api-client';
import { agentsKeys } from './agents-keys';

export function updateGenAiConfig(agentId: string, body: GenAiConfigBody) {
  return apiRequest(agentRoutes.updateGenAiConfig, { params: { id: agentId }, body });
}

/** Saves the knowledge-base switches, website URLs and configuration (agents.md §2.7). */
export function useUpdateGenAiConfig(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GenAiConfigBody) => updateGenAiConfig(agentId, body),
    meta: { inlineErrors: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(agentsKeys.genAiConfig(agentId), saved);
      return queryClient.invalidateQueries({ queryKey: agentsKeys.detail(agentId), exact: true });
    },
  });
}
