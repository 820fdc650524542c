import { queryOptions, useQuery } from '@tanstack/react-query';
import { agentRoutes } from '@parley/contracts/agents';
import { apiRequest } from '../../../lib/api-client';
import { agentsKeys } from './agents-keys';

export function getAgent(id: string, signal?: AbortSignal) {
  return apiRequest(agentRoutes.get, { params: { id }, signal });
}

export function agentQueryOptions(id: string) {
  return queryOptions({
    queryKey: agentsKeys.detail(id),
    queryFn: ({ signal }) => getAgent(id, signal),
  });
}

/** One agent with its configuration, prompt configuration, enterprise id and content counts. */
export function useAgent(id: string) {
  return useQuery(agentQueryOptions(id));
}
