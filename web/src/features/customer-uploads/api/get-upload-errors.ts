import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { customerLimits, customerMasterRoutes } from '@parley/contracts/customer-master';
import { apiRequest } from '../../../lib/api-client';
import { customerUploadsKeys } from './customer-uploads-keys';

/** Error List page size (engagement.md §9). */
export const UPLOAD_ERRORS_PAGE_SIZE = customerLimits.errorsPageSize;

export function getUploadErrors(id: string, query: { from: number; perPage: number }, signal?: AbortSignal) {
  return apiRequest(customerMasterRoutes.uploadErrors, { params: { id }, query, signal });
}

export function uploadErrorsQueryOptions(id: string, from: number) {
  const query = { from, perPage: UPLOAD_ERRORS_PAGE_SIZE };
  return queryOptions({
    queryKey: customerUploadsKeys.errorPage(id, query),
    queryFn: ({ signal }) => getUploadErrors(id, query, signal),
    placeholderData: keepPreviousData,
    // Live state: events only reach an open uploads page, so every visit asks again.
    staleTime: 0,
  });
}

export function useUploadErrors(id: string, from: number) {
  return useQuery(uploadErrorsQueryOptions(id, from));
}
