import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReportMessage } from '@parley/contracts/broadcasts';
import { installFakeApi, ok } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { formatDatePattern } from '../../../lib/format-date';
import { DeliveryReportPage, defaultForm } from './DeliveryReportPage';

const CHANNEL = 'c0c00000-0000-4000-8000-000000000001';

function reportRow(index: number, extra: Partial<ReportMessage> = {}): ReportMessage {
  return {
    id: `a1a10000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    channelName: 'Sandbox',
    direction: 'outbound',
    customerNumber: `+91987654321${index}`,
    messageId: `wamid.${index}`,
    source: 'broadcast',
    templateName: 'order_update',
    status: 'DELIVERED',
    statusTime: '2026-11-21T09:06:00.000Z',
    errorCode: null,
    errorText: null,
    createdOn: '2026-11-21T09:05:00.000Z',
    ...extra,
  };
}

const channels = ok({ channelConfig: [{ id: CHANNEL, name: 'Sandbox' }], more: false });

describe('DeliveryReportPage', () => {
  it('shows the last 7 days by default with the report columns', async () => {
    const api = installFakeApi({
      'GET /api/channels': channels,
      'GET /api/reports/messages/status': ok({
        messages: [reportRow(0), reportRow(1, { status: 'FAILED', errorCode: '131026', errorText: 'Undeliverable' })],
        more: false,
      }),
    });
    renderWithRouter(<DeliveryReportPage canListChannels />);
    const table = await screen.findByRole('table', { name: 'Messages' });
    await within(table).findByText('+919876543210');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Created On', 'Channel', 'Direction', 'Number', 'Template', 'Message Id', 'Status', 'Error']);
    const first = within(table).getAllByRole('row')[1]!;
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      formatDatePattern('2026-11-21T09:05:00.000Z', 'd MMM yyyy hh:mm a'),
      'Sandbox',
      'Outbound',
      '+919876543210',
      'order_update',
      'wamid.0',
      'DELIVERED',
      '—',
    ]);
    expect(within(table).getByText('131026: Undeliverable')).toBeInTheDocument();
    const query = api.calls('GET /api/reports/messages/status')[0]!.query;
    const form = defaultForm();
    expect(query.get('fromDate')).toBe(new Date(`${form.startDay}T00:00:00`).toISOString());
    expect(query.get('toDate')).toBe(new Date(`${form.endDay}T23:59:59.999`).toISOString());
    expect(query.get('perPage')).toBe('20');
  });

  it('filters by number, status and message id on Apply, and exports the same filters as CSV with the token', async () => {
    window.localStorage.setItem('parley.sessionToken', 'token-1');
    const api = installFakeApi({
      'GET /api/channels': channels,
      'GET /api/reports/messages/status': (request) =>
        ok({ messages: request.query.get('customerNumber') ? [] : [reportRow(0)], more: false }),
      'GET /api/reports/messages/status.csv': { body: 'Created On,Channel' },
    });
    const created = vi.fn(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithRouter(<DeliveryReportPage canListChannels />);
    await screen.findByText('+919876543210');
    await user.type(screen.getByLabelText('Customer Number'), '+919876543219');
    await user.type(screen.getByLabelText('Message Id'), 'wamid.9');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('No Record')).toBeInTheDocument();
    const query = api.calls('GET /api/reports/messages/status').at(-1)!.query;
    expect(query.get('customerNumber')).toBe('+919876543219');
    expect(query.get('messageId')).toBe('wamid.9');
    expect(query.get('status')).toBe('FAILED');

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    const call = api.calls('GET /api/reports/messages/status.csv')[0]!;
    expect(call.headers.authtoken).toBe('token-1');
    expect(call.query.get('customerNumber')).toBe('+919876543219');
    expect(call.query.get('status')).toBe('FAILED');
    expect(call.query.get('fromDate')).toBe(query.get('fromDate'));
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toMatch(/^delivery-report-.*\.csv$/);
  }, 15_000);

  it('refuses an end date before the start date', async () => {
    const api = installFakeApi({
      'GET /api/reports/messages/status': ok({ messages: [], more: false }),
    });
    const user = userEvent.setup();
    renderWithRouter(<DeliveryReportPage canListChannels={false} />);
    expect(await screen.findByText('No Record')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Channel' })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2026-11-10' } });
    fireEvent.change(screen.getByLabelText('End Date'), { target: { value: '2026-11-01' } });
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText('Start Date must be on or before End Date')).toBeInTheDocument();
    expect(api.calls('GET /api/reports/messages/status')).toHaveLength(1);
  });
});
