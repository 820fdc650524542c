import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerMasterRoutes } from '@parley/contracts/customer-master';
import { apiRequest } from '../../../lib/api-client';
import { customersKeys } from './customers-keys';

export function getCustomerField(id: string, signal?: AbortSignal) {
  return apiRequest(customerMasterRoutes.getField, { params: { id }, signal });
}

export function customerFieldQueryOptions(id: string) {
  return queryOptions({
    queryKey: customersKeys.field(id),
    queryFn: ({ signal }) => getCustomerField(id, signal),
    // Always the stored values when the edit panel opens.
    staleTime: 0,
  });
}

/** One user-defined field (the edit panel's stored values). */
export function useCustomerField(id: string | null) {
  return useQuery({ ...customerFieldQueryOptions(id ?? ''), enabled: id !== null });
}
