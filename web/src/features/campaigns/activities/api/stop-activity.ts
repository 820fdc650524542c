import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignRoutes } from '@parley/contracts/campaigns';
import { apiRequest } from '../../../../lib/api-client';
import { refreshAfterActivityChange } from './activities-keys';

export function stopActivity(activityId: string) {
  return apiRequest(campaignRoutes.stop, { params: { id: activityId } });
}

/** Stops an activity for good: what was not sent is not sent. Failures show in the dialog. */
export function useStopActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopActivity,
    meta: { inlineErrors: true },
    onSuccess: ({ activity }) => refreshAfterActivityChange(queryClient, activity.campaignId),
  });
}
