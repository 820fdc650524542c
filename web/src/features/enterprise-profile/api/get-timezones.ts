import { queryOptions, useQuery } from '@tanstack/react-query';
import { enterpriseProfileRoutes } from '@parley/contracts/enterprise-profile';
import { apiRequest } from '../../../lib/api-client';
import { enterpriseProfileKeys } from './enterprise-profile-keys';

export function getTimezones(signal?: AbortSignal) {
  return apiRequest(enterpriseProfileRoutes.timezones, { signal });
}

export function timezonesQueryOptions() {
  return queryOptions({
    queryKey: enterpriseProfileKeys.timezones(),
    queryFn: ({ signal }) => getTimezones(signal),
    select: (data) => data.timezones,
    staleTime: 60 * 60_000,
  });
}

export function useTimezones() {
  return useQuery(timezonesQueryOptions());
}
