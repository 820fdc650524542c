import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerMasterRoutes } from '@parley/contracts/customer-master';
import { apiRequest } from '../../../lib/api-client';
import { customerUploadsKeys } from './customer-uploads-keys';

export function getSegments(signal?: AbortSignal) {
  return apiRequest(customerMasterRoutes.listSegments, { query: {}, signal });
}

/** Every segment of the enterprise (the uploads filter and the upload form's heading). */
export function segmentsQueryOptions() {
  return queryOptions({
    queryKey: customerUploadsKeys.segments(),
    queryFn: ({ signal }) => getSegments(signal),
    select: (data) => data.segments,
  });
}

export function useSegments() {
  return useQuery(segmentsQueryOptions());
}
