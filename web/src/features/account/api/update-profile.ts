import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountRoutes, type ProfileBody } from '@parley/contracts/account';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

export function updateProfile(body: ProfileBody) {
  return apiRequest(accountRoutes.updateProfile, { body });
}

/** Saves name and picture; the answer is the fresh session user (top bar and page update at once). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    meta: { inlineErrors: true },
    onSuccess: (user) => queryClient.setQueryData(accountKeys.me(), user),
  });
}
