import { useMutation } from '@tanstack/react-query';
import { accountRoutes, type SignupBody } from '@parley/contracts/account';
import { apiRequest } from '../../../lib/api-client';

export function signup(body: SignupBody) {
  return apiRequest(accountRoutes.signup, { body });
}

export function useSignup() {
  return useMutation({ mutationFn: signup, meta: { inlineErrors: true } });
}
