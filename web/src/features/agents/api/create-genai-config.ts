import { useMutation, useQueryClient } from '@tanstack/react-query';
import { genAiConfigRoutes, type GenAiConfigBody, type GenAiConfigEntry } from '@parley/contracts/integrations';
import { apiRequest } from '../../../lib/api-client';
import { agentsKeys } from './agents-keys';

export function createGenAiConfig(body: GenAiConfigBody) {
  return apiRequest(genAiConfigRoutes.create, { body });
}

/** Create Configuration (agents.md §2.9); the new entry joins the cached list at once. */
export function useCreateGenAiConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGenAiConfig,
    meta: { inlineErrors: true },
    onSuccess: (created) => {
      queryClient.setQueryData<GenAiConfigEntry[]>(agentsKeys.genAiConfigs(), (list) =>
        list ? [...list, created].sort((a, b) => a.name.localeCompare(b.name)) : [created],
      );
    },
  });
}
