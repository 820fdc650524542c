import { useMutation, useQueryClient } from '@tanstack/react-query';
import { integrationRoutes, type IntegrationBody } from '@parley/contracts/integrations';
import { apiRequest } from '../../../lib/api-client';
import { integrationsKeys } from './integrations-keys';

export function updateIntegration({ id, body }: { id: string; body: IntegrationBody }) {
  return apiRequest(integrationRoutes.update, { params: { id }, body });
}

export function useUpdateIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateIntegration,
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationsKeys.lists() }),
  });
}
