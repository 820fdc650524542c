import { useMutation } from '@tanstack/react-query';
import { usersRoutes, type AdminResetPasswordBody } from '@parley/contracts/users';
import { apiRequest } from '../../../lib/api-client';

export function resetUserPassword({ id, ...body }: AdminResetPasswordBody & { id: string }) {
  return apiRequest(usersRoutes.resetPassword, { params: { id }, body });
}

export function useResetUserPassword() {
  return useMutation({ mutationFn: resetUserPassword, meta: { inlineErrors: true } });
}
