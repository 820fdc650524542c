import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invitationRoutes, type InviteBody } from '@parley/contracts/invitations';
import { apiRequest } from '../../../lib/api-client';
import { invitationKeys } from './invitation-keys';

export function createInvitation(body: InviteBody) {
  return apiRequest(invitationRoutes.create, { body });
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}
