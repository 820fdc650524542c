import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentRoutes, type PromptConfigBody } from '@parley/contracts/agents';
import { apiRequest } from '../../../lib/api-client';
import { agentsKeys } from './agents-keys';

export function updateAgentPrompt(agentId: string, body: PromptConfigBody) {
  return apiRequest(agentRoutes.updatePrompt, { params: { id: agentId }, body });
}

/** Saves the prompt section (agents.md §2.8). */
export function useUpdateAgentPrompt(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PromptConfigBody) => updateAgentPrompt(agentId, body),
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentsKeys.detail(agentId), exact: true }),
  });
}
