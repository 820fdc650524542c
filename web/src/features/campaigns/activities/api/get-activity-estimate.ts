import { queryOptions, useQuery } from '@tanstack/react-query';
import { campaignRoutes } from '@parley/contracts/campaigns';
import { apiRequest } from '../../../../lib/api-client';
import { activitiesKeys } from './activities-keys';

export function getActivityEstimate(activityId: string, signal?: AbortSignal) {
  return apiRequest(campaignRoutes.estimate, { params: { id: activityId }, signal });
}

export function activityEstimateQueryOptions(activityId: string) {
  return queryOptions({
    queryKey: activitiesKeys.estimate(activityId),
    queryFn: ({ signal }) => getActivityEstimate(activityId, signal),
    // The rate card and the budget change: the start dialog asks each time it opens.
    staleTime: 0,
  });
}

/** The cost estimate the start dialog shows (only asked for while `enabled`). */
export function useActivityEstimate(activityId: string, enabled: boolean) {
  return useQuery({ ...activityEstimateQueryOptions(activityId), enabled });
}
