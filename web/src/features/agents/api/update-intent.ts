import { useMutation, useQueryClient } from '@tanstack/react-query';
import { intentRoutes, type IntentBody } from '@parley/contracts/agent-stories';
import { apiRequest } from '../../../lib/api-client';
import { agentsKeys } from './agents-keys';

export function updateIntent(agentId: string, storyId: string, intentId: string, body: IntentBody) {
  return apiRequest(intentRoutes.update, { params: { agentId, storyId, intentId }, body });
}

/** Errors are shown by the editor (it reads the server's field messages). */
export function useUpdateIntent(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ storyId, intentId, body }: { storyId: string; intentId: string; body: IntentBody }) =>
      updateIntent(agentId, storyId, intentId, body),
    meta: { inlineErrors: true },
    onSuccess: (intent) => {
      queryClient.setQueryData(agentsKeys.intent(agentId, intent.storyId, intent.id), intent);
      return queryClient.invalidateQueries({ queryKey: agentsKeys.stories(agentId) });
    },
  });
}
