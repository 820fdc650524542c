import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignRoutes, type CostPlan } from '@parley/contracts/campaigns';
import { apiRequest } from '../../../../lib/api-client';
import { campaignRulesKeys } from './rules-keys';

export function saveCostPlan(body: CostPlan) {
  return apiRequest(campaignRoutes.saveCostPlan, { body });
}

/** Sets a department's monthly budget, or changes the one with its id. The form shows the server's field errors. */
export function useSaveCostPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCostPlan,
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignRulesKeys.rules() }),
  });
}
