import { queryOptions, useQuery } from '@tanstack/react-query';
import { departmentRoutes } from '@parley/contracts/departments';
import { apiRequest } from '../../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

export async function getDepartmentOptions(signal?: AbortSignal) {
  const data = await apiRequest(departmentRoutes.list, { query: { from: 0, perPage: 200 }, signal });
  return data.departments;
}

/**
 * The enterprise's departments (the first 200), for the campaign's optional department; only for
 * users who may list them (DEPARTMENTS.MANAGE).
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
