import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerMasterRoutes } from '@parley/contracts/customer-master';
import { apiRequest } from '../../../lib/api-client';
import { customersKeys } from './customers-keys';

export function getCustomer(id: string, signal?: AbortSignal) {
  return apiRequest(customerMasterRoutes.getCustomer, { params: { id }, signal });
}

export function customerQueryOptions(id: string) {
  return queryOptions({
    queryKey: customersKeys.customer(id),
    queryFn: ({ signal }) => getCustomer(id, signal),
  });
}

/** One customer; the form opens on what the server answers now (see CustomerFormPage). */
export function useCustomer(id: string | undefined) {
  return useQuery({ ...customerQueryOptions(id ?? ''), enabled: id !== undefined, refetchOnMount: 'always' });
}
