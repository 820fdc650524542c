import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKeyRoutes } from '@parley/contracts/api-keys';
import { apiRequest } from '../../../lib/api-client';
import { apiKeysKeys } from './api-keys-keys';

export function revokeApiKey(id: string) {
  return apiRequest(apiKeyRoutes.revoke, { params: { id } });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.list() }),
  });
}
