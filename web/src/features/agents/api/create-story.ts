import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storyRoutes, type StoryBody } from '@parley/contracts/agent-stories';
import { apiRequest } from '../../../lib/api-client';
import { agentsKeys } from './agents-keys';

export function createStory(agentId: string, body: StoryBody) {
  return apiRequest(storyRoutes.create, { params: { agentId }, body });
}

export function useCreateStory(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StoryBody) => createStory(agentId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentsKeys.stories(agentId) }),
  });
}
