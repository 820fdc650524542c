import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountRoutes, type SessionUser } from '@parley/contracts/account';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

export function getMe(signal?: AbortSignal): Promise<SessionUser> {
  return apiRequest(accountRoutes.me, { signal });
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.me(),
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 60_000,
    retry: false,
  });
}

export function useMe() {
  return useQuery(meQueryOptions());
}
