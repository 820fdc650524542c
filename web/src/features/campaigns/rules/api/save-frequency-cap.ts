import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignRoutes, type FrequencyRule } from '@parley/contracts/campaigns';
import { apiRequest } from '../../../../lib/api-client';
import { campaignRulesKeys } from './rules-keys';

export function saveFrequencyCap(body: FrequencyRule) {
  return apiRequest(campaignRoutes.saveFrequency, { body });
}

/** Adds a frequency cap, or changes the one with its id. The form shows the server's field errors. */
export function useSaveFrequencyCap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFrequencyCap,
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignRulesKeys.rules() }),
  });
}
