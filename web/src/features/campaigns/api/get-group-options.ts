import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerMasterRoutes } from '@parley/contracts/customer-master';
import { apiRequest } from '../../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

export async function getGroupOptions(signal?: AbortSignal) {
  const data = await apiRequest(customerMasterRoutes.listGroups, { signal });
  return data.groups;
}

/** The customer master's groups, for the audience builder. */
export function useGroupOptions() {
  return useQuery(queryOptions({ queryKey: campaignsKeys.groups(), queryFn: ({ signal }) => getGroupOptions(signal) }));
}
