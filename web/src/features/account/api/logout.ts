import { useMutation } from '@tanstack/react-query';
import { accountRoutes } from '@parley/contracts/account';
import { apiRequest } from '../../../lib/api-client';

export function logout() {
  return apiRequest(accountRoutes.logout);
}

export function useLogout() {
  return useMutation({ mutationFn: logout, meta: { inlineErrors: true } });
}
