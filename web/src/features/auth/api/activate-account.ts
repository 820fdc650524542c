import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountRoutes } from '@parley/contracts/account';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './auth-keys';

export function activateAccount(id: string) {
  return apiRequest(accountRoutes.activate, { params: { id } });
}

/**
 * Activation runs once when the page opens. It is a query (not a mutation) so React's double
 * effects in development and re-renders never send the POST twice.
 */
export function activationQueryOptions(id: string) {
  return queryOptions({
    queryKey: authKeys.activation(id),
    queryFn: () => activateAccount(id),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useActivateAccount(id: string) {
  return useQuery(activationQueryOptions(id));
}
