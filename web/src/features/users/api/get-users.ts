import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { usersRoutes, type UsersQuery } from '@parley/contracts/users';
import { apiRequest } from '../../../lib/api-client';
import { usersKeys } from './users-keys';

export const USERS_PAGE_SIZE = 20;

export function getUsers(query: UsersQuery, signal?: AbortSignal) {
  return apiRequest(usersRoutes.list, { query, signal });
}

export function usersQueryOptions(query: UsersQuery) {
  return queryOptions({
    queryKey: usersKeys.list(query),
    queryFn: ({ signal }) => getUsers(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(query: UsersQuery) {
  return useQuery(usersQueryOptions(query));
}
