import { queryOptions, useQuery } from '@tanstack/react-query';
import { invitationRoutes } from '@parley/contracts/invitations';
import { apiRequest } from '../../../lib/api-client';
import { invitationKeys } from './invitation-keys';

export function getInvitationPreview(token: string, signal?: AbortSignal) {
  return apiRequest(invitationRoutes.preview, { params: { token }, signal });
}

export function invitationPreviewQueryOptions(token: string) {
  return queryOptions({
    queryKey: invitationKeys.preview(token),
    queryFn: ({ signal }) => getInvitationPreview(token, signal),
    retry: false,
    staleTime: Infinity,
  });
}

/** Who invited whom to which enterprise, or the reason the link cannot be used. */
export function useInvitationPreview(token: string) {
  return useQuery({ ...invitationPreviewQueryOptions(token), enabled: token !== '' });
}
