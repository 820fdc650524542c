import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { installFakeApi, ok } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { formatDatePattern } from '../../../lib/format-date';
import { BroadcastViewPage } from './BroadcastViewPage';
import { BROADCAST, detail, fakeRealtime, message } from './broadcast-test-data';

function row(index: number, status: string, extra: object = {}) {
  return {
    id: message(index),
    from: '+15550001111',
    to: `+91987654321${index}`,
    currentDeliveryStatus: status,
    currentDeliveryStatusTime: '2026-11-21T09:06:00.000Z',
    errorCode: null,
    errorText: null,
    ...extra,
  };
}

function renderView(realtime = fakeRealtime()) {
  return renderWithRouter(
    <Routes>
      <Route path="/campaigns/broadcast/:id" element={<BroadcastViewPage realtime={realtime} />} />
    </Routes>,
    { initialPath: `/campaigns/broadcast/${BROADCAST}` },
  );
}

describe('BroadcastViewPage', () => {
  it('shows the request read-only, the preview with the mapping, the progress and the messages with their ticks', async () => {
    installFakeApi({
      [`GET /api/broadcasts/${BROADCAST}`]: ok({ data: detail() }),
      [`GET /api/broadcasts/${BROADCAST}/messages`]: ok({
        message: [
          row(0, 'READ'),
          row(1, 'DELIVERED'),
          row(2, 'SUCCESS'),
          row(3, 'FAILED', { errorCode: '131026', errorText: 'Message undeliverable' }),
          row(4, 'PENDING', { currentDeliveryStatusTime: null }),
        ],
        more: false,
      }),
    });
    renderView();
    expect(await screen.findByRole('heading', { name: 'Broadcast' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Broadcasts' })).toHaveAttribute('href', '/campaigns/broadcast');
    const request = await screen.findByRole('region', { name: 'Request' });
    expect(within(request).getByText('Sandbox')).toBeInTheDocument();
    expect(within(request).getByLabelText('Mobile Numbers (2)')).toHaveValue('+919876543210, +919876543211');
    expect(within(request).getByLabelText('Mobile Numbers (2)')).toBeDisabled();
    expect(within(request).getByRole('table', { name: 'Variable Mapping' })).toHaveTextContent(
      'body.2Constant valueORD-77',
    );
    const preview = screen.getByRole('figure', { name: 'Template preview' });
    expect(preview).toHaveTextContent('Hello [name], your order ORD-77 is on its way.');

    const progress = screen.getByRole('region', { name: 'Progress' });
    expect(within(progress).getByRole('group', { name: 'Pending' })).toHaveTextContent(/^Pending.*5$/);
    expect(within(progress).getByRole('group', { name: 'Possible Duplicates' })).toHaveTextContent(
      /^Possible Duplicates.*0$/,
    );
    expect(within(progress).queryByRole('button', { name: /Retry Failed/ })).not.toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Messages' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['From', 'To', 'Sent Date', 'Status']);
    await within(table).findByText('+919876543210');
    const ticks = ['Read', 'Delivered', 'Sent', 'Failed', 'Pending'].map(
      (label) => within(table).getByRole('img', { name: label }).outerHTML,
    );
    expect(new Set(ticks.slice(0, 4)).size).toBe(4);
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getAllByRole('cell')[2]!.textContent).toBe(
      formatDatePattern('2026-11-21T09:06:00.000Z', 'd MMM yyyy hh:mm a'),
    );
    expect(within(table).getByText(/131026: Message undeliverable/)).toBeInTheDocument();
  });

  it('opens the Message Status dialog with the history, from a click or the keyboard', async () => {
    installFakeApi({
      [`GET /api/broadcasts/${BROADCAST}`]: ok({ data: detail() }),
      [`GET /api/broadcasts/${BROADCAST}/messages`]: ok({ message: [row(0, 'READ')], more: false }),
      [`GET /api/broadcasts/${BROADCAST}/messages/${message(0)}`]: ok({
        currentDeliveryStatus: 'READ',
        transId: 'wamid.HBgM123',
        messageStatuses: [
          { status: 'SUCCESS', messageStatusTime: '2026-11-21T09:06:00.000Z', msg: 'Accepted by the vendor' },
          { status: 'DELIVERED', messageStatusTime: '2026-11-21T09:06:02.000Z', msg: 'Delivered to the phone' },
          { status: 'READ', messageStatusTime: '2026-11-21T09:07:30.000Z', msg: 'Read by the customer' },
        ],
      }),
    });
    const user = userEvent.setup();
    renderView();
    const rowElement = await screen.findByRole('row', { name: 'Message to +919876543210: READ' });
    rowElement.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Message Status' });
    expect(await within(dialog).findByText('wamid.HBgM123')).toBeInTheDocument();
    expect(within(dialog).getByText('Current Status')).toBeInTheDocument();
    expect(within(dialog).getByText('Channel message Id')).toBeInTheDocument();
    const history = within(dialog).getByRole('table', { name: 'Status history' });
    expect(
      within(history)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Status', 'Date & Time', 'Description']);
    const last = within(history).getAllByRole('row')[3]!;
    expect(within(last).getAllByRole('cell')[1]!.textContent).toBe(
      formatDatePattern('2026-11-21T09:07:30.000Z', 'MMM dd yyyy hh:mm:ss a'),
    );
    expect(within(last).getAllByRole('cell')[1]!.textContent).toMatch(/^Nov 21 2026 \d\d:\d\d:\d\d (AM|PM)$/);
    expect(last).toHaveTextContent('Read by the customer');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Message Status' })).not.toBeInTheDocument());
  });

  it('retries the failed messages and says how many were queued; events refresh counts and the table', async () => {
    let retried = false;
    const api = installFakeApi({
      [`GET /api/broadcasts/${BROADCAST}`]: () =>
        ok({ data: detail({ status: retried ? 'SENDING' : 'COMPLETED', retryable: retried ? 0 : 3 }) }),
      [`GET /api/broadcasts/${BROADCAST}/messages`]: ok({ message: [row(0, 'FAILED')], more: false }),
      [`POST /api/broadcasts/${BROADCAST}/retry-failed`]: () => {
        retried = true;
        return ok({ queued: 3 });
      },
    });
    const realtime = fakeRealtime();
    const user = userEvent.setup();
    renderView(realtime);
    await user.click(await screen.findByRole('button', { name: 'Retry Failed (3)' }));
    expect(await screen.findByText('3 failed messages queued again')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Retry Failed/ })).not.toBeInTheDocument());
    expect(api.calls(`POST /api/broadcasts/${BROADCAST}/retry-failed`)).toHaveLength(1);

    const before = api.calls(`GET /api/broadcasts/${BROADCAST}/messages`).length;
    realtime.emit('broadcast.progress', {
      broadcastId: BROADCAST,
      status: 'SENDING',
      progress: { total: 10, sent: 7, delivered: 5, read: 2, failed: 1, blocked: 0, pending: 2, possibleDuplicates: 1 },
    });
    const progress = screen.getByRole('region', { name: 'Progress' });
    await waitFor(() =>
      expect(within(progress).getByRole('group', { name: 'Pending' })).toHaveTextContent(/^Pending.*2$/),
    );
    expect(within(progress).getByRole('group', { name: 'Possible Duplicates' })).toHaveTextContent(
      /^Possible Duplicates.*1$/,
    );
    await waitFor(() => expect(api.calls(`GET /api/broadcasts/${BROADCAST}/messages`).length).toBeGreaterThan(before));
  });

  it('says when the broadcast does not exist', async () => {
    installFakeApi({
      [`GET /api/broadcasts/${BROADCAST}`]: { status: 404, body: { status: false, code: 1404, message: 'Not found' } },
    });
    renderView();
    expect(await screen.findByText('Broadcast not found')).toBeInTheDocument();
  });
});
