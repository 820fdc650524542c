import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { departmentRoutes } from '@parley/contracts/departments';
import { apiRequest } from '../../../lib/api-client';
import { departmentKeys } from './department-keys';

export interface MappedUsersQuery {
  name?: string;
  mapped?: 'true' | 'false';
  from: number;
  perPage: number;
}

export function getMappedUsers(id: string, query: MappedUsersQuery, signal?: AbortSignal) {
  return apiRequest(departmentRoutes.mappedUsers, { params: { id }, query, signal });
}

export function mappedUsersQueryOptions(id: string, query: MappedUsersQuery) {
  return queryOptions({
    queryKey: departmentKeys.mappedUsers(id, query),
    queryFn: ({ signal }) => getMappedUsers(id, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMappedUsers(id: string, query: MappedUsersQuery) {
  return useQuery(mappedUsersQueryOptions(id, query));
}
