import { queryOptions, useQuery } from '@tanstack/react-query';
import { templateRoutes } from '@parley/contracts/templates';
import { apiRequest } from '../../../lib/api-client';
import { templatesKeys } from './templates-keys';

export function getTemplate(id: string, signal?: AbortSignal) {
  return apiRequest(templateRoutes.get, { params: { id }, signal });
}

export function templateQueryOptions(id: string) {
  return queryOptions({
    queryKey: templatesKeys.detail(id),
    queryFn: ({ signal }) => getTemplate(id, signal),
    // The editor starts from what is stored now, not from a cached copy.
    staleTime: 0,
  });
}

export function useTemplate(id: string | undefined) {
  return useQuery({ ...templateQueryOptions(id ?? ''), enabled: id !== undefined });
}
