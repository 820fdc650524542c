import { queryOptions, useQuery } from '@tanstack/react-query';
import { usersRoutes } from '@parley/contracts/users';
import { apiRequest } from '../../../lib/api-client';
import { usersKeys } from './users-keys';

export function getUser(id: string, signal?: AbortSignal) {
  return apiRequest(usersRoutes.get, { params: { id }, signal });
}

export function userQueryOptions(id: string) {
  return queryOptions({ queryKey: usersKeys.user(id), queryFn: ({ signal }) => getUser(id, signal), staleTime: 0 });
}

export function useUser(id: string | null) {
  return useQuery({ ...userQueryOptions(id ?? ''), enabled: id !== null });
}
