import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, installFakeApi, ok, type FakeRequest } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { UsersPage } from './UsersPage';

const ME = '5e5e0000-0000-4000-8000-000000000001';
const BOB = '5e5e0000-0000-4000-8000-000000000002';
const user = (id: string, name: string, extra: object = {}) => ({
  id,
  name,
  emailId: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
  roles: [3],
  state: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...extra,
});

function listFor(request: FakeRequest) {
  const all = [user(ME, 'Ada Admin', { roles: [1] }), user(BOB, 'Bob Agent')];
  const name = request.query.get('name')?.toLowerCase();
  const state = Number(request.query.get('state') ?? 1);
  return ok({
    users: all.filter((entry) => entry.state === state && (!name || entry.name.toLowerCase().includes(name))),
    more: false,
  });
}

describe('UsersPage', () => {
  it('lists users with role and state badges and searches after typing stops', async () => {
    const api = installFakeApi({ 'GET /api/users': listFor });
    renderWithRouter(<UsersPage currentUserId={ME} />);
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(await within(table).findByText('Bob Agent')).toBeInTheDocument();
    expect(within(table).getByText('Administrator')).toBeInTheDocument();
    expect(within(table).getAllByText('Active')).toHaveLength(2);

    await userEvent.type(screen.getByRole('textbox', { name: 'Search users' }), 'bob');
    await waitFor(() => expect(screen.queryByText('Ada Admin')).not.toBeInTheDocument());
    // One search request for the whole word, not one per key.
    expect(api.calls('GET /api/users').filter((request) => request.query.has('name'))).toHaveLength(1);

    await userEvent.clear(screen.getByRole('textbox', { name: 'Search users' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Search users' }), 'zed');
    expect(await screen.findByText('No users match your search')).toBeInTheDocument();
  });

  it('shows a duplicate email beside the field when adding a user', async () => {
    const api = installFakeApi({
      'GET /api/users': listFor,
      'POST /api/users': fail(409, 2011, 'This email is already registered', {
        fieldErrors: { emailId: 'This email is already registered' },
      }),
    });
    renderWithRouter(<UsersPage currentUserId={ME} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(within(dialog).getByText('Select at least one role')).toBeInTheDocument();
    expect(api.calls('POST /api/users')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Bob Twin');
    await userEvent.type(within(dialog).getByLabelText(/^Email/), 'bob@example.com');
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'a-long-password');
    await userEvent.click(within(dialog).getByLabelText('Handle Chats'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(await within(dialog).findByText('This email is already registered')).toBeInTheDocument();
    expect(api.calls('POST /api/users')[0]!.body).toEqual({
      name: 'Bob Twin',
      emailId: 'bob@example.com',
      password: 'a-long-password',
      roles: [3],
    });
  });

  it('deletes only after showing what deleting would do', async () => {
    const api = installFakeApi({
      'GET /api/users': listFor,
      [`DELETE /api/users/${BOB}`]: (request) =>
        ok({
          deleted: request.query.get('isValidate') === 'false',
          departmentsManaged: [{ id: '5e5e0000-0000-4000-8000-0000000000d1', name: 'Sales' }],
          departmentsMember: 2,
          openSessions: 1,
        }),
    });
    renderWithRouter(<UsersPage currentUserId={ME} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Bob Agent' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user?' });
    expect(
      await within(dialog).findByText('Manages 1 department (Sales), which will have no manager'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('1 open session will be signed out at once')).toBeInTheDocument();
    expect(api.calls(`DELETE /api/users/${BOB}`).map((request) => request.query.get('isValidate'))).toEqual(['true']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete User' }));
    await waitFor(() =>
      expect(api.calls(`DELETE /api/users/${BOB}`).map((request) => request.query.get('isValidate'))).toEqual([
        'true',
        'false',
      ]),
    );
  });

  it('does not offer an admin to deactivate, delete or re-role themselves', async () => {
    installFakeApi({ 'GET /api/users': listFor });
    renderWithRouter(<UsersPage currentUserId={ME} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Ada Admin' }));
    for (const name of ['Edit Roles', 'Deactivate', 'Delete'])
      expect(await screen.findByRole('menuitem', { name })).toBeDisabled();
  });
});
