import { queryOptions, useQuery } from '@tanstack/react-query';
import { agentRoutes } from '@parley/contracts/agents';
import { apiRequest } from '../../../lib/api-client';
import { agentsKeys } from './agents-keys';

export function getAgentAnalytics(id: string, signal?: AbortSignal) {
  return apiRequest(agentRoutes.analytics, { params: { id }, signal });
}

export function agentAnalyticsQueryOptions(id: string) {
  return queryOptions({
    queryKey: agentsKeys.analytics(id),
    queryFn: ({ signal }) => getAgentAnalytics(id, signal),
    staleTime: 5 * 60_000,
  });
}

/** Addresses of the analytics frames (call classification, sentiment, conversation), built by the server. */
export function useAgentAnalytics(id: string) {
  return useQuery(agentAnalyticsQueryOptions(id));
}
