import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { campaignRoutes } from '@parley/contracts/campaigns';
import { apiRequest } from '../../../../lib/api-client';
import { campaignReportKeys, type CampaignReportQuery } from './report-keys';

export function getCampaignReport(query: CampaignReportQuery, signal?: AbortSignal) {
  return apiRequest(campaignRoutes.report, { query, signal });
}

export function campaignReportQueryOptions(query: CampaignReportQuery) {
  return queryOptions({
    queryKey: campaignReportKeys.list(query),
    queryFn: ({ signal }) => getCampaignReport(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** One page of campaigns, each with its funnel. */
export function useCampaignReport(query: CampaignReportQuery) {
  return useQuery(campaignReportQueryOptions(query));
}
