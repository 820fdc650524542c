import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerMasterRoutes } from '@parley/contracts/customer-master';
import { apiRequest } from '../../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

export async function getSegmentOptions(signal?: AbortSignal) {
  const data = await apiRequest(customerMasterRoutes.listSegments, { signal });
  return data.segments;
}

/** The customer master's segments with their counts, for the audience builder. */
export function useSegmentOptions() {
  return useQuery(
    queryOptions({ queryKey: campaignsKeys.segments(), queryFn: ({ signal }) => getSegmentOptions(signal) }),
  );
}
