import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { templateRoutes } from '@parley/contracts/templates';
import { apiRequest } from '../../../lib/api-client';
import { templatesKeys, type TemplatesQuery } from './templates-keys';

/** Channels and templates page size 20 (engagement.md §9). */
export const TEMPLATES_PAGE_SIZE = 20;

export function getTemplates(query: TemplatesQuery, signal?: AbortSignal) {
  return apiRequest(templateRoutes.list, { query, signal });
}

export function templatesQueryOptions(query: TemplatesQuery) {
  return queryOptions({
    queryKey: templatesKeys.list(query),
    queryFn: ({ signal }) => getTemplates(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTemplates(query: TemplatesQuery) {
  return useQuery(templatesQueryOptions(query));
}
