import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { Template } from '@parley/contracts/templates';
import type { RealtimeClient } from '../../../lib/realtime-client';
import { templatesKeys } from '../api/templates-keys';

export const TEMPLATE_STATUS_EVENT = 'template.status';

const templateStatusEvent = z.object({
  templateId: z.string(),
  status: z.string(),
  reason: z.string().nullable().optional(),
});

type TemplatesPage = { templates: Template[]; more: boolean };

/**
 * 'template.status' ({ templateId, status, reason }): the row shows the new status at once in
 * every cached page and the template itself; then the lists refresh, since a status filter may
 * now keep or drop the row and its last update moved.
 */
export function subscribeTemplateEvents(realtime: Pick<RealtimeClient, 'on'>, queryClient: QueryClient): () => void {
  return realtime.on(TEMPLATE_STATUS_EVENT, (event) => {
    const parsed = templateStatusEvent.safeParse(event.payload);
    if (!parsed.success) return;
    const { templateId, status } = parsed.data;
    const reason = parsed.data.reason ?? null;
    const patch = (template: Template): Template =>
      template.id === templateId ? { ...template, status, reason } : template;
    for (const [key, page] of queryClient.getQueriesData<TemplatesPage>({ queryKey: templatesKeys.lists() })) {
      if (!page?.templates.some((template) => template.id === templateId)) continue;
      queryClient.setQueryData<TemplatesPage>(key, { ...page, templates: page.templates.map(patch) });
    }
    const detail = queryClient.getQueryData<Template>(templatesKeys.detail(templateId));
    if (detail) queryClient.setQueryData(templatesKeys.detail(templateId), patch(detail));
    void queryClient.invalidateQueries({ queryKey: templatesKeys.lists() });
  });
}
