import { useMutation, useQueryClient } from '@tanstack/react-query';
import { enterpriseProfileRoutes } from '@parley/contracts/enterprise-profile';
import { apiRequest } from '../../../lib/api-client';
import { enterpriseProfileKeys } from './enterprise-profile-keys';

export function setEnterpriseTwoFactor(isEnabled: boolean) {
  return apiRequest(enterpriseProfileRoutes.twoFactor, { body: { isEnabled } });
}

export function useSetEnterpriseTwoFactor(onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setEnterpriseTwoFactor,
    meta: { inlineErrors: true },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: enterpriseProfileKeys.profile() });
      onChanged?.();
    },
  });
}
