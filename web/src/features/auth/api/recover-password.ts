import { useMutation } from '@tanstack/react-query';
import { accountRoutes } from '@parley/contracts/account';
import { apiRequest } from '../../../lib/api-client';

export interface RecoverPasswordInput {
  emailId: string;
  captchaId: string;
  captcha: string;
}

export function recoverPassword(body: RecoverPasswordInput) {
  return apiRequest(accountRoutes.recover, { body });
}

export function useRecoverPassword() {
  return useMutation({ mutationFn: recoverPassword, meta: { inlineErrors: true } });
}
