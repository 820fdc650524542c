import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignRoutes } from '@parley/contracts/campaigns';
import { apiRequest } from '../../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

export async function submitCampaign(id: string) {
  const data = await apiRequest(campaignRoutes.submit, { params: { id } });
  return data.activity;
}

/** Submits for approval (creates the activity approvers see); a failure is a toast. */
export function useSubmitCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitCampaign,
    onSuccess: (_activity, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: campaignsKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: campaignsKeys.lists() }),
      ]),
  });
}
