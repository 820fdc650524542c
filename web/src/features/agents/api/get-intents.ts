import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { intentLimits, intentRoutes } from '@parley/contracts/agent-stories';
import { apiRequest } from '../../../lib/api-client';
import { agentsKeys } from './agents-keys';

export function getIntents(agentId: string, storyId: string, name: string | undefined, signal?: AbortSignal) {
  return apiRequest(intentRoutes.list, {
    params: { agentId, storyId },
    query: { name: name || undefined, from: 0, perPage: intentLimits.pageSize },
    signal,
  });
}

/** The intents of a story (first page of 200, as the spec's screen), optionally searched by name. */
export function intentsQueryOptions(agentId: string, storyId: string, name?: string) {
  return queryOptions({
    queryKey: agentsKeys.intents(agentId, storyId, name),
    queryFn: ({ signal }) => getIntents(agentId, storyId, name, signal),
    placeholderData: keepPreviousData,
  });
}

export function useIntents(agentId: string, storyId: string | null, name?: string) {
  return useQuery({ ...intentsQueryOptions(agentId, storyId ?? '', name), enabled: storyId !== null });
}
