import { queryOptions, useQuery } from '@tanstack/react-query';
import { campaignRoutes } from '@parley/contracts/campaigns';
import { apiRequest } from '../../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

export async function getDepartmentOptions(signal?: AbortSignal) {
  const data = await apiRequest(campaignRoutes.departments, { signal });
  return data.departments;
}

/**
 * The enterprise's departments by name, for the campaign's optional department (whose monthly
 * budget it counts against): a campaign route open to the campaign's authors.
 */
export function useDepartmentOptions(enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: campaignsKeys.departments(),
      queryFn: ({ signal }) => getDepartmentOptions(signal),
    }),
    enabled,
  });
}
