import { useMutation } from '@tanstack/react-query';
import { accountRoutes } from '@parley/contracts/account';
import { apiRequest } from '../../../lib/api-client';

export interface ResetPasswordInput {
  uId: string;
  eId: string;
  resetCode: string;
  password: string;
  confirmPassword: string;
}

export function resetPassword(body: ResetPasswordInput) {
  return apiRequest(accountRoutes.resetPassword, { body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword, meta: { inlineErrors: true } });
}
