import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerMasterRoutes } from '@parley/contracts/customer-master';
import { apiRequest } from '../../../lib/api-client';
import { customerUploadsKeys } from './customer-uploads-keys';
import { UPLOADS_POLL_MS } from './get-uploads';

export function getUpload(id: string, signal?: AbortSignal) {
  return apiRequest(customerMasterRoutes.getUpload, { params: { id }, signal });
}

/** One import; `poll` (the websocket is down) refetches while it is still WAITING. */
export function uploadQueryOptions(id: string, poll: boolean) {
  return queryOptions({
    queryKey: customerUploadsKeys.detail(id),
    queryFn: ({ signal }) => getUpload(id, signal),
    // Live state: events only reach an open uploads page, so every visit asks again.
    staleTime: 0,
    refetchInterval: (current) => (poll && current.state.data?.state === 'WAITING' ? UPLOADS_POLL_MS : false),
  });
}

export function useUpload(id: string, poll: boolean) {
  return useQuery(uploadQueryOptions(id, poll));
}
