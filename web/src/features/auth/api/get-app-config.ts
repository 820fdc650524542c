import { queryOptions, useQuery } from '@tanstack/react-query';
import { signInRoutes } from './sign-in-routes';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './auth-keys';

export function getAppConfig(signal?: AbortSignal) {
  return apiRequest(signInRoutes.appConfig, { signal });
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
