import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { campaignRoutes } from '@parley/contracts/campaigns';
import { apiRequest } from '../../../../lib/api-client';
import { campaignReportKeys } from './report-keys';

export function getCampaignStats(campaignId: string, runId: string | undefined, signal?: AbortSignal) {
  return apiRequest(campaignRoutes.stats, {
    params: { id: campaignId },
    query: runId ? { runId } : {},
    signal,
  });
}

export function campaignStatsQueryOptions(campaignId: string, runId: string | undefined) {
  return queryOptions({
    queryKey: campaignReportKeys.stats(campaignId, runId),
    queryFn: ({ signal }) => getCampaignStats(campaignId, runId, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The funnel, charts' series and breakdowns of one campaign, or of one of its runs. */
export function useCampaignStats(campaignId: string, runId: string | undefined) {
  return useQuery(campaignStatsQueryOptions(campaignId, runId));
}
