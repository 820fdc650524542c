import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountRoutes } from '@parley/contracts/account';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './auth-keys';

export function getAppConfig(signal?: AbortSignal) {
  return apiRequest(accountRoutes.appConfig, { signal });
}

export function appConfigQueryOptions() {
  return queryOptions({
    queryKey: authKeys.appConfig(),
    queryFn: ({ signal }) => getAppConfig(signal),
    staleTime: 5 * 60_000,
  });
}

export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}
