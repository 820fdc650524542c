import { queryOptions, useQuery } from '@tanstack/react-query';
import { enterpriseProfileRoutes } from '@parley/contracts/enterprise-profile';
import { apiRequest } from '../../../lib/api-client';
import { enterpriseProfileKeys } from './enterprise-profile-keys';

export function getEnterpriseProfile(signal?: AbortSignal) {
  return apiRequest(enterpriseProfileRoutes.get, { signal });
}

export function enterpriseProfileQueryOptions() {
  return queryOptions({
    queryKey: enterpriseProfileKeys.profile(),
    queryFn: ({ signal }) => getEnterpriseProfile(signal),
  });
}

export function useEnterpriseProfile() {
  return useQuery(enterpriseProfileQueryOptions());
}
