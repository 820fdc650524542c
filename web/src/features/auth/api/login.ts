import { useMutation } from '@tanstack/react-query';
import { signInRoutes, type LoginBody } from '@parley/contracts/sign-in';
import { apiRequest } from '../../../lib/api-client';

export function login(body: LoginBody) {
  return apiRequest(signInRoutes.login, { body });
}

export function useLogin() {
  return useMutation({ mutationFn: login, meta: { inlineErrors: true } });
}
