import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, ok } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { formatDatePattern } from '../../../lib/format-date';
import { BroadcastsPage, defaultRange } from './BroadcastsPage';
import { BROADCAST, broadcast, fakeRealtime } from './broadcast-test-data';

describe('BroadcastsPage', () => {
  it('lists broadcasts of the last 7 days with the spec columns, and opens one', async () => {
    const api = installFakeApi({
      'GET /api/broadcasts': ok({ broadcastList: [broadcast()], more: false }),
    });
    const user = userEvent.setup();
    const view = renderWithRouter(<BroadcastsPage realtime={fakeRealtime()} canEditRates={false} />, {
      initialPath: '/campaigns/broadcast',
    });
    const table = await screen.findByRole('table', { name: 'Broadcasts' });
    await within(table).findByText('order_update');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Template Name', 'Initiated By', 'Channel', 'Created On', 'Status']);
    const row = within(table).getByText('order_update').closest('tr')!;
    const cells = within(row).getAllByRole('cell');
    expect(cells[1]).toHaveTextContent('Ada Lovelace');
    expect(cells[2]).toHaveTextContent('Sandbox');
    expect(cells[3]!.textContent).toBe(formatDatePattern('2026-11-21T09:05:00.000Z', 'd MMM yyyy hh:mm a'));
    expect(cells[3]!.textContent).toMatch(/^\d{1,2} Nov 2026 \d\d:\d\d (AM|PM)$/);
    expect(cells[4]).toHaveTextContent('Sending');
    expect(cells[4]).toHaveTextContent('4/10 sent');

    const query = api.calls('GET /api/broadcasts')[0]!.query;
    expect(query.get('perPage')).toBe('20');
    const range = defaultRange();
    expect(query.get('fromDate')).toBe(new Date(`${range.startDay}T00:00:00`).toISOString());
    expect(query.get('toDate')).toBe(new Date(`${range.endDay}T23:59:59.999`).toISOString());
    expect(screen.getByLabelText('Start Date')).toHaveValue(range.startDay);
    expect(screen.queryByRole('button', { name: 'Rate Card' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send Template' })).toHaveAttribute('href', '/campaigns/broadcast/create');

    await user.click(cells[2]!);
    expect(view.pathname()).toBe(`/campaigns/broadcast/${BROADCAST}`);
  });

  it("searches by template name and dates on Submit, says 'No Record', and refuses an end before the start", async () => {
    const api = installFakeApi({
      'GET /api/broadcasts': (request) =>
        ok({ broadcastList: request.query.get('name') ? [] : [broadcast()], more: false }),
    });
    const user = userEvent.setup();
    renderWithRouter(<BroadcastsPage realtime={fakeRealtime()} canEditRates={false} />);
    await screen.findByText('order_update');
    await user.type(screen.getByLabelText('Template Name'), 'promo');
    expect(await screen.findByText('No Record')).toBeInTheDocument();
    expect(api.calls('GET /api/broadcasts').at(-1)!.query.get('name')).toBe('promo');

    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2026-11-10' } });
    fireEvent.change(screen.getByLabelText('End Date'), { target: { value: '2026-11-01' } });
    const calls = api.calls('GET /api/broadcasts').length;
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Start Date must be on or before End Date')).toBeInTheDocument();
    expect(api.calls('GET /api/broadcasts')).toHaveLength(calls);

    fireEvent.change(screen.getByLabelText('End Date'), { target: { value: '2026-11-12' } });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(api.calls('GET /api/broadcasts').at(-1)!.query.get('fromDate')).toBe(
        new Date('2026-11-10T00:00:00').toISOString(),
      ),
    );
    expect(api.calls('GET /api/broadcasts').at(-1)!.query.get('toDate')).toBe(
      new Date('2026-11-12T23:59:59.999').toISOString(),
    );
  });

  it("moves the status and progress from 'broadcast.progress' events without asking the server", async () => {
    const api = installFakeApi({ 'GET /api/broadcasts': ok({ broadcastList: [broadcast()], more: false }) });
    const realtime = fakeRealtime();
    renderWithRouter(<BroadcastsPage realtime={realtime} canEditRates={false} />);
    const row = (await screen.findByText('order_update')).closest('tr')!;
    expect(row).toHaveTextContent('4/10 sent');
    realtime.emit('broadcast.progress', {
      broadcastId: BROADCAST,
      status: 'COMPLETED',
      progress: { total: 10, sent: 9, delivered: 7, read: 3, failed: 1, blocked: 0, pending: 0, possibleDuplicates: 0 },
    });
    await waitFor(() => expect(row).toHaveTextContent('9/10 sent'));
    expect(row).toHaveTextContent('Completed');
    expect(within(row).getByLabelText('Delivered: 4')).toBeInTheDocument();
    expect(api.calls('GET /api/broadcasts')).toHaveLength(1);

    // An older event arriving late does not take the broadcast back.
    realtime.emit('broadcast.progress', {
      broadcastId: BROADCAST,
      status: 'SENDING',
      progress: { total: 10, sent: 5, delivered: 2, read: 1, failed: 1, blocked: 0, pending: 4, possibleDuplicates: 0 },
    });
    expect(row).toHaveTextContent('9/10 sent');
  });

  it('asks the server again while a broadcast runs and the websocket is down', async () => {
    let calls = 0;
    installFakeApi({
      'GET /api/broadcasts': () => {
        calls += 1;
        return ok({
          broadcastList: [
            broadcast(
              calls > 1 ? { status: 'COMPLETED', progress: { ...broadcast().progress, sent: 9, pending: 0 } } : {},
            ),
          ],
          more: false,
        });
      },
    });
    renderWithRouter(<BroadcastsPage realtime={fakeRealtime(false)} canEditRates={false} />);
    const row = (await screen.findByText('order_update')).closest('tr')!;
    await waitFor(() => expect(row).toHaveTextContent('9/10 sent'), { timeout: 8000 });
    expect(row).toHaveTextContent('Completed');
  }, 15_000);

  it('pages by 20 with Previous and Next', async () => {
    installFakeApi({
      'GET /api/broadcasts': (request) =>
        request.query.get('from') === '0'
          ? ok({ broadcastList: [broadcast()], more: true })
          : ok({
              broadcastList: [broadcast({ id: 'b0b00000-0000-4000-8000-000000000002', name: 'promo' })],
              more: false,
            }),
    });
    const user = userEvent.setup();
    renderWithRouter(<BroadcastsPage realtime={fakeRealtime()} canEditRates={false} />);
    await screen.findByText('order_update');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('promo')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});

describe('RateCardDialog', () => {
  it('edits the rate card: adds and removes rows, checks them, and saves', async () => {
    const api = installFakeApi({
      'GET /api/broadcasts': ok({ broadcastList: [], more: false }),
      'GET /api/rate-card': ok({ currency: 'INR', rates: [{ country: '91', category: 'MARKETING', rate: 0.8 }] }),
      'PUT /api/rate-card': (request) => ok(request.body),
    });
    const user = userEvent.setup();
    renderWithRouter(<BroadcastsPage realtime={fakeRealtime()} canEditRates />);
    await user.click(await screen.findByRole('button', { name: 'Rate Card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rate Card' });
    expect(await within(dialog).findByLabelText('Dial code of rate 1')).toHaveValue('91');

    await user.click(within(dialog).getByRole('button', { name: 'Add Rate' }));
    await user.type(within(dialog).getByLabelText('Dial code of rate 2'), '91');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('This dial code and category are already listed')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a rate')).toBeInTheDocument();
    expect(api.calls('PUT /api/rate-card')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Dial code of rate 2'));
    await user.type(within(dialog).getByLabelText('Dial code of rate 2'), '+44');
    await user.type(within(dialog).getByLabelText('Price of rate 2'), '0.05');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('A dial code such as 91')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Dial code of rate 2'));
    await user.type(within(dialog).getByLabelText('Dial code of rate 2'), '44');
    await user.click(within(dialog).getByRole('radio', { name: 'USD ($)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove rate 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('PUT /api/rate-card')).toHaveLength(1));
    expect(api.calls('PUT /api/rate-card')[0]!.body).toEqual({
      currency: 'USD',
      rates: [{ country: '44', category: 'MARKETING', rate: 0.05 }],
    });
    expect(await screen.findByText('Rate card saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rate Card' })).not.toBeInTheDocument());
  }, 20_000);
});
