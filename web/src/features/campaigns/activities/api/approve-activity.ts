import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignRoutes } from '@parley/contracts/campaigns';
import { apiRequest } from '../../../../lib/api-client';
import { refreshAfterActivityChange } from './activities-keys';

export function approveActivity(activityId: string) {
  return apiRequest(campaignRoutes.approve, { params: { id: activityId } });
}

/** Approves a pending activity (the server refuses its maker). Failures show in the dialog. */
export function useApproveActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveActivity,
    meta: { inlineErrors: true },
    onSuccess: ({ activity }) => refreshAfterActivityChange(queryClient, activity.campaignId),
  });
}
