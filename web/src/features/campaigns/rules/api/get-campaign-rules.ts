import { queryOptions, useQuery } from '@tanstack/react-query';
import { campaignRoutes } from '@parley/contracts/campaigns';
import { apiRequest, type RouteData } from '../../../../lib/api-client';
import { campaignRulesKeys } from './rules-keys';

export type CampaignRules = RouteData<typeof campaignRoutes.rules>;

export function getCampaignRules(signal?: AbortSignal) {
  return apiRequest(campaignRoutes.rules, { signal });
}

export function campaignRulesQueryOptions() {
  return queryOptions({
    queryKey: campaignRulesKeys.rules(),
    queryFn: ({ signal }) => getCampaignRules(signal),
    // The cost planner's spend moves with every send.
    staleTime: 0,
  });
}

/** Quiet hours, frequency caps, failovers and department budgets, with the enterprise's timezone. */
export function useCampaignRules() {
  return useQuery(campaignRulesQueryOptions());
}
