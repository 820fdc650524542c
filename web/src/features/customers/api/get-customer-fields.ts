import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerMasterRoutes } from '@parley/contracts/customer-master';
import { apiRequest } from '../../../lib/api-client';
import { customersKeys } from './customers-keys';

export function getCustomerFields(signal?: AbortSignal) {
  return apiRequest(customerMasterRoutes.listFields, { signal });
}

export function customerFieldsQueryOptions() {
  return queryOptions({
    queryKey: customersKeys.fields(),
    queryFn: ({ signal }) => getCustomerFields(signal),
  });
}

/** The two standard fields, then the user-defined ones in their order. */
export function useCustomerFields() {
  return useQuery(customerFieldsQueryOptions());
}
