import { queryOptions, useQuery } from '@tanstack/react-query';
import { usersRoutes } from '@parley/contracts/users';
import { apiRequest } from '../../../lib/api-client';
import { auditTrailKeys } from './audit-trail-keys';

/** The enterprise's users, for the 'User' filter (the first 200, by the users list's order). */
export function getAuditUsers(signal?: AbortSignal) {
  return apiRequest(usersRoutes.list, { query: { perPage: 200 }, signal });
}

export function useAuditUsers(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: auditTrailKeys.users(),
      queryFn: ({ signal }) => getAuditUsers(signal),
      select: (data) => data.users.map((user) => ({ value: user.id, label: `${user.name} (${user.emailId})` })),
      enabled,
      staleTime: 60_000,
    }),
  );
}
