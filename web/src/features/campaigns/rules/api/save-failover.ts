import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignRoutes, type FailoverRule } from '@parley/contracts/campaigns';
import { apiRequest } from '../../../../lib/api-client';
import { campaignRulesKeys } from './rules-keys';

export function saveFailover(body: FailoverRule) {
  return apiRequest(campaignRoutes.saveFailover, { body });
}

/** Adds a channel failover, or changes the one with its id. The form shows the server's field errors. */
export function useSaveFailover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFailover,
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignRulesKeys.rules() }),
  });
}
