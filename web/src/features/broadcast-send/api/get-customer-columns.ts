import { queryOptions, useQuery } from '@tanstack/react-query';
import { broadcastRoutes } from '@parley/contracts/broadcasts';
import { apiRequest } from '../../../lib/api-client';
import { broadcastSendKeys } from './broadcast-send-keys';

/** A column a variable can be mapped to: name, phoneNumber or a customer attribute's fieldName. */
export interface CustomerColumn {
  value: string;
  label: string;
}

/**
 * The columns of "Map Column Value" (GET /api/broadcasts/columns: open to whoever may broadcast,
 * unlike the customer master's own field list).
 */
export async function getCustomerColumns(signal?: AbortSignal): Promise<CustomerColumn[]> {
  return apiRequest(broadcastRoutes.columns, { signal });
}

export function customerColumnsQueryOptions() {
  return queryOptions({ queryKey: broadcastSendKeys.columns(), queryFn: ({ signal }) => getCustomerColumns(signal) });
}

export function useCustomerColumns() {
  return useQuery(customerColumnsQueryOptions());
}
