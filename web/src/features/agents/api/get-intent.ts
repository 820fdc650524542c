import { queryOptions, useQuery } from '@tanstack/react-query';
import { intentRoutes } from '@parley/contracts/agent-stories';
import { apiRequest } from '../../../lib/api-client';
import { agentsKeys } from './agents-keys';

export function getIntent(agentId: string, storyId: string, intentId: string, signal?: AbortSignal) {
  return apiRequest(intentRoutes.get, { params: { agentId, storyId, intentId }, signal });
}

export function intentQueryOptions(agentId: string, storyId: string, intentId: string) {
  return queryOptions({
    queryKey: agentsKeys.intent(agentId, storyId, intentId),
    queryFn: ({ signal }) => getIntent(agentId, storyId, intentId, signal),
  });
}

export function useIntent(agentId: string, storyId: string | null, intentId: string | null) {
  return useQuery({
    ...intentQueryOptions(agentId, storyId ?? '', intentId ?? ''),
    enabled: storyId !== null && intentId !== null,
  });
}
