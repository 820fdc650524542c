import { useMutation } from '@tanstack/react-query';
import { signInRoutes } from './sign-in-routes';
import { apiRequest } from '../../../lib/api-client';

export interface VerifyLoginInput {
  challengeId: string;
  securityCode: string;
}

export function verifyLogin(body: VerifyLoginInput) {
  return apiRequest(signInRoutes.verify, { body });
}

export function useVerifyLogin() {
  return useMutation({ mutationFn: verifyLogin, meta: { inlineErrors: true } });
}
