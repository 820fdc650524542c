import { queryOptions, useQuery } from '@tanstack/react-query';
import { templateRoutes } from '@parley/contracts/templates';
import { apiRequest } from '../../../lib/api-client';
import { broadcastSendKeys } from './broadcast-send-keys';

/** The chosen template's components (GET /api/templates/:id), for the preview and the attachment area. */
export function getTemplateContent(id: string, signal?: AbortSignal) {
  return apiRequest(templateRoutes.get, { params: { id }, signal });
}

export function templateContentQueryOptions(id: string) {
  return queryOptions({
    queryKey: broadcastSendKeys.template(id),
    queryFn: ({ signal }) => getTemplateContent(id, signal),
    staleTime: 0,
  });
}

export function useTemplateContent(id: string | undefined) {
  return useQuery({ ...templateContentQueryOptions(id ?? ''), enabled: id !== undefined });
}
