import { useMutation } from '@tanstack/react-query';
import type { LoginBody } from '@parley/contracts/sign-in';
import { signInRoutes } from './sign-in-routes';
import { apiRequest } from '../../../lib/api-client';

export function login(body: LoginBody) {
  return apiRequest(signInRoutes.login, { body });
}

export function useLogin() {
  return useMutation({ mutationFn: login, meta: { inlineErrors: true } });
}
