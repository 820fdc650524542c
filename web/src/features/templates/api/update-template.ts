import { useMutation, useQueryClient } from '@tanstack/react-query';
import { templateRoutes, type TemplateBody } from '@parley/contracts/templates';
import { apiRequest } from '../../../lib/api-client';
import { templatesKeys } from './templates-keys';

export function updateTemplate({ id, body }: { id: string; body: TemplateBody }) {
  return apiRequest(templateRoutes.update, { params: { id }, body });
}

/** Edits a template and submits it again; the editor shows the failure beside the parts. */
export function useUpdateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTemplate,
    meta: { inlineErrors: true },
    onSuccess: (template) => {
      queryClient.setQueryData(templatesKeys.detail(template.id), template);
      return queryClient.invalidateQueries({ queryKey: templatesKeys.lists() });
    },
  });
}
