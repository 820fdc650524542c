import './jsdom-fonts.test-setup';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import type { RealtimeListener } from '../../../lib/realtime-client';
import { toastStore } from '../../../lib/toast';
import { TemplatesPage } from './TemplatesPage';
import { META_CHANNEL, SANDBOX_CHANNEL, channel, template } from './template-fixtures.test-data';

const channels = {
  'GET /api/channels': (request: { query: URLSearchParams }) =>
    ok({
      channelConfig:
        request.query.get('type') === '4'
          ? [channel(SANDBOX_CHANNEL, 'Sandbox WhatsApp', 0), channel(META_CHANNEL, 'Meta Cloud', 19)]
          : [],
      more: false,
    }),
};
const toastMessages = () => toastStore.getState().notifications.map((toast) => String(toast.message));

describe('TemplatesPage', () => {
  it('lists the templates with their kind, category, language and status (with the reason)', async () => {
    installFakeApi({
      ...channels,
      'GET /api/templates': ok({
        templates: [
          template(1),
          template(2, {
            status: 'REJECTED',
            reason: 'The body has a formatting problem',
            type: 'CAROUSEL',
            category: 'MARKETING',
            language: 'hi',
          }),
        ],
        more: false,
      }),
    });
    renderWithRouter(<TemplatesPage />);
    const table = await screen.findByRole('table', { name: 'Message templates' });
    await within(table).findByText('order_update_1');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('order_update_1');
    expect(rows[1]).toHaveTextContent('Sandbox WhatsApp');
    expect(rows[1]).toHaveTextContent('Utility');
    expect(rows[1]).toHaveTextContent('Standard');
    expect(rows[1]).toHaveTextContent('English (US)');
    expect(rows[1]).toHaveTextContent('APPROVED');
    expect(rows[2]).toHaveTextContent('Carousel');
    expect(rows[2]).toHaveTextContent('Marketing');
    expect(rows[2]).toHaveTextContent('Hindi');
    expect(rows[2]).toHaveTextContent('REJECTED');
    expect(rows[2]).toHaveTextContent('The body has a formatting problem');
    expect(screen.getByRole('link', { name: 'Create Template' })).toHaveAttribute(
      'href',
      '/admin/messageTemplate/whatsapp/create',
    );
    expect(within(rows[1]!).getByRole('link', { name: 'Edit order_update_1' })).toHaveAttribute(
      'href',
      `/admin/messageTemplate/whatsapp/${template(1).id}`,
    );
  }, 20_000);

  it('filters by status and channel, searches by name after 300 ms, and says No Record', async () => {
    const api = installFakeApi({ ...channels, 'GET /api/templates': ok({ templates: [], more: false }) });
    const user = userEvent.setup();
    renderWithRouter(<TemplatesPage />);
    expect(await screen.findByText('No Record')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'PENDING' }));
    await waitFor(() => expect(api.calls('GET /api/templates').at(-1)!.query.get('status')).toBe('PENDING'));

    await user.click(screen.getByRole('combobox', { name: 'Channel' }));
    await user.click(await screen.findByRole('option', { name: 'Meta Cloud' }));
    await waitFor(() => expect(api.calls('GET /api/templates').at(-1)!.query.get('channelId')).toBe(META_CHANNEL));

    const before = api.calls('GET /api/templates').length;
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'order');
    // Typing alone asks nothing; the search goes once the typing pauses.
    expect(api.calls('GET /api/templates')).toHaveLength(before);
    await waitFor(() => expect(api.calls('GET /api/templates').at(-1)!.query.get('name')).toBe('order'));
    expect(api.calls('GET /api/templates')).toHaveLength(before + 1);
  }, 20_000);

  it('pages by 20 with Previous and Next', async () => {
    const api = installFakeApi({
      ...channels,
      'GET /api/templates': (request) =>
        ok({
          templates: [template(Number(request.query.get('from')) + 1)],
          more: request.query.get('from') === '0',
        }),
    });
    const user = userEvent.setup();
    renderWithRouter(<TemplatesPage />);
    expect(await screen.findByText('order_update_1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('order_update_21')).toBeInTheDocument();
    expect(api.calls('GET /api/templates').at(-1)!.query.get('perPage')).toBe('20');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('order_update_1')).toBeInTheDocument();
  }, 20_000);

  it('sends a test of an APPROVED template with the examples prefilled, and links the Sandbox phone', async () => {
    const api = installFakeApi({
      ...channels,
      'GET /api/templates': ok({ templates: [template(1), template(2, { status: 'PENDING' })], more: false }),
      [`POST /api/templates/${template(1).id}/test-send`]: (request) =>
        (request.body as { to: string }).to === '123'
          ? fail(400, 1400, 'Invalid number format', { fieldErrors: { to: 'Invalid number format' } })
          : ok({ messageId: '0d0d0000-0000-4000-8000-000000000001', vendorMessageId: 'sbx.1', status: 'accepted' }),
    });
    const user = userEvent.setup();
    renderWithRouter(<TemplatesPage />);

    // Only an APPROVED template offers Send test.
    await user.click(await screen.findByRole('button', { name: 'More actions for order_update_2' }));
    expect(await screen.findByRole('menuitem', { name: 'Sync' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Send Test' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'More actions for order_update_1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Send Test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Test: order_update_1' });
    expect(within(dialog).getByRole('textbox', { name: 'Body {{1}}' })).toHaveValue('Jessica');
    expect(within(dialog).getByText('Hi Jessica, your order ships today.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText('This Field is Mandatory')).toBeInTheDocument();
    expect(api.calls(`POST /api/templates/${template(1).id}/test-send`)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Phone Number' }), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findAllByText('Invalid number format')).not.toHaveLength(0);

    const phone = within(dialog).getByRole('textbox', { name: 'Phone Number' });
    await user.clear(phone);
    await user.type(phone, '+919812345678');
    const value = within(dialog).getByRole('textbox', { name: 'Body {{1}}' });
    await user.clear(value);
    await user.type(value, 'Ravi');
    expect(within(dialog).getByText('Hi Ravi, your order ships today.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('link', { name: 'Open Sandbox Phone' })).toHaveAttribute(
      'href',
      `/admin/sandbox-phone/${SANDBOX_CHANNEL}`,
    );
    expect(api.calls(`POST /api/templates/${template(1).id}/test-send`).at(-1)!.body).toEqual({
      to: '+919812345678',
      values: { 'body.1': 'Ravi' },
    });
    expect(toastMessages()).toContain('Test message sent to +919812345678');
  }, 20_000);

  it('syncs where the vendor has a template API, records a status where it has none, and deletes after confirming', async () => {
    const api = installFakeApi({
      ...channels,
      'GET /api/templates': ok({
        templates: [template(1), template(3, { vendorManaged: false, status: 'PENDING' })],
        more: false,
      }),
      [`PUT /api/templates/${template(3).id}/status`]: (request) =>
        ok(template(3, { vendorManaged: false, ...(request.body as object) })),
      [`DELETE /api/templates/${template(1).id}`]: ok({ id: template(1).id }),
    });
    const user = userEvent.setup();
    renderWithRouter(<TemplatesPage />);

    await user.click(await screen.findByRole('button', { name: 'More actions for order_update_1' }));
    expect(await screen.findByRole('menuitem', { name: 'Sync' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Record Status' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this template?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls(`DELETE /api/templates/${template(1).id}`)).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'More actions for order_update_3' }));
    const record = await screen.findByRole('menuitem', { name: 'Record Status' });
    // A vendor without a template API has no status to sync.
    expect(screen.queryByRole('menuitem', { name: 'Sync' })).not.toBeInTheDocument();
    await user.click(record);
    const dialog = await screen.findByRole('dialog', { name: 'Record Status: order_update_3' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'REJECTED' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Wrong category');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls(`PUT /api/templates/${template(3).id}/status`)[0]!.body).toEqual({
        status: 'REJECTED',
        reason: 'Wrong category',
      }),
    );
  }, 20_000);

  it('syncs a template and reports its status', async () => {
    const api = installFakeApi({
      ...channels,
      'GET /api/templates': ok({ templates: [template(2, { status: 'PENDING' })], more: false }),
      [`POST /api/templates/${template(2).id}/sync`]: ok(template(2, { status: 'REJECTED', reason: 'Bad format' })),
    });
    const user = userEvent.setup();
    renderWithRouter(<TemplatesPage />);
    await user.click(await screen.findByRole('button', { name: 'More actions for order_update_2' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sync' }));
    await waitFor(() => expect(api.calls(`POST /api/templates/${template(2).id}/sync`)).toHaveLength(1));
    await waitFor(() => expect(toastMessages()).toContain('order_update_2: REJECTED'));
  }, 20_000);

  it('previews a template in a drawer', async () => {
    installFakeApi({ ...channels, 'GET /api/templates': ok({ templates: [template(1)], more: false }) });
    const user = userEvent.setup();
    renderWithRouter(<TemplatesPage />);
    await user.click(await screen.findByRole('button', { name: 'Preview order_update_1' }));
    const preview = await screen.findByRole('figure', { name: 'Template preview' });
    expect(within(preview).getByText('Hi Jessica, your order ships today.')).toBeInTheDocument();
    expect(within(preview).getByText('Track order')).toBeInTheDocument();
  }, 20_000);

  it("refreshes when a template's status changes", async () => {
    let listener: RealtimeListener | undefined;
    const realtime = {
      on: (_name: string, next: RealtimeListener) => {
        listener = next;
        return () => (listener = undefined);
      },
    };
    let status = 'PENDING';
    installFakeApi({
      ...channels,
      'GET /api/templates': () => ok({ templates: [template(1, { status })], more: false }),
    });
    renderWithRouter(<TemplatesPage realtime={realtime} />);
    expect(await screen.findByText('PENDING')).toBeInTheDocument();
    status = 'APPROVED';
    act(() =>
      listener!({
        type: 'event',
        id: 7,
        name: 'template.status',
        payload: { templateId: template(1).id, status: 'APPROVED', reason: null },
        at: '2026-11-21T09:00:00.000Z',
      }),
    );
    expect(await screen.findByText('APPROVED')).toBeInTheDocument();
  }, 20_000);
});
