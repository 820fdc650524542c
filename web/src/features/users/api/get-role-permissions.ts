import { queryOptions, useQuery } from '@tanstack/react-query';
import { usersRoutes } from '@parley/contracts/users';
import { apiRequest } from '../../../lib/api-client';
import { usersKeys } from './users-keys';

export function getRolePermissions(signal?: AbortSignal) {
  return apiRequest(usersRoutes.rolePermissions, { signal });
}

export function rolePermissionsQueryOptions() {
  return queryOptions({ queryKey: usersKeys.rolePermissions(), queryFn: ({ signal }) => getRolePermissions(signal) });
}

export function useRolePermissions() {
  return useQuery(rolePermissionsQueryOptions());
}
