import { useMutation } from '@tanstack/react-query';
import { invitationRoutes, type AcceptInvitationBody } from '@parley/contracts/invitations';
import { apiRequest } from '../../../lib/api-client';

export function acceptInvitation(body: AcceptInvitationBody) {
  return apiRequest(invitationRoutes.accept, { body });
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation, meta: { inlineErrors: true } });
}
