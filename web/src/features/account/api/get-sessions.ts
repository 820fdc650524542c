import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountRoutes } from '@parley/contracts/account';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

export function getSessions(signal?: AbortSignal) {
  return apiRequest(accountRoutes.sessions, { signal });
}

export function sessionsQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.sessions(),
    queryFn: ({ signal }) => getSessions(signal),
    select: (data) => data.sessions,
  });
}

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
