import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storyRoutes, type StoryBody } from '@parley/contracts/agent-stories';
import { apiRequest } from '../../../lib/api-client';
import { agentsKeys } from './agents-keys';

export function updateStory(agentId: string, storyId: string, body: StoryBody) {
  return apiRequest(storyRoutes.update, { params: { agentId, storyId }, body });
}

export function useUpdateStory(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ storyId, body }: { storyId: string; body: StoryBody }) => updateStory(agentId, storyId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentsKeys.stories(agentId) }),
  });
}
