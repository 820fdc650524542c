import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignRoutes } from '@parley/contracts/campaigns';
import { apiRequest } from '../../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

export function deleteCampaign(id: string) {
  return apiRequest(campaignRoutes.remove, { params: { id } });
}

/** Deletes a campaign that is not running (its report stays); a failure is a toast. */
export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCampaign,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: campaignsKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: campaignsKeys.lists() });
    },
  });
}
