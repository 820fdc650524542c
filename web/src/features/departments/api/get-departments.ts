import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { departmentRoutes } from '@parley/contracts/departments';
import { apiRequest } from '../../../lib/api-client';
import { departmentKeys } from './department-keys';

export const DEPARTMENTS_PAGE_SIZE = 20;

export interface DepartmentsQuery {
  name?: string;
  from: number;
  perPage: number;
}

export function getDepartments(query: DepartmentsQuery, signal?: AbortSignal) {
  return apiRequest(departmentRoutes.list, { query, signal });
}

export function departmentsQueryOptions(query: DepartmentsQuery) {
  return queryOptions({
    queryKey: departmentKeys.list(query),
    queryFn: ({ signal }) => getDepartments(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDepartments(query: DepartmentsQuery) {
  return useQuery(departmentsQueryOptions(query));
}
