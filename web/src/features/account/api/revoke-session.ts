import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountRoutes } from '@parley/contracts/account';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

export function revokeSession(id: string) {
  return apiRequest(accountRoutes.revokeSession, { params: { id } });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}
