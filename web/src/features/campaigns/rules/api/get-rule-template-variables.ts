import { queryOptions, useQuery } from '@tanstack/react-query';
import { broadcastRoutes } from '@parley/contracts/broadcasts';
import { apiRequest } from '../../../../lib/api-client';
import { campaignRulesKeys } from './rules-keys';

/** The variables of the failover's template, to map each to a constant or a customer column. */
export function getRuleTemplateVariables(channelId: string, templateId: string, signal?: AbortSignal) {
  return apiRequest(broadcastRoutes.templateVariables, { query: { channelId, templateId }, signal });
}

export function ruleTemplateVariablesQueryOptions(channelId: string, templateId: string) {
  return queryOptions({
    queryKey: campaignRulesKeys.variables(channelId, templateId),
    queryFn: ({ signal }) => getRuleTemplateVariables(channelId, templateId, signal),
  });
}

export function useRuleTemplateVariables(channelId: string, templateId: string) {
  return useQuery({
    ...ruleTemplateVariablesQueryOptions(channelId, templateId),
    enabled: channelId !== '' && templateId !== '',
  });
}
