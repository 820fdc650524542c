import { QueryClient } from '@tanstack/react-query';
import type { Template } from '@parley/contracts/templates';
import type { RealtimeListener } from '../../../lib/realtime-client';
import { templatesKeys } from '../api/templates-keys';
import { subscribeTemplateEvents } from './template-events';

const template = (index: number, extra: Partial<Template> = {}): Template => ({
  id: `0b0b0000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  templateId: `t${index}`,
  name: `t${index}`,
  channelId: '0c0c0000-0000-4000-8000-000000000001',
  channelName: 'Sandbox',
  language: 'en_US',
  category: 'MARKETING',
  parameter_format: 'POSITIONAL',
  type: 'STANDARD',
  components: [{ type: 'BODY', text: 'Hi' }],
  status: 'PENDING',
  reason: null,
  vendorTemplateId: null,
  vendorManaged: true,
  submittedAt: null,
  statusAt: '2026-11-21T09:00:00.000Z',
  createdAt: '2026-11-21T09:00:00.000Z',
  updatedAt: '2026-11-21T09:00:00.000Z',
  ...extra,
});

function setup() {
  let listener: RealtimeListener | undefined;
  const realtime = {
    on: (_name: string, next: RealtimeListener) => {
      listener = next;
      return () => (listener = undefined);
    },
  };
  const queryClient = new QueryClient();
  const unsubscribe = subscribeTemplateEvents(realtime, queryClient);
  const emit = (payload: unknown) =>
    listener!({ type: 'event', id: 1, name: 'template.status', payload, at: '2026-11-21T09:00:00.000Z' });
  return { queryClient, emit, unsubscribe, listening: () => listener !== undefined };
}

describe('subscribeTemplateEvents', () => {
  it('shows the new status in the cached rows and the template, then refreshes the lists', () => {
    const { queryClient, emit } = setup();
    const page = templatesKeys.list({ from: 0, perPage: 20 });
    queryClient.setQueryData(page, { templates: [template(1), template(2)], more: false });
    queryClient.setQueryData(templatesKeys.detail(template(2).id), template(2));
    emit({ templateId: template(2).id, status: 'REJECTED', reason: 'INVALID_FORMAT' });
    const rows = queryClient.getQueryData<{ templates: Template[] }>(page)!.templates;
    expect(rows.map((row) => [row.status, row.reason])).toEqual([
      ['PENDING', null],
      ['REJECTED', 'INVALID_FORMAT'],
    ]);
    expect(queryClient.getQueryData<Template>(templatesKeys.detail(template(2).id))!.status).toBe('REJECTED');
    expect(queryClient.getQueryState(page)!.isInvalidated).toBe(true);
  });

  it('ignores a payload that is not a status, and stops listening when unsubscribed', () => {
    const { queryClient, emit, unsubscribe, listening } = setup();
    const page = templatesKeys.list({ from: 0, perPage: 20 });
    queryClient.setQueryData(page, { templates: [template(1)], more: false });
    emit({ id: template(1).id });
    expect(queryClient.getQueryState(page)!.isInvalidated).toBe(false);
    unsubscribe();
    expect(listening()).toBe(false);
  });
});
