import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CustomerUpload } from '@parley/contracts/customer-master';
import { fakeRealtime } from '../../../test/fake-realtime';
import { installFakeApi, ok } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { formatDatePattern } from '../../../lib/format-date';
import { UploadsPage } from './UploadsPage';

const SEGMENT = '5e5e0000-0000-4000-8000-000000000001';

function upload(index: number, extra: Partial<CustomerUpload> = {}): CustomerUpload {
  return {
    id: `0a0a0000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    fileName: `customers-${index}.csv`,
    segmentId: SEGMENT,
    segmentName: 'Newsletter',
    replace: false,
    state: 'COMPLETED',
    totalLines: 10,
    acceptedLines: 8,
    errorLines: 2,
    progress: 1,
    errorMessage: null,
    createdAt: '2026-11-21T09:00:00.000Z',
    completedAt: '2026-11-21T09:05:00.000Z',
    ...extra,
  };
}

const segments = ok({ segments: [{ id: SEGMENT, name: 'Newsletter', count: 3 }] });

describe('UploadsPage', () => {
  it('lists the uploads with their counts, date and status, and opens the Error List of a row', async () => {
    const failed = upload(2, { state: 'ERROR', errorMessage: 'The file could not be read', acceptedLines: 0 });
    const api = installFakeApi({
      'GET /api/customer-segments': segments,
      'GET /api/customer-uploads': ok({ uploads: [upload(1), failed], hasMore: false }),
    });
    const user = userEvent.setup();
    const view = renderWithRouter(<UploadsPage segmentId={SEGMENT} canUpload realtime={fakeRealtime(true)} />, {
      initialPath: `/customer-master/uploads/${SEGMENT}`,
    });
    const table = await screen.findByRole('table', { name: 'My Uploads' });
    const first = (await within(table).findByText('customers-1.csv')).closest('tr')!;
    const cells = within(first)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(1, 5)).toEqual([
      '10',
      '8',
      '2',
      formatDatePattern('2026-11-21T09:05:00.000Z', 'd MMM yyyy hh:mm a'),
    ]);
    expect(cells[4]).toMatch(/^\d{1,2} Nov 2026 \d\d:\d\d (AM|PM)$/);
    expect(first).toHaveTextContent('COMPLETED');
    expect(within(table).getByLabelText('ERROR: The file could not be read')).toBeInTheDocument();
    expect(api.calls('GET /api/customer-uploads')[0]!.query.get('segmentId')).toBe(SEGMENT);
    expect(api.calls('GET /api/customer-uploads')[0]!.query.get('perPage')).toBe('10');
    expect(screen.getByRole('link', { name: 'Upload File' })).toHaveAttribute(
      'href',
      `/customer-master/uploadfile/${SEGMENT}`,
    );

    await user.click(within(first).getAllByRole('cell')[2]!);
    expect(view.pathname()).toBe(`/customer-master/error/${upload(1).id}`);
  });

  it("says 'No Record' when there is no upload, and pages with Previous / Next", async () => {
    installFakeApi({
      'GET /api/customer-segments': segments,
      'GET /api/customer-uploads': (request) =>
        request.query.get('from') === '0'
          ? ok({ uploads: Array.from({ length: 10 }, (_, index) => upload(index)), hasMore: true })
          : ok({ uploads: [], hasMore: false }),
    });
    const user = userEvent.setup();
    renderWithRouter(<UploadsPage canUpload={false} realtime={fakeRealtime(true)} />);
    expect(await screen.findByText('customers-9.csv')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Upload File' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('No Record')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it("moves a running import's progress and counts from 'customerUpload.progress' events without asking the server", async () => {
    const running = upload(1, {
      state: 'WAITING',
      progress: 0.25,
      totalLines: 100,
      acceptedLines: 20,
      errorLines: 5,
      completedAt: null,
    });
    const api = installFakeApi({
      'GET /api/customer-segments': segments,
      'GET /api/customer-uploads': ok({ uploads: [running], hasMore: false }),
    });
    const realtime = fakeRealtime(true);
    renderWithRouter(<UploadsPage segmentId={SEGMENT} canUpload realtime={realtime} />);
    const bar = await screen.findByRole('progressbar', { name: 'Import progress of customers-1.csv' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    const row = () => screen.getByText('customers-1.csv').closest('tr')!;
    expect(row()).toHaveTextContent('WAITING');

    realtime.emit('customerUpload.progress', {
      ...running,
      progress: 0.6,
      totalLines: 300,
      acceptedLines: 250,
      errorLines: 10,
    });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '60'));
    expect(
      within(row())
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(1, 4),
    ).toEqual(['300', '250', '10']);

    // A late event of an earlier moment does not move the bar back.
    realtime.emit('customerUpload.progress', { ...running, progress: 0.4 }, 2);
    expect(bar).toHaveAttribute('aria-valuenow', '60');

    realtime.emit(
      'customerUpload.progress',
      {
        ...running,
        state: 'COMPLETED',
        progress: 1,
        totalLines: 400,
        acceptedLines: 380,
        errorLines: 20,
        completedAt: '2026-11-21T09:09:00.000Z',
      },
      3,
    );
    await waitFor(() => expect(row()).toHaveTextContent('COMPLETED'));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(
      within(row())
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(1, 4),
    ).toEqual(['400', '380', '20']);
    expect(api.calls('GET /api/customer-uploads')).toHaveLength(1);
  });

  it('asks the server again while an import runs and the websocket is down', async () => {
    let calls = 0;
    installFakeApi({
      'GET /api/customer-segments': segments,
      'GET /api/customer-uploads': () => {
        calls += 1;
        return ok({
          uploads: [
            calls < 2
              ? upload(1, { state: 'WAITING', progress: 0.1, completedAt: null })
              : upload(1, { totalLines: 50, acceptedLines: 49, errorLines: 1 }),
          ],
          hasMore: false,
        });
      },
    });
    renderWithRouter(<UploadsPage segmentId={SEGMENT} canUpload realtime={fakeRealtime(false)} />);
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('customers-1.csv').closest('tr')).toHaveTextContent('COMPLETED'), {
      timeout: 6000,
    });
    const settledCalls = calls;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    // Nothing runs any more: no more polling.
    expect(calls).toBe(settledCalls);
  }, 15_000);
});
