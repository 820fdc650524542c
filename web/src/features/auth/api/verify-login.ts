import { useMutation } from '@tanstack/react-query';
import { accountRoutes } from '@parley/contracts/account';
import { apiRequest } from '../../../lib/api-client';

export interface VerifyLoginInput {
  challengeId: string;
  securityCode: string;
}

export function verifyLogin(body: VerifyLoginInput) {
  return apiRequest(accountRoutes.verify, { body });
}

export function useVerifyLogin() {
  return useMutation({ mutationFn: verifyLogin, meta: { inlineErrors: true } });
}
