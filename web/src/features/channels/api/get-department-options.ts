import { queryOptions, useQuery } from '@tanstack/react-query';
import { departmentRoutes } from '@parley/contracts/departments';
import { apiRequest } from '../../../lib/api-client';
import { channelsKeys } from './channels-keys';

/** The most departments the channel form offers in one list (the API's page limit). */
export const DEPARTMENT_OPTIONS_LIMIT = 200;

export function getDepartmentOptions(signal?: AbortSignal) {
  return apiRequest(departmentRoutes.list, { query: { from: 0, perPage: DEPARTMENT_OPTIONS_LIMIT }, signal });
}

export function departmentOptionsQueryOptions() {
  return queryOptions({
    queryKey: channelsKeys.departments(),
    queryFn: ({ signal }) => getDepartmentOptions(signal),
    select: (data) => data.departments.map((department) => ({ value: department.id, label: department.name })),
  });
}

/** Departments a channel can belong to (GET /api/departments); only for users who may list them. */
export function useDepartmentOptions({ enabled }: { enabled: boolean }) {
  return useQuery({ ...departmentOptionsQueryOptions(), enabled });
}
