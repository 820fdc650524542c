import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerMasterRoutes } from '@parley/contracts/customer-master';
import { apiRequest } from '../../../lib/api-client';
import { customerUploadsKeys } from './customer-uploads-keys';

export function getCustomerFields(signal?: AbortSignal) {
  return apiRequest(customerMasterRoutes.listFields, { signal });
}

/** The attribute definitions: labels and mandatory flags of the system headers to map. */
export function customerFieldsQueryOptions() {
  return queryOptions({
    queryKey: customerUploadsKeys.fields(),
    queryFn: ({ signal }) => getCustomerFields(signal),
    select: (data) => data.fields,
  });
}

export function useCustomerFields() {
  return useQuery(customerFieldsQueryOptions());
}
