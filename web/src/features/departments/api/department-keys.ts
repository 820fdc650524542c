/** Query keys of departments. */
export const departmentKeys = {
  all: ['departments'] as const,
  list: (query: { name?: string; from: number; perPage: number }) => ['departments', 'list', query] as const,
  detail: (id: string) => ['departments', 'detail', id] as const,
  mappedUsers: (id: string, query: object) => ['departments', 'mapped-users', id, query] as const,
  userOptions: (name: string) => ['departments', 'user-options', name] as const,
};
