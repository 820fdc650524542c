import { queryOptions, useQuery } from '@tanstack/react-query';
import { departmentRoutes } from '@parley/contracts/departments';
import { apiRequest } from '../../../lib/api-client';
import { departmentKeys } from './department-keys';

export function getDepartment(id: string, signal?: AbortSignal) {
  return apiRequest(departmentRoutes.get, { params: { id }, signal });
}

export function departmentQueryOptions(id: string) {
  return queryOptions({ queryKey: departmentKeys.detail(id), queryFn: ({ signal }) => getDepartment(id, signal) });
}

export function useDepartment(id: string) {
  return useQuery(departmentQueryOptions(id));
}
