import { useMutation, useQueryClient } from '@tanstack/react-query';
import { intentRoutes, type IntentBody } from '@parley/contracts/agent-stories';
import { apiRequest } from '../../../lib/api-client';
import { agentsKeys } from './agents-keys';

export function createIntent(agentId: string, storyId: string, body: IntentBody) {
  return apiRequest(intentRoutes.create, { params: { agentId, storyId }, body });
}

/** Errors are shown by the editor (it reads the server's field messages). */
export function useCreateIntent(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ storyId, body }: { storyId: string; body: IntentBody }) => createIntent(agentId, storyId, body),
    meta: { inlineErrors: true },
    onSuccess: (intent) => {
      queryClient.setQueryData(agentsKeys.intent(agentId, intent.storyId, intent.id), intent);
      return queryClient.invalidateQueries({ queryKey: agentsKeys.stories(agentId) });
    },
  });
}
