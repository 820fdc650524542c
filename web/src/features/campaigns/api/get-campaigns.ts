import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { campaignLimits, campaignRoutes } from '@parley/contracts/campaigns';
import { apiRequest } from '../../../lib/api-client';
import { campaignsKeys, type CampaignsQuery } from './campaigns-keys';

/** Campaign list page size (as the broadcast list, engagement.md §9). */
export const CAMPAIGNS_PAGE_SIZE = campaignLimits.listPageSize;

export function getCampaigns(query: CampaignsQuery, signal?: AbortSignal) {
  return apiRequest(campaignRoutes.list, {
    query: { from: query.from, perPage: query.perPage, search: query.search, status: query.status },
    signal,
  });
}

export function campaignsQueryOptions(query: CampaignsQuery) {
  return queryOptions({
    queryKey: campaignsKeys.list(query),
    queryFn: ({ signal }) => getCampaigns(query, signal),
    placeholderData: keepPreviousData,
    // Statuses move as checkers decide and schedules fire: coming back always asks again.
    staleTime: 0,
  });
}

/** One page of campaigns matching the search and status. */
export function useCampaigns(query: CampaignsQuery) {
  return useQuery(campaignsQueryOptions(query));
}
