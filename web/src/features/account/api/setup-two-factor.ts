import { useMutation } from '@tanstack/react-query';
import { accountRoutes } from '@parley/contracts/account';
import { apiRequest } from '../../../lib/api-client';

export function setupTwoFactor() {
  return apiRequest(accountRoutes.twoFactorSetup);
}

export function useSetupTwoFactor() {
  return useMutation({ mutationFn: setupTwoFactor, meta: { inlineErrors: true } });
}
