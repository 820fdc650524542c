import { useQuery } from '@tanstack/react-query';
import { customerMasterRoutes } from '@parley/contracts/customer-master';
import { apiRequest } from '../../../lib/api-client';
import { conversationsKeys } from './conversations-keys';

export function getCustomerFields(signal?: AbortSignal) {
  return apiRequest(customerMasterRoutes.listFields, { signal });
}

/** The attribute definitions: labels for the panel, validators for the edit drawer. */
export function useCustomerFields(enabled: boolean) {
  return useQuery({
    queryKey: conversationsKeys.customerFields(),
    queryFn: ({ signal }) => getCustomerFields(signal),
    select: (data) => data.fields.filter((field) => !field.standard),
    enabled,
    staleTime: 5 * 60_000,
  });
}
