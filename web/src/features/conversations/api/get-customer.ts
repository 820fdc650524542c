import { useQuery } from '@tanstack/react-query';
import { customerMasterRoutes } from '@parley/contracts/customer-master';
import { apiRequest } from '../../../lib/api-client';
import { conversationsKeys } from './conversations-keys';

export function getCustomer(id: string, signal?: AbortSignal) {
  return apiRequest(customerMasterRoutes.getCustomer, { params: { id }, signal });
}

/** The chat's customer from the customer master (CUSTOMER.VIEW): attributes, segments, groups. */
export function useCustomer(id: string | null | undefined, enabled: boolean) {
  return useQuery({
    queryKey: conversationsKeys.customer(id ?? ''),
    queryFn: ({ signal }) => getCustomer(id!, signal),
    enabled: enabled && Boolean(id),
    staleTime: 30_000,
  });
}
