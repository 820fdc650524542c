import { useMutation, useQueryClient } from '@tanstack/react-query';
import { integrationRoutes } from '@parley/contracts/integrations';
import { apiRequest } from '../../../lib/api-client';
import { integrationsKeys } from './integrations-keys';

export function deleteIntegration(id: string) {
  return apiRequest(integrationRoutes.remove, { params: { id } });
}

export function useDeleteIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteIntegration,
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationsKeys.lists() }),
  });
}
