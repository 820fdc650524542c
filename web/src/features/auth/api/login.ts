import { useMutation } from '@tanstack/react-query';
import { accountRoutes, type LoginBody } from '@parley/contracts/account';
import { apiRequest } from '../../../lib/api-client';

export function login(body: LoginBody) {
  return apiRequest(accountRoutes.login, { body });
}

export function useLogin() {
  return useMutation({ mutationFn: login, meta: { inlineErrors: true } });
}
