import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignRoutes, type BlockTimeRule } from '@parley/contracts/campaigns';
import { apiRequest } from '../../../../lib/api-client';
import { campaignRulesKeys } from './rules-keys';

export function saveBlockTime(body: BlockTimeRule) {
  return apiRequest(campaignRoutes.saveBlockTime, { body });
}

/** Adds a quiet-hours rule, or changes the one with its id. The form shows the server's field errors. */
export function useSaveBlockTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBlockTime,
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignRulesKeys.rules() }),
  });
}
