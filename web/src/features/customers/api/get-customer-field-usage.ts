import { useQuery } from '@tanstack/react-query';
import { customerMasterRoutes } from '@parley/contracts/customer-master';
import { apiRequest } from '../../../lib/api-client';
import { customersKeys } from './customers-keys';

export function getCustomerFieldUsage(id: string, signal?: AbortSignal) {
  return apiRequest(customerMasterRoutes.fieldUsage, { params: { id }, signal });
}

/** How many customers hold a value for a field (asked before deleting it; always fresh). */
export function useCustomerFieldUsage(id: string | null) {
  return useQuery({
    queryKey: customersKeys.fieldUsage(id ?? ''),
    queryFn: ({ signal }) => getCustomerFieldUsage(id!, signal),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}
