import { useMutation, useQueryClient } from '@tanstack/react-query';
import { enterpriseProfileRoutes, type UpdateEnterpriseProfileBody } from '@parley/contracts/enterprise-profile';
import { apiRequest } from '../../../lib/api-client';
import { enterpriseProfileKeys } from './enterprise-profile-keys';

export function updateEnterpriseProfile(body: UpdateEnterpriseProfileBody) {
  return apiRequest(enterpriseProfileRoutes.update, { body });
}

/** Saves the details; `onChanged` lets the app refresh what shows them elsewhere (the title in /me). */
export function useUpdateEnterpriseProfile(onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEnterpriseProfile,
    meta: { inlineErrors: true },
    onSuccess: (profile) => queryClient.setQueryData(enterpriseProfileKeys.profile(), profile),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: enterpriseProfileKeys.profile() });
      onChanged?.();
    },
  });
}
