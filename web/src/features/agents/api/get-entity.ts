import { queryOptions, useQuery } from '@tanstack/react-query';
import { entityRoutes } from '@parley/contracts/agent-entities';
import { apiRequest } from '../../../lib/api-client';
import { agentsKeys } from './agents-keys';

export function getEntity(agentId: string, entityId: string, signal?: AbortSignal) {
  return apiRequest(entityRoutes.get, { params: { agentId, entityId }, signal });
}

export function entityQueryOptions(agentId: string, entityId: string) {
  return queryOptions({
    queryKey: agentsKeys.entity(agentId, entityId),
    queryFn: ({ signal }) => getEntity(agentId, entityId, signal),
  });
}

/** One custom entity with its values (the edit form). */
export function useEntity(agentId: string, entityId: string, enabled = true) {
  return useQuery({ ...entityQueryOptions(agentId, entityId), enabled });
}
