import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { broadcastLimits, broadcastRoutes } from '@parley/contracts/broadcasts';
import { apiRequest } from '../../../lib/api-client';
import { broadcastsKeys, type BroadcastsQuery } from './broadcasts-keys';

/** Broadcast list page size (engagement.md §9). */
export const BROADCASTS_PAGE_SIZE = broadcastLimits.listPageSize;

export function getBroadcasts(query: BroadcastsQuery, signal?: AbortSignal) {
  return apiRequest(broadcastRoutes.list, { query, signal });
}

/** While a broadcast of the page runs and the websocket is down, the list asks again this often. */
export const BROADCASTS_POLL_MS = 3000;

const running = (status: string) => status === 'QUEUED' || status === 'SENDING';

/**
 * One page of broadcasts. With the websocket up, 'broadcast.progress' events move their progress
 * in this cache; with it down (`poll`), the page refetches while one of its broadcasts runs.
 */
export function broadcastsQueryOptions(query: BroadcastsQuery, poll: boolean) {
  return queryOptions({
    queryKey: broadcastsKeys.list(query),
    queryFn: ({ signal }) => getBroadcasts(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (current) =>
      poll && current.state.data?.broadcastList.some((row) => running(row.status)) ? BROADCASTS_POLL_MS : false,
  });
}

export function useBroadcasts(query: BroadcastsQuery, poll: boolean) {
  return useQuery(broadcastsQueryOptions(query, poll));
}
