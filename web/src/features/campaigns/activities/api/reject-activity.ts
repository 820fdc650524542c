import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignRoutes } from '@parley/contracts/campaigns';
import { apiRequest } from '../../../../lib/api-client';
import { refreshAfterActivityChange } from './activities-keys';

export function rejectActivity({ activityId, reason }: { activityId: string; reason: string }) {
  return apiRequest(campaignRoutes.reject, { params: { id: activityId }, body: { reason } });
}

/** Rejects a pending activity with the reason its maker reads. Failures show in the dialog. */
export function useRejectActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectActivity,
    meta: { inlineErrors: true },
    onSuccess: ({ activity }) => refreshAfterActivityChange(queryClient, activity.campaignId),
  });
}
