import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignRoutes, type CampaignRuleKind } from '@parley/contracts/campaigns';
import { apiRequest } from '../../../../lib/api-client';
import { campaignRulesKeys } from './rules-keys';

export function removeCampaignRule({ kind, id }: { kind: CampaignRuleKind; id: string }) {
  return apiRequest(campaignRoutes.removeRule, { params: { kind, id } });
}

/** Deletes a protection rule (failures show as a toast). */
export function useRemoveCampaignRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCampaignRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignRulesKeys.rules() }),
  });
}
