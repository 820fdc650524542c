import { queryOptions, useQuery } from '@tanstack/react-query';
import { broadcastRoutes } from '@parley/contracts/broadcasts';
import { apiRequest } from '../../../lib/api-client';
import { broadcastsKeys } from './broadcasts-keys';

/** While a broadcast is sending and the websocket is down, the view asks again this often. */
export const BROADCAST_POLL_MS = 3000;

export async function getBroadcast(id: string, signal?: AbortSignal) {
  const answer = await apiRequest(broadcastRoutes.get, { params: { id }, signal });
  return answer.data;
}

export function isRunning(status: string | undefined): boolean {
  return status === 'QUEUED' || status === 'SENDING';
}

/** One broadcast: its request, template and progress. `poll` while the websocket is down. */
export function broadcastQueryOptions(id: string, poll: boolean) {
  return queryOptions({
    queryKey: broadcastsKeys.detail(id),
    queryFn: ({ signal }) => getBroadcast(id, signal),
    staleTime: 0,
    refetchInterval: (query) => (poll && isRunning(query.state.data?.status) ? BROADCAST_POLL_MS : false),
  });
}

export function useBroadcast(id: string, poll: boolean) {
  return useQuery(broadcastQueryOptions(id, poll));
}
