import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { agentLimits, agentRoutes } from '@parley/contracts/agents';
import { apiRequest } from '../../../lib/api-client';
import { agentsKeys } from './agents-keys';

/** Agents page size: Show More loads the next 15 (agents.md §9). */
export const AGENTS_PAGE_SIZE = agentLimits.pageSize;

export function getAgents(query: { name?: string; from: number; perPage: number }, signal?: AbortSignal) {
  return apiRequest(agentRoutes.list, { query, signal });
}

/** The agents list with Show More: each page asks the next 15 until the server says no more. */
export function agentsInfiniteQueryOptions(name: string) {
  const search = name ? { name } : {};
  return infiniteQueryOptions({
    queryKey: agentsKeys.list(search),
    queryFn: ({ pageParam, signal }) => getAgents({ ...search, from: pageParam, perPage: AGENTS_PAGE_SIZE }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.more ? pages.length * AGENTS_PAGE_SIZE : undefined),
    // While a new search runs, the previous cards stay (dimmed) instead of skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useAgents(name: string) {
  return useInfiniteQuery(agentsInfiniteQueryOptions(name));
}
