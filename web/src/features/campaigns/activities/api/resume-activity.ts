import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignRoutes } from '@parley/contracts/campaigns';
import { apiRequest } from '../../../../lib/api-client';
import { refreshAfterActivityChange } from './activities-keys';

export function resumeActivity(activityId: string) {
  return apiRequest(campaignRoutes.resume, { params: { id: activityId } });
}

/** Resumes a paused activity. Failures show in the dialog. */
export function useResumeActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeActivity,
    meta: { inlineErrors: true },
    onSuccess: ({ activity }) => refreshAfterActivityChange(queryClient, activity.campaignId),
  });
}
