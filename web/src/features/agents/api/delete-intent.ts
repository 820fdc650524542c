import { useMutation, useQueryClient } from '@tanstack/react-query';
import { intentRoutes } from '@parley/contracts/agent-stories';
import { apiRequest } from '../../../lib/api-client';
import { agentsKeys } from './agents-keys';

export function deleteIntent(agentId: string, storyId: string, intentId: string) {
  return apiRequest(intentRoutes.remove, { params: { agentId, storyId, intentId } });
}

export function useDeleteIntent(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ storyId, intentId }: { storyId: string; intentId: string }) =>
      deleteIntent(agentId, storyId, intentId),
    onSettled: (_data, _error, { storyId, intentId }) => {
      queryClient.removeQueries({ queryKey: agentsKeys.intent(agentId, storyId, intentId) });
      return queryClient.invalidateQueries({ queryKey: agentsKeys.stories(agentId) });
    },
  });
}
