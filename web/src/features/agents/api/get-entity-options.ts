import { queryOptions, useQuery } from '@tanstack/react-query';
import { entityLimits, entityRoutes, entityTypes, systemEntities } from '@parley/contracts/agent-entities';
import { apiRequest } from '../../../lib/api-client';
import { agentsKeys } from './agents-keys';

export interface EntityOption {
  id: string;
  name: string;
  /** custom (type 0) or system (type 1). */
  kind: 'custom' | 'system';
  description?: string;
}

/**
 * The entity picker's list (agents.md §9: page size 100): the agent's custom entities, then the
 * system catalogue. If the custom list cannot be read, the system entities still show.
 */
export async function getEntityOptions(
  agentId: string,
  signal?: AbortSignal,
): Promise<{ options: EntityOption[]; customError: string | null }> {
  let custom: EntityOption[] = [];
  let customError: string | null = null;
  try {
    const page = await apiRequest(entityRoutes.list, {
      params: { agentId },
      query: { type: entityTypes.custom, from: 0, perPage: entityLimits.pickerPageSize },
      signal,
    });
    custom = page.entities
      .map((entity) => ({ id: entity.id, name: entity.name, kind: 'custom' as const }))
      .sort((a, b) => a.name.localeCompare(b.name));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    customError = error instanceof Error ? error.message : 'The custom entities could not be loaded';
  }
  const options: EntityOption[] = [
    ...custom,
    ...systemEntities.map((entity) => ({
      id: entity.id,
      name: entity.name,
      kind: 'system' as const,
      description: entity.description,
    })),
  ];
  return { options, customError };
}

export const entityOptionsKey = (agentId: string) => [...agentsKeys.entities(agentId), 'options'] as const;

export function entityOptionsQueryOptions(agentId: string) {
  return queryOptions({
    queryKey: entityOptionsKey(agentId),
    queryFn: ({ signal }) => getEntityOptions(agentId, signal),
  });
}

export function useEntityOptions(agentId: string) {
  return useQuery(entityOptionsQueryOptions(agentId));
}
