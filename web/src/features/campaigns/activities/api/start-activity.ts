import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignRoutes } from '@parley/contracts/campaigns';
import { apiRequest } from '../../../../lib/api-client';
import { refreshAfterActivityChange } from './activities-keys';

export function startActivity(activityId: string) {
  return apiRequest(campaignRoutes.start, { params: { id: activityId } });
}

/** Starts an approved activity: now, or on its schedule (the cost planner may refuse). Failures show in the dialog. */
export function useStartActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startActivity,
    meta: { inlineErrors: true },
    onSuccess: ({ activity }) => refreshAfterActivityChange(queryClient, activity.campaignId),
  });
}
