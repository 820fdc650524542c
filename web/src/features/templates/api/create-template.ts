import { useMutation, useQueryClient } from '@tanstack/react-query';
import { templateRoutes, type TemplateBody } from '@parley/contracts/templates';
import { apiRequest } from '../../../lib/api-client';
import { templatesKeys } from './templates-keys';

export function createTemplate(body: TemplateBody) {
  return apiRequest(templateRoutes.create, { body });
}

/** Creates and submits a template; the editor shows the failure beside the parts. */
export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTemplate,
    meta: { inlineErrors: true },
    onSuccess: (template) => {
      queryClient.setQueryData(templatesKeys.detail(template.id), template);
      return queryClient.invalidateQueries({ queryKey: templatesKeys.lists() });
    },
  });
}
