import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { blacklistRoutes } from '@parley/contracts/broadcasts';
import { apiRequest } from '../../../lib/api-client';
import { blacklistKeys, type BlacklistQuery } from './blacklist-keys';

export const BLACKLIST_PAGE_SIZE = 20;

export function getBlacklist(query: BlacklistQuery, signal?: AbortSignal) {
  return apiRequest(blacklistRoutes.list, { query, signal });
}

export function blacklistQueryOptions(query: BlacklistQuery) {
  return queryOptions({
    queryKey: blacklistKeys.list(query),
    queryFn: ({ signal }) => getBlacklist(query, signal),
    placeholderData: keepPreviousData,
    // Opt-outs arrive from customers at any time: every visit asks again.
    staleTime: 0,
  });
}

/** One page of blacklisted and opted-out numbers. */
export function useBlacklist(query: BlacklistQuery) {
  return useQuery(blacklistQueryOptions(query));
}
