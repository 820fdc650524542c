import { useMutation, useQueryClient } from '@tanstack/react-query';
import { templateRoutes } from '@parley/contracts/templates';
import { apiRequest } from '../../../lib/api-client';
import { templatesKeys } from './templates-keys';

export function deleteTemplate(id: string) {
  return apiRequest(templateRoutes.remove, { params: { id } });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: ({ id }) => queryClient.removeQueries({ queryKey: templatesKeys.detail(id) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: templatesKeys.lists() }),
  });
}
