import { queryOptions, useQuery } from '@tanstack/react-query';
import { departmentRoutes } from '@parley/contracts/departments';
import { apiRequest } from '../../../lib/api-client';
import { chatConfigKeys } from './chat-config-keys';

/** The most departments the form offers (the API's page limit). */
export const DEPARTMENT_OPTIONS_LIMIT = 200;

export function getDepartmentOptions(signal?: AbortSignal) {
  return apiRequest(departmentRoutes.list, { query: { from: 0, perPage: DEPARTMENT_OPTIONS_LIMIT }, signal });
}

export function departmentOptionsQueryOptions() {
  return queryOptions({
    queryKey: chatConfigKeys.departmentOptions(),
    queryFn: ({ signal }) => getDepartmentOptions(signal),
    select: (data) => data.departments.map((department) => ({ value: department.id, label: department.name })),
  });
}

/** Departments whose people take a channel's chats (GET /api/departments needs DEPARTMENTS.MANAGE). */
export function useDepartmentOptions({ enabled }: { enabled: boolean }) {
  return useQuery({ ...departmentOptionsQueryOptions(), enabled });
}
