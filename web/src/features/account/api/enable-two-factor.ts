import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountRoutes } from '@parley/contracts/account';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

export function enableTwoFactor(code: string) {
  return apiRequest(accountRoutes.twoFactorEnable, { body: { code } });
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.me() }),
  });
}
