import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { customerLimits, customerMasterRoutes } from '@parley/contracts/customer-master';
import { apiRequest } from '../../../lib/api-client';
import { customersKeys, type CustomersListQuery } from './customers-keys';

/** Customers page size (engagement.md §9). */
export const CUSTOMERS_PAGE_SIZE = customerLimits.pageSize;

export function getCustomers(query: CustomersListQuery, signal?: AbortSignal) {
  return apiRequest(customerMasterRoutes.listCustomers, { query, signal });
}

export function customersQueryOptions(query: CustomersListQuery) {
  return queryOptions({
    queryKey: customersKeys.customerList(query),
    queryFn: ({ signal }) => getCustomers(query, signal),
    // While the next page or search loads, the previous rows stay (dimmed).
    placeholderData: keepPreviousData,
    // Imports run in the background: coming back to the list always asks again.
    staleTime: 0,
  });
}

/** One page of customers with the attribute columns (headers) and whether there is more. */
export function useCustomers(query: CustomersListQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...customersQueryOptions(query), enabled });
}
