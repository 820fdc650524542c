import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerMasterRoutes } from '@parley/contracts/customer-master';
import { apiRequest } from '../../../lib/api-client';
import { broadcastSendKeys } from './broadcast-send-keys';

/** A column a variable can be mapped to: name, phoneNumber or a customer attribute's fieldName. */
export interface CustomerColumn {
  value: string;
  label: string;
}

/** The customer attributes (GET /api/customer-fields) as the columns of "Map Column Value". */
export async function getCustomerColumns(signal?: AbortSignal): Promise<CustomerColumn[]> {
  const { fields } = await apiRequest(customerMasterRoutes.listFields, { signal });
  return fields.map((field) => ({ value: field.fieldName, label: field.fieldLabel }));
}

export function customerColumnsQueryOptions() {
  return queryOptions({ queryKey: broadcastSendKeys.columns(), queryFn: ({ signal }) => getCustomerColumns(signal) });
}

export function useCustomerColumns() {
  return useQuery(customerColumnsQueryOptions());
}
