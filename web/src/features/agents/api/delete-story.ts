import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storyRoutes } from '@parley/contracts/agent-stories';
import { apiRequest } from '../../../lib/api-client';
import { agentsKeys } from './agents-keys';

export function deleteStory(agentId: string, storyId: string) {
  return apiRequest(storyRoutes.remove, { params: { agentId, storyId } });
}

export function useDeleteStory(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (storyId: string) => deleteStory(agentId, storyId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentsKeys.stories(agentId) }),
  });
}
