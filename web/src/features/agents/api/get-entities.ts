import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { entityRoutes } from '@parley/contracts/agent-entities';
import { apiRequest } from '../../../lib/api-client';
import { agentsKeys } from './agents-keys';

export interface EntitiesQuery {
  /** 0 custom, 1 system. */
  type: number;
  from: number;
  perPage: number;
  searchterm?: string;
}

export function getEntities(agentId: string, query: EntitiesQuery, signal?: AbortSignal) {
  return apiRequest(entityRoutes.list, { params: { agentId }, query, signal });
}

export function entitiesQueryOptions(agentId: string, query: EntitiesQuery) {
  return queryOptions({
    queryKey: agentsKeys.entityList(agentId, query),
    queryFn: ({ signal }) => getEntities(agentId, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** One page of custom (type 0) or system (type 1) entities of the agent. */
export function useEntities(agentId: string, query: EntitiesQuery) {
  return useQuery(entitiesQueryOptions(agentId, query));
}
