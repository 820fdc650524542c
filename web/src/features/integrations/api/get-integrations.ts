import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { integrationRoutes } from '@parley/contracts/integrations';
import { apiRequest } from '../../../lib/api-client';
import { integrationsKeys } from './integrations-keys';

export const INTEGRATIONS_PAGE_SIZE = 20;

export function getIntegrations(query: { from: number; perPage: number }, signal?: AbortSignal) {
  return apiRequest(integrationRoutes.list, { query, signal });
}

export function integrationsQueryOptions(query: { from: number; perPage: number }) {
  return queryOptions({
    queryKey: integrationsKeys.list(query),
    queryFn: ({ signal }) => getIntegrations(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useIntegrations(query: { from: number; perPage: number }) {
  return useQuery(integrationsQueryOptions(query));
}
