import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { campaignLimits, campaignRoutes } from '@parley/contracts/campaigns';
import { apiRequest } from '../../../../lib/api-client';
import { activitiesKeys, type ActivitiesQuery } from './activities-keys';

export const ACTIVITIES_PAGE_SIZE = campaignLimits.listPageSize;

export function getActivities(query: ActivitiesQuery, signal?: AbortSignal) {
  return apiRequest(campaignRoutes.activities, { query, signal });
}

export function activitiesQueryOptions(query: ActivitiesQuery) {
  return queryOptions({
    queryKey: activitiesKeys.list(query),
    queryFn: ({ signal }) => getActivities(query, signal),
    placeholderData: keepPreviousData,
    // Makers submit and other checkers decide at any time: every visit asks again.
    staleTime: 0,
  });
}

/** One page of activities in a state, by name. */
export function useActivities(query: ActivitiesQuery) {
  return useQuery(activitiesQueryOptions(query));
}
