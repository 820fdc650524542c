import { queryOptions, useQuery } from '@tanstack/react-query';
import { broadcastRoutes } from '@parley/contracts/broadcasts';
import { apiRequest } from '../../../lib/api-client';
import { broadcastsKeys } from './broadcasts-keys';

export function getMessageStatus(id: string, messageId: string, signal?: AbortSignal) {
  return apiRequest(broadcastRoutes.messageStatus, { params: { id, messageId }, signal });
}

/** The Message Status dialog: current status, channel message id and the history (§2.18). */
export function messageStatusQueryOptions(id: string, messageId: string) {
  return queryOptions({
    queryKey: broadcastsKeys.messageStatus(id, messageId),
    queryFn: ({ signal }) => getMessageStatus(id, messageId, signal),
    staleTime: 0,
  });
}

export function useMessageStatus(id: string, messageId: string) {
  return useQuery(messageStatusQueryOptions(id, messageId));
}
