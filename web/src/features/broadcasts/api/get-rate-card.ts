import { queryOptions, useQuery } from '@tanstack/react-query';
import { rateCardRoutes } from '@parley/contracts/broadcasts';
import { apiRequest } from '../../../lib/api-client';
import { broadcastsKeys } from './broadcasts-keys';

export function getRateCard(signal?: AbortSignal) {
  return apiRequest(rateCardRoutes.get, { signal });
}

export function rateCardQueryOptions() {
  return queryOptions({
    queryKey: broadcastsKeys.rateCard(),
    queryFn: ({ signal }) => getRateCard(signal),
    staleTime: 0,
  });
}

/** The rate card behind the broadcast estimate. */
export function useRateCard(enabled: boolean) {
  return useQuery({ ...rateCardQueryOptions(), enabled });
}
