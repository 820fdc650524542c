import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignRoutes } from '@parley/contracts/campaigns';
import { apiRequest } from '../../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

export async function cloneCampaign(id: string) {
  const data = await apiRequest(campaignRoutes.clone, { params: { id } });
  return data.campaign;
}

/** Copies a campaign as a new draft; a failure is a toast. */
export function useCloneCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cloneCampaign,
    onSuccess: (campaign) => {
      queryClient.setQueryData(campaignsKeys.detail(campaign.id), campaign);
      return queryClient.invalidateQueries({ queryKey: campaignsKeys.lists() });
    },
  });
}
