import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { broadcastLimits, broadcastRoutes } from '@parley/contracts/broadcasts';
import { apiRequest } from '../../../lib/api-client';
import { broadcastSendKeys } from './broadcast-send-keys';

/** One page (15) of customers for the "Customer's List" picker (GET /api/broadcasts/customers). */
export function getPickerCustomers(search: string, from: number, signal?: AbortSignal) {
  return apiRequest(broadcastRoutes.customers, {
    query: { from, perPage: broadcastLimits.customerPickerPageSize, search: search || undefined },
    signal,
  });
}

export function usePickerCustomers(search: string, from: number, enabled: boolean) {
  return useQuery({
    queryKey: broadcastSendKeys.customers(search, from),
    queryFn: ({ signal }) => getPickerCustomers(search, from, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
  });
}
