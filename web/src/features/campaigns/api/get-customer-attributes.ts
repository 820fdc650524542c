import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerMasterRoutes } from '@parley/contracts/customer-master';
import { apiRequest } from '../../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

export async function getCustomerAttributes(signal?: AbortSignal) {
  const data = await apiRequest(customerMasterRoutes.listFields, { signal });
  return data.fields;
}

/** The customer attribute definitions (GET /api/customer-fields): what an audience filter can test. */
export function useCustomerAttributes() {
  return useQuery(
    queryOptions({ queryKey: campaignsKeys.attributes(), queryFn: ({ signal }) => getCustomerAttributes(signal) }),
  );
}
