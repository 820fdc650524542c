import { queryOptions, useQuery } from '@tanstack/react-query';
import { broadcastRoutes } from '@parley/contracts/broadcasts';
import { apiRequest } from '../../../../lib/api-client';
import { campaignRulesKeys } from './rules-keys';

/** The customer columns a failover variable can take its value from (name, phoneNumber, attributes). */
export function getRuleColumns(signal?: AbortSignal) {
  return apiRequest(broadcastRoutes.columns, { signal });
}

export function ruleColumnsQueryOptions() {
  return queryOptions({ queryKey: campaignRulesKeys.columns(), queryFn: ({ signal }) => getRuleColumns(signal) });
}

export function useRuleColumns(enabled: boolean) {
  return useQuery({ ...ruleColumnsQueryOptions(), enabled });
}
