import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignRoutes, type CampaignBody } from '@parley/contracts/campaigns';
import { apiRequest } from '../../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

export async function createCampaign(body: CampaignBody) {
  const data = await apiRequest(campaignRoutes.create, { body });
  return data.campaign;
}

/** Creates a draft; the form shows the server's field errors beside its fields. */
export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCampaign,
    meta: { inlineErrors: true },
    onSuccess: (campaign) => {
      queryClient.setQueryData(campaignsKeys.detail(campaign.id), campaign);
      return queryClient.invalidateQueries({ queryKey: campaignsKeys.lists() });
    },
  });
}
