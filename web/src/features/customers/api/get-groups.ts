import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerMasterRoutes } from '@parley/contracts/customer-master';
import { apiRequest } from '../../../lib/api-client';
import { customersKeys } from './customers-keys';

export function getGroups(search: string, signal?: AbortSignal) {
  return apiRequest(customerMasterRoutes.listGroups, { query: search ? { search } : {}, signal });
}

export function groupsQueryOptions(search = '') {
  return queryOptions({
    queryKey: customersKeys.groupList(search),
    queryFn: ({ signal }) => getGroups(search, signal),
  });
}

/** The enterprise's customer groups. */
export function useGroups(search = '') {
  return useQuery(groupsQueryOptions(search));
}
