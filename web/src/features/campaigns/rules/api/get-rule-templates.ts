import { queryOptions, useQuery } from '@tanstack/react-query';
import { templateRoutes } from '@parley/contracts/templates';
import { apiRequest } from '../../../../lib/api-client';
import { campaignRulesKeys } from './rules-keys';

/** The APPROVED templates of the channel a failover sends on (the first 200). */
export async function getRuleTemplates(channelId: string, signal?: AbortSignal) {
  const answer = await apiRequest(templateRoutes.list, {
    query: { channelId, status: 'APPROVED', from: 0, perPage: 200 },
    signal,
  });
  return answer.templates.map((template) => ({ value: template.id, label: template.name }));
}

export function ruleTemplatesQueryOptions(channelId: string) {
  return queryOptions({
    queryKey: campaignRulesKeys.templates(channelId),
    queryFn: ({ signal }) => getRuleTemplates(channelId, signal),
  });
}

export function useRuleTemplates(channelId: string) {
  return useQuery({ ...ruleTemplatesQueryOptions(channelId), enabled: channelId !== '' });
}
