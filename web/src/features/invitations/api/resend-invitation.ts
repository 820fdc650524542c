import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invitationRoutes } from '@parley/contracts/invitations';
import { apiRequest } from '../../../lib/api-client';
import { invitationKeys } from './invitation-keys';

export function resendInvitation(id: string) {
  return apiRequest(invitationRoutes.resend, { params: { id } });
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}
