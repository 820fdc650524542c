import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CustomerUpload } from '@parley/contracts/customer-master';
import { installFakeApi, ok } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { UploadErrorsPage } from './UploadErrorsPage';

const UPLOAD = '0a0a0000-0000-4000-8000-000000000001';

const record: CustomerUpload = {
  id: UPLOAD,
  fileName: 'customers.csv',
  segmentId: '5e5e0000-0000-4000-8000-000000000001',
  segmentName: 'Newsletter',
  replace: false,
  state: 'COMPLETED',
  totalLines: 40,
  acceptedLines: 20,
  errorLines: 20,
  progress: 1,
  errorMessage: null,
  createdAt: '2026-11-21T09:00:00.000Z',
  completedAt: '2026-11-21T09:05:00.000Z',
};

const realtime = { on: () => () => undefined, isConnected: () => true };

function errorRow(index: number) {
  return {
    line: index + 2,
    lineStr: `Person ${index},12${index},"Pune, MH"`,
    errors: ['Enter a valid phone number with its country code, e.g. +91 98765 43210', 'City is required'],
  };
}

describe('UploadErrorsPage', () => {
  it('lists the rejected rows as in the file with each message on its own line, 15 per page', async () => {
    const api = installFakeApi({
      [`GET /api/customer-uploads/${UPLOAD}`]: ok(record),
      [`GET /api/customer-uploads/${UPLOAD}/errors`]: (request) => {
        const from = Number(request.query.get('from'));
        return from === 0
          ? ok({ errors: Array.from({ length: 15 }, (_, index) => errorRow(index)), total: 20, hasMore: true })
          : ok({ errors: Array.from({ length: 5 }, (_, index) => errorRow(15 + index)), total: 20, hasMore: false });
      },
    });
    const user = userEvent.setup();
    renderWithRouter(<UploadErrorsPage uploadId={UPLOAD} realtime={realtime} />);
    const table = await screen.findByRole('table', { name: 'Error List' });
    await within(table).findByText('Person 0,120,"Pune, MH"');
    expect(screen.getByText('customers.csv')).toBeInTheDocument();
    expect(screen.getByText('20 rejected rows')).toBeInTheDocument();
    const first = within(table).getAllByRole('row')[1]!;
    const cells = within(first).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('1');
    expect(
      within(cells[2]!)
        .getAllByText(/./)
        .map((line) => line.textContent),
    ).toEqual(['Enter a valid phone number with its country code, e.g. +91 98765 43210', 'City is required']);
    expect(api.calls(`GET /api/customer-uploads/${UPLOAD}/errors`)[0]!.query.get('perPage')).toBe('15');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await within(table).findByText('Person 15,1215,"Pune, MH"');
    expect(within(within(table).getAllByRole('row')[1]!).getAllByRole('cell')[0]).toHaveTextContent('16');
  });

  it("says 'No Errors Found' and offers no download when every row was accepted", async () => {
    installFakeApi({
      [`GET /api/customer-uploads/${UPLOAD}`]: ok({ ...record, acceptedLines: 40, errorLines: 0 }),
      [`GET /api/customer-uploads/${UPLOAD}/errors`]: ok({ errors: [], total: 0, hasMore: false }),
    });
    renderWithRouter(<UploadErrorsPage uploadId={UPLOAD} realtime={realtime} />);
    expect(await screen.findByText('No Errors Found')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download Rejected Rows' })).toBeDisabled());
  });

  it('downloads the rejected rows with the session token', async () => {
    window.localStorage.setItem('parley.sessionToken', 'token-1');
    const api = installFakeApi({
      [`GET /api/customer-uploads/${UPLOAD}`]: ok(record),
      [`GET /api/customer-uploads/${UPLOAD}/errors`]: ok({ errors: [errorRow(0)], total: 1, hasMore: false }),
      [`GET /api/customer-uploads/${UPLOAD}/errors.csv`]: { body: 'name,phone,reason' },
    });
    const created = vi.fn(() => 'blob:errors');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithRouter(<UploadErrorsPage uploadId={UPLOAD} realtime={realtime} />);
    const button = await screen.findByRole('button', { name: 'Download Rejected Rows' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    const call = api.calls(`GET /api/customer-uploads/${UPLOAD}/errors.csv`)[0]!;
    expect(call.headers.authtoken).toBe('token-1');
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('customers-errors.csv');
  });
});
