import { useMutation, useQueryClient } from '@tanstack/react-query';
import { templateRoutes } from '@parley/contracts/templates';
import { apiRequest } from '../../../lib/api-client';
import { templatesKeys } from './templates-keys';

export function syncTemplate(id: string) {
  return apiRequest(templateRoutes.sync, { params: { id } });
}

/** Asks the vendor for the template's status now. */
export function useSyncTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncTemplate,
    onSuccess: (template) => {
      queryClient.setQueryData(templatesKeys.detail(template.id), template);
      return queryClient.invalidateQueries({ queryKey: templatesKeys.lists() });
    },
  });
}
