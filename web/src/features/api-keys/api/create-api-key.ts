import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKeyRoutes, type CreateApiKeyBody } from '@parley/contracts/api-keys';
import { apiRequest } from '../../../lib/api-client';
import { apiKeysKeys } from './api-keys-keys';

export function createApiKey(body: CreateApiKeyBody) {
  return apiRequest(apiKeyRoutes.create, { body });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.list() }),
  });
}
