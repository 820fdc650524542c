import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { reportRoutes } from '@parley/contracts/broadcasts';
import { apiRequest } from '../../../lib/api-client';
import { deliveryReportKeys, type DeliveryReportQuery } from './delivery-report-keys';

export const REPORT_PAGE_SIZE = 20;

export function getDeliveryReport(query: DeliveryReportQuery, signal?: AbortSignal) {
  return apiRequest(reportRoutes.messages, { query, signal });
}

export function deliveryReportQueryOptions(query: DeliveryReportQuery) {
  return queryOptions({
    queryKey: deliveryReportKeys.page(query),
    queryFn: ({ signal }) => getDeliveryReport(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** One page of messages matching the report's filters. */
export function useDeliveryReport(query: DeliveryReportQuery) {
  return useQuery(deliveryReportQueryOptions(query));
}
