import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { departmentRoutes } from '@parley/contracts/departments';
import { apiRequest } from '../../../lib/api-client';
import { departmentKeys } from './department-keys';

export function getUserOptions(name: string, signal?: AbortSignal) {
  return apiRequest(departmentRoutes.userOptions, { query: name ? { name } : {}, signal });
}

export function userOptionsQueryOptions(name: string) {
  return queryOptions({
    queryKey: departmentKeys.userOptions(name),
    queryFn: ({ signal }) => getUserOptions(name, signal),
    select: (data) => data.users,
    placeholderData: keepPreviousData,
  });
}

/** Users of the enterprise to pick a manager from. */
export function useUserOptions(name: string, enabled = true) {
  return useQuery({ ...userOptionsQueryOptions(name), enabled });
}
