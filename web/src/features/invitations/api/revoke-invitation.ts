import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invitationRoutes } from '@parley/contracts/invitations';
import { apiRequest } from '../../../lib/api-client';
import { invitationKeys } from './invitation-keys';

export function revokeInvitation(id: string) {
  return apiRequest(invitationRoutes.revoke, { params: { id } });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}
