import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { customerLimits, customerMasterRoutes, type CustomerUpload } from '@parley/contracts/customer-master';
import { apiRequest } from '../../../lib/api-client';
import { customerUploadsKeys } from './customer-uploads-keys';

/** My Uploads page size (engagement.md §9). */
export const UPLOADS_PAGE_SIZE = customerLimits.uploadsPageSize;

/** While an import runs and the websocket is down, the list asks again this often. */
export const UPLOADS_POLL_MS = 2000;

export interface UploadsQuery {
  segmentId?: string;
  from: number;
  perPage: number;
}

export function getUploads(query: UploadsQuery, signal?: AbortSignal) {
  return apiRequest(customerMasterRoutes.listUploads, { query, signal });
}

export function hasRunningUpload(uploads: readonly CustomerUpload[] | undefined): boolean {
  return uploads?.some((upload) => upload.state === 'WAITING') ?? false;
}

/**
 * One page of My Uploads. `poll` (the websocket is down) refetches while an import is still
 * WAITING; with the websocket up, 'customerUpload.progress' events update the cache instead.
 */
export function uploadsQueryOptions(query: UploadsQuery, poll: boolean) {
  return queryOptions({
    queryKey: customerUploadsKeys.list(query),
    queryFn: ({ signal }) => getUploads(query, signal),
    placeholderData: keepPreviousData,
    // Live state: events only reach an open uploads page, so every visit asks again.
    staleTime: 0,
    refetchInterval: (current) => (poll && hasRunningUpload(current.state.data?.uploads) ? UPLOADS_POLL_MS : false),
  });
}

export function useUploads(query: UploadsQuery, poll: boolean) {
  return useQuery(uploadsQueryOptions(query, poll));
}
