import { useMutation, useQueryClient } from '@tanstack/react-query';
import { integrationRoutes, type IntegrationBody } from '@parley/contracts/integrations';
import { apiRequest } from '../../../lib/api-client';
import { integrationsKeys } from './integrations-keys';

export function createIntegration(body: IntegrationBody) {
  return apiRequest(integrationRoutes.create, { body });
}

export function useCreateIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createIntegration,
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationsKeys.lists() }),
  });
}
