import type { UsersQuery } from '@parley/contracts/users';

/** Query keys of the users feature. */
export const usersKeys = {
  all: ['users'] as const,
  lists: () => ['users', 'list'] as const,
  list: (query: UsersQuery) => ['users', 'list', query] as const,
  user: (id: string) => ['users', 'user', id] as const,
  deleteCheck: (id: string) => ['users', 'delete-check', id] as const,
  rolePermissions: () => ['users', 'role-permissions'] as const,
};
