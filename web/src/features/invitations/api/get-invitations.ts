import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { invitationRoutes } from '@parley/contracts/invitations';
import { apiRequest } from '../../../lib/api-client';
import { invitationKeys } from './invitation-keys';

export const INVITATIONS_PAGE_SIZE = 20;

export function getInvitations(page: { from: number; perPage: number }, signal?: AbortSignal) {
  return apiRequest(invitationRoutes.list, { query: page, signal });
}

export function invitationsQueryOptions(page: { from: number; perPage: number }) {
  return queryOptions({
    queryKey: invitationKeys.list(page),
    queryFn: ({ signal }) => getInvitations(page, signal),
    placeholderData: keepPreviousData,
    // Invitees accept elsewhere: show the current state whenever the list is opened.
    staleTime: 0,
  });
}

export function useInvitations(page: { from: number; perPage: number }) {
  return useQuery(invitationsQueryOptions(page));
}
