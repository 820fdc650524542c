import { queryOptions, useQuery } from '@tanstack/react-query';
import { storyRoutes } from '@parley/contracts/agent-stories';
import { apiRequest } from '../../../lib/api-client';
import { agentsKeys } from './agents-keys';

export function getStories(agentId: string, signal?: AbortSignal) {
  return apiRequest(storyRoutes.tree, { params: { agentId }, signal });
}

export function storiesQueryOptions(agentId: string) {
  return queryOptions({
    queryKey: agentsKeys.stories(agentId),
    queryFn: ({ signal }) => getStories(agentId, signal),
  });
}

export function useStories(agentId: string) {
  return useQuery(storiesQueryOptions(agentId));
}
