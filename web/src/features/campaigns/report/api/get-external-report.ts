import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { campaignRoutes } from '@parley/contracts/campaigns';
import { apiRequest } from '../../../../lib/api-client';
import { campaignReportKeys } from './report-keys';

export function getExternalReport(from: number, perPage: number, signal?: AbortSignal) {
  return apiRequest(campaignRoutes.externalReport, { query: { from, perPage }, signal });
}

export function externalReportQueryOptions(from: number, perPage: number) {
  return queryOptions({
    queryKey: campaignReportKeys.external(from, perPage),
    queryFn: ({ signal }) => getExternalReport(from, perPage, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Broadcasts other systems sent under an external campaign id, grouped by that id. */
export function useExternalReport(from: number, perPage: number) {
  return useQuery(externalReportQueryOptions(from, perPage));
}
