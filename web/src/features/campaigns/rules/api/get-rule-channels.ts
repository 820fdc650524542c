import { queryOptions, useQuery } from '@tanstack/react-query';
import { channelRoutes } from '@parley/contracts/channels';
import { apiRequest } from '../../../../lib/api-client';
import { campaignRulesKeys } from './rules-keys';

export interface RuleChannel {
  value: string;
  label: string;
}

/** The channels a failover goes from and to (the enterprise's first 200, by name and type). */
export async function getRuleChannels(signal?: AbortSignal): Promise<RuleChannel[]> {
  const answer = await apiRequest(channelRoutes.list, { query: { from: 0, perPage: 200 }, signal });
  return answer.channelConfig
    .map((channel) => ({ value: channel.id, label: `${channel.name} (${channel.typeString})` }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

export function ruleChannelsQueryOptions() {
  return queryOptions({ queryKey: campaignRulesKeys.channels(), queryFn: ({ signal }) => getRuleChannels(signal) });
}

export function useRuleChannels(enabled: boolean) {
  return useQuery({ ...ruleChannelsQueryOptions(), enabled });
}
