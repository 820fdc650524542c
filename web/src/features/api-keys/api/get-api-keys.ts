import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKeyRoutes } from '@parley/contracts/api-keys';
import { apiRequest } from '../../../lib/api-client';
import { apiKeysKeys } from './api-keys-keys';

export function getApiKeys(signal?: AbortSignal) {
  return apiRequest(apiKeyRoutes.list, { signal });
}

export function apiKeysQueryOptions() {
  return queryOptions({
    queryKey: apiKeysKeys.list(),
    queryFn: ({ signal }) => getApiKeys(signal),
    select: (data) => data.keys,
  });
}

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}
