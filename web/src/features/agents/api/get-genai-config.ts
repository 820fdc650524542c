import { queryOptions, useQuery } from '@tanstack/react-query';
import { agentRoutes } from '@parley/contracts/agents';
import { apiRequest } from '../../../lib/api-client';
import { agentsKeys } from './agents-keys';

export function getGenAiConfig(agentId: string, signal?: AbortSignal) {
  return apiRequest(agentRoutes.getGenAiConfig, { params: { id: agentId }, signal });
}

export function genAiConfigQueryOptions(agentId: string) {
  return queryOptions({
    queryKey: agentsKeys.genAiConfig(agentId),
    queryFn: ({ signal }) => getGenAiConfig(agentId, signal),
  });
}

/** The knowledge-base configuration of an agent: switches, website URLs, uploaded documents. */
export function useGenAiConfig(agentId: string) {
  return useQuery(genAiConfigQueryOptions(agentId));
}
