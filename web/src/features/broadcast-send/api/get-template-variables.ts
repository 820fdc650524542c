import { queryOptions, useQuery } from '@tanstack/react-query';
import { broadcastRoutes } from '@parley/contracts/broadcasts';
import { apiRequest } from '../../../lib/api-client';
import { broadcastSendKeys } from './broadcast-send-keys';

/** The template's variables for the mapping widget (GET /api/broadcasts/template-variables). */
export function getTemplateVariables(channelId: string, templateId: string, signal?: AbortSignal) {
  return apiRequest(broadcastRoutes.templateVariables, { query: { channelId, templateId }, signal });
}

export function templateVariablesQueryOptions(channelId: string, templateId: string) {
  return queryOptions({
    queryKey: broadcastSendKeys.variables(channelId, templateId),
    queryFn: ({ signal }) => getTemplateVariables(channelId, templateId, signal),
    staleTime: 0,
  });
}

export function useTemplateVariables(channelId: string | undefined, templateId: string | undefined) {
  return useQuery({
    ...templateVariablesQueryOptions(channelId ?? '', templateId ?? ''),
    enabled: channelId !== undefined && templateId !== undefined,
  });
}
