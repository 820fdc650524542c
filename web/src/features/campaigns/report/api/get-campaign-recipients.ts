import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { campaignLimits, campaignRoutes } from '@parley/contracts/campaigns';
import { apiRequest } from '../../../../lib/api-client';
import { campaignReportKeys, type RecipientsQuery } from './report-keys';

export const RECIPIENTS_PAGE_SIZE = campaignLimits.recipientsPageSize;

export function getCampaignRecipients(campaignId: string, query: RecipientsQuery, signal?: AbortSignal) {
  return apiRequest(campaignRoutes.recipients, { params: { id: campaignId }, query, signal });
}

export function campaignRecipientsQueryOptions(campaignId: string, query: RecipientsQuery) {
  return queryOptions({
    queryKey: campaignReportKeys.recipients(campaignId, query),
    queryFn: ({ signal }) => getCampaignRecipients(campaignId, query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** One page of a campaign's recipients by status and number or name. */
export function useCampaignRecipients(campaignId: string, query: RecipientsQuery) {
  return useQuery(campaignRecipientsQueryOptions(campaignId, query));
}
