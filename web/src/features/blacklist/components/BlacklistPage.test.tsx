import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BlacklistEntry } from '@parley/contracts/broadcasts';
import { installFakeApi, ok } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { BlacklistPage } from './BlacklistPage';

function entry(index: number, extra: Partial<BlacklistEntry> = {}): BlacklistEntry {
  return {
    id: `f0f00000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    phoneNumber: `+91987654320${index}`,
    reason: 'Asked not to be contacted',
    source: 'manual',
    createdBy: 'Ada Lovelace',
    createdOn: '2026-11-21T09:00:00.000Z',
    ...extra,
  };
}

describe('BlacklistPage', () => {
  it('lists numbers with their source, searches, and says when nothing matches', async () => {
    const api = installFakeApi({
      'GET /api/blacklist': (request) =>
        request.query.get('search')
          ? ok({ blacklist: [], more: false, total: 0 })
          : ok({
              blacklist: [
                entry(1),
                entry(2, { source: 'import', reason: 'Imported from dnd.csv' }),
                entry(3, { source: 'opt_out', reason: 'Replied STOP on Sandbox', createdBy: null }),
              ],
              more: false,
              total: 3,
            }),
    });
    const user = userEvent.setup();
    renderWithRouter(<BlacklistPage />);
    const table = await screen.findByRole('table', { name: 'Blacklist' });
    await within(table).findByText('+919876543201');
    expect(within(table).getByText('Manual')).toBeInTheDocument();
    expect(within(table).getByText('Import')).toBeInTheDocument();
    expect(within(table).getByText('Opted out')).toBeInTheDocument();
    expect(within(table).getByText('+919876543203').closest('tr')).toHaveTextContent('Customer');
    expect(screen.getByText('3 numbers')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Search'), '98765');
    expect(await within(table).findByText('No Record')).toBeInTheDocument();
    expect(api.calls('GET /api/blacklist').at(-1)!.query.get('search')).toBe('98765');
  }, 15_000);

  it('adds numbers and lists the lines that were not numbers', async () => {
    const api = installFakeApi({
      'GET /api/blacklist': ok({ blacklist: [], more: false, total: 0 }),
      'POST /api/blacklist': ok({
        added: 1,
        already: 1,
        invalid: [{ line: 3, value: '12', message: 'please enter valid number' }],
      }),
    });
    const user = userEvent.setup();
    renderWithRouter(<BlacklistPage />);
    expect(await screen.findByText('No number is blacklisted yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Numbers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Numbers' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText('This Field is Mandatory')).toBeInTheDocument();
    expect(api.calls('POST /api/blacklist')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Mobile Numbers/), '+919876543210, +919876543211{enter}12');
    await user.type(within(dialog).getByLabelText('Reason'), 'Complaint');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    const result = await within(dialog).findByRole('status', { name: 'Result' });
    expect(result).toHaveTextContent('1 added');
    expect(result).toHaveTextContent('1 already listed');
    expect(result).toHaveTextContent('1 invalid');
    expect(within(result).getByRole('table', { name: 'Invalid lines' })).toHaveTextContent(
      '312please enter valid number',
    );
    expect(api.calls('POST /api/blacklist')[0]!.body).toEqual({
      phoneNumbers: ['+919876543210', '+919876543211', '12'],
      reason: 'Complaint',
    });
    expect(within(dialog).getByLabelText(/Mobile Numbers/)).toHaveValue('12');
    await waitFor(() => expect(api.calls('GET /api/blacklist').length).toBeGreaterThan(1));
  }, 15_000);

  it('imports a CSV with the session token and shows what it did; a file that is not CSV is refused', async () => {
    window.localStorage.setItem('parley.sessionToken', 'token-1');
    const api = installFakeApi({
      'GET /api/blacklist': ok({ blacklist: [], more: false, total: 0 }),
      'POST /api/blacklist/import': ok({ added: 2, already: 0, invalid: [] }),
    });
    const user = userEvent.setup({ applyAccept: false });
    renderWithRouter(<BlacklistPage />);
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import Numbers' });
    const input = dialog.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['x'], 'numbers.xlsx'));
    expect(within(dialog).getByText('Invalid File Format !')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();

    await user.upload(
      input,
      new File(['phoneNumber\n+919876543210\n+919876543211\n'], 'dnd.csv', { type: 'text/csv' }),
    );
    expect(within(dialog).getByText('dnd.csv')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    const result = await within(dialog).findByRole('status', { name: 'Result' });
    expect(result).toHaveTextContent('2 added');
    const call = api.calls('POST /api/blacklist/import')[0]!;
    expect(call.headers.authtoken).toBe('token-1');
  });

  it('removes a number after the confirmation', async () => {
    let removed = false;
    const api = installFakeApi({
      'GET /api/blacklist': () => ok({ blacklist: removed ? [] : [entry(1)], more: false, total: removed ? 0 : 1 }),
      [`DELETE /api/blacklist/${entry(1).id}`]: () => {
        removed = true;
        return ok({ id: entry(1).id });
      },
    });
    const user = userEvent.setup();
    renderWithRouter(<BlacklistPage />);
    await user.click(await screen.findByRole('button', { name: 'Remove +919876543201' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete From List' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls(`DELETE /api/blacklist/${entry(1).id}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove +919876543201' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete From List' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('+919876543201 removed from the blacklist')).toBeInTheDocument();
    expect(await screen.findByText('No number is blacklisted yet.')).toBeInTheDocument();
  }, 15_000);
});
