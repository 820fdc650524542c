import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { broadcastRoutes } from '@parley/contracts/broadcasts';
import { apiRequest } from '../../../lib/api-client';
import { broadcastsKeys } from './broadcasts-keys';

/** The message table of a broadcast pages by 20. */
export const MESSAGES_PAGE_SIZE = 20;

export function getBroadcastMessages(id: string, query: { from: number; perPage: number }, signal?: AbortSignal) {
  return apiRequest(broadcastRoutes.messages, { params: { id }, query, signal });
}

export function broadcastMessagesQueryOptions(id: string, query: { from: number; perPage: number }, poll: boolean) {
  return queryOptions({
    queryKey: broadcastsKeys.messagePage(id, query),
    queryFn: ({ signal }) => getBroadcastMessages(id, query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: poll ? 3000 : false,
  });
}

/** One page of From, To, Sent Date, Status; `poll` while the broadcast runs and the websocket is down. */
export function useBroadcastMessages(id: string, query: { from: number; perPage: number }, poll: boolean) {
  return useQuery(broadcastMessagesQueryOptions(id, query, poll));
}
