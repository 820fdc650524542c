import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignRoutes } from '@parley/contracts/campaigns';
import { apiRequest } from '../../../../lib/api-client';
import { refreshAfterActivityChange } from './activities-keys';

export function pauseActivity(activityId: string) {
  return apiRequest(campaignRoutes.pause, { params: { id: activityId } });
}

/** Pauses a scheduled or running activity; nothing is lost. Failures show in the dialog. */
export function usePauseActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pauseActivity,
    meta: { inlineErrors: true },
    onSuccess: ({ activity }) => refreshAfterActivityChange(queryClient, activity.campaignId),
  });
}
