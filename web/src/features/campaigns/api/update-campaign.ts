import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignRoutes, type CampaignBody } from '@parley/contracts/campaigns';
import { apiRequest } from '../../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

export async function updateCampaign({ id, body }: { id: string; body: CampaignBody }) {
  const data = await apiRequest(campaignRoutes.update, { params: { id }, body });
  return data.campaign;
}

/** Saves changes (a submitted or approved campaign goes back to draft); errors shown beside the fields. */
export function useUpdateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCampaign,
    meta: { inlineErrors: true },
    onSuccess: (campaign) => {
      queryClient.setQueryData(campaignsKeys.detail(campaign.id), campaign);
      return queryClient.invalidateQueries({ queryKey: campaignsKeys.lists() });
    },
  });
}
