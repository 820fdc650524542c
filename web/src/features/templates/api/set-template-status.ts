import { useMutation, useQueryClient } from '@tanstack/react-query';
import { templateRoutes } from '@parley/contracts/templates';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { templatesKeys } from './templates-keys';

type StatusBody = z.input<typeof templateRoutes.setStatus.body>;

export function setTemplateStatus({ id, body }: { id: string; body: StatusBody }) {
  return apiRequest(templateRoutes.setStatus, { params: { id }, body });
}

/** Records the vendor portal's decision (vendors without a template API). */
export function useSetTemplateStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTemplateStatus,
    meta: { inlineErrors: true },
    onSuccess: (template) => {
      queryClient.setQueryData(templatesKeys.detail(template.id), template);
      return queryClient.invalidateQueries({ queryKey: templatesKeys.lists() });
    },
  });
}
