import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { customerMasterRoutes } from '@parley/contracts/customer-master';
import { apiRequest } from '../../../lib/api-client';
import { customersKeys } from './customers-keys';

export function getSegments(search: string, signal?: AbortSignal) {
  return apiRequest(customerMasterRoutes.listSegments, { query: search ? { search } : {}, signal });
}

export function segmentsQueryOptions(search = '') {
  return queryOptions({
    queryKey: customersKeys.segmentList(search),
    queryFn: ({ signal }) => getSegments(search, signal),
    placeholderData: keepPreviousData,
    // Imports run in the background: coming back to the list always asks again.
    staleTime: 0,
  });
}

/** Segments (the spec's labels) with their customer counts, optionally matching a search. */
export function useSegments(search = '') {
  return useQuery(segmentsQueryOptions(search));
}
