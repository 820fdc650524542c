import { useMutation } from '@tanstack/react-query';
import { accountRoutes } from '@parley/contracts/account';
import { apiRequest } from '../../../lib/api-client';

export function regenerateRecoveryCodes(code: string) {
  return apiRequest(accountRoutes.twoFactorRecoveryCodes, { body: { code } });
}

export function useRegenerateRecoveryCodes() {
  return useMutation({ mutationFn: regenerateRecoveryCodes, meta: { inlineErrors: true } });
}
