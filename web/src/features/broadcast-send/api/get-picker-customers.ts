import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { customerMasterRoutes } from '@parley/contracts/customer-master';
import { broadcastLimits } from '@parley/contracts/broadcasts';
import { apiRequest } from '../../../lib/api-client';
import { broadcastSendKeys } from './broadcast-send-keys';

/** One page (15) of the customer master for the "Customer's List" picker (GET /api/customers). */
export function getPickerCustomers(search: string, from: number, signal?: AbortSignal) {
  return apiRequest(customerMasterRoutes.listCustomers, {
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
