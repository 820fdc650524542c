import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { channelMessages, type Channel } from '@parley/contracts/channels';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { ChannelsPage } from './ChannelsPage';

const uuid = (n: number) => `7c7c0000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function channel(overrides: Partial<Channel>): Channel {
  return {
    id: uuid(1),
    name: 'Support',
    type: 4,
    typeString: 'WHATSAPP',
    vendor: 0,
    vendorString: 'Sandbox',
    deptId: null,
    departmentName: null,
    contactId: '919000000001',
    data: { contactId: '919000000001', failureRate: '0' },
    messagesPerSecond: 80,
    canSend: true,
    webhookUrl: `http://localhost:3000/api/webhooks/channels/key-1`,
    webhookVerifyToken: 'verify-token-1',
    createdAt: '2026-11-21T09:00:00.000Z',
    updatedAt: '2026-11-21T09:00:00.000Z',
    ...overrides,
  };
}

const sandbox = channel({});
const airtel = channel({
  id: uuid(2),
  name: 'Airtel alerts',
  vendor: 5,
  vendorString: 'Airtel',
  contactId: '919812345678',
  data: {
    username: 'acme',
    password: 'se…et',
    customerId: 'C-1',
    contactId: '919812345678',
    businessId: 'B-1',
  },
  canSend: false,
  departmentName: 'Sales',
  deptId: uuid(90),
});

const listAnswer = ok({ channelConfig: [sandbox, airtel], more: false });
const offerAnswer = ok({ vendors: [] });

async function openRowMenu(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('button', { name: `More actions for ${name}` }));
}

describe('ChannelsPage', () => {
  it('lists channels with their type, vendor and whether Parley can send through them', async () => {
    installFakeApi({ 'GET /api/channels': listAnswer, 'GET /api/channels/vendor-offer': offerAnswer });
    renderWithRouter(<ChannelsPage canManage canPickDepartment />);
    const table = await screen.findByRole('table', { name: 'Channels' });
    await within(table).findByText('Airtel alerts');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Support');
    expect(rows[1]).toHaveTextContent('WhatsApp');
    expect(rows[1]).toHaveTextContent('Sandbox');
    expect(rows[1]).toHaveTextContent('Ready');
    expect(rows[2]).toHaveTextContent('Airtel alerts');
    expect(rows[2]).toHaveTextContent('Sales');
    expect(rows[2]).toHaveTextContent('Configured only');
  });

  it('searches by name after a pause and filters by type', async () => {
    const api = installFakeApi({ 'GET /api/channels': listAnswer, 'GET /api/channels/vendor-offer': offerAnswer });
    const user = userEvent.setup();
    renderWithRouter(<ChannelsPage canManage canPickDepartment />);
    await screen.findByText('Airtel alerts');
    await user.type(screen.getByRole('textbox', { name: 'Search channels' }), 'Air');
    await waitFor(() => expect(api.calls('GET /api/channels').some((c) => c.query.get('name') === 'Air')).toBe(true));
    // Typed quickly: one request for the whole word, none for 'A' or 'Ai'.
    expect(api.calls('GET /api/channels').map((c) => c.query.get('name'))).toEqual([null, 'Air']);

    await user.click(screen.getByRole('combobox', { name: 'Channel type' }));
    await user.click(await screen.findByRole('option', { name: 'SMS' }));
    await waitFor(() => expect(api.calls('GET /api/channels').at(-1)!.query.get('type')).toBe('0'));
    expect(api.calls('GET /api/channels').at(-1)!.query.get('name')).toBe('Air');
  });

  it("shows 'No Record' with a Create Channel call to action", async () => {
    installFakeApi({
      'GET /api/channels': ok({ channelConfig: [], more: false }),
      'GET /api/channels/vendor-offer': offerAnswer,
    });
    const user = userEvent.setup();
    renderWithRouter(<ChannelsPage canManage canPickDepartment />);
    const table = await screen.findByRole('table', { name: 'Channels' });
    expect(await within(table).findByText('No Record')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Create Channel' }));
    expect(await screen.findByRole('dialog', { name: 'Create Channel' })).toBeInTheDocument();
  });

  it('a viewer sees the list read-only', async () => {
    const api = installFakeApi({ 'GET /api/channels': listAnswer });
    const user = userEvent.setup();
    renderWithRouter(<ChannelsPage canManage={false} canPickDepartment={false} />);
    await screen.findByText('Airtel alerts');
    for (const name of ['Create Channel', 'Vendors Offered', 'Edit Support', 'Edit Airtel alerts'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    // Only the Sandbox channel has something a viewer can do: open its phone.
    expect(screen.queryByRole('button', { name: 'More actions for Airtel alerts' })).not.toBeInTheDocument();
    await openRowMenu(user, 'Support');
    expect(await screen.findByRole('menuitem', { name: 'Open Sandbox Phone' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Test Connection' })).not.toBeInTheDocument();
    expect(api.calls('GET /api/channels/vendor-offer')).toHaveLength(0);
  });

  it('opens the Sandbox phone of a Sandbox channel', async () => {
    installFakeApi({ 'GET /api/channels': listAnswer, 'GET /api/channels/vendor-offer': offerAnswer });
    const user = userEvent.setup();
    const view = renderWithRouter(<ChannelsPage canManage canPickDepartment />);
    await openRowMenu(user, 'Support');
    await user.click(await screen.findByRole('menuitem', { name: 'Open Sandbox Phone' }));
    expect(view.pathname()).toBe(`/admin/sandbox-phone/${sandbox.id}`);
  });

  it('tests the connection from the row menu and shows the result beside the channel', async () => {
    installFakeApi({
      'GET /api/channels': listAnswer,
      'GET /api/channels/vendor-offer': offerAnswer,
      [`POST /api/channels/${sandbox.id}/test`]: ok({ ok: true, message: 'The Sandbox accepted the credentials' }),
    });
    const user = userEvent.setup();
    renderWithRouter(<ChannelsPage canManage canPickDepartment />);
    // Airtel has no test call: its menu has no Test connection.
    await openRowMenu(user, 'Airtel alerts');
    expect(await screen.findByRole('menuitem', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Test Connection' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await openRowMenu(user, 'Support');
    await user.click(await screen.findByRole('menuitem', { name: 'Test Connection' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The Sandbox accepted the credentials');
  });

  it('deletes a channel after a confirmation naming its templates and message log', async () => {
    const api = installFakeApi({
      'GET /api/channels': listAnswer,
      'GET /api/channels/vendor-offer': offerAnswer,
      [`DELETE /api/channels/${airtel.id}`]: ok({ id: airtel.id }),
    });
    const user = userEvent.setup();
    renderWithRouter(<ChannelsPage canManage canPickDepartment />);
    await openRowMenu(user, 'Airtel alerts');
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this channel?' });
    expect(dialog).toHaveTextContent(
      "'Airtel alerts' will be deleted with its message templates and its message log. This cannot be undone.",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls(`DELETE /api/channels/${airtel.id}`)).toHaveLength(1));
    expect(await screen.findByText(channelMessages.deleted)).toBeInTheDocument();
  });

  it('saves the vendors offered, and the vendor choice of a new channel follows them', async () => {
    const api = installFakeApi({
      'GET /api/channels': listAnswer,
      'GET /api/channels/vendor-offer': offerAnswer,
      'PUT /api/channels/vendor-offer': (request) => ok(request.body),
    });
    const user = userEvent.setup();
    renderWithRouter(<ChannelsPage canManage canPickDepartment />);
    await screen.findByText('Airtel alerts');
    await user.click(screen.getByRole('button', { name: 'Vendors Offered' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vendors Offered' });
    expect(within(dialog).getByText('All vendors are offered')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: /^Kaleyra$/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^Route Mobile/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('PUT /api/channels/vendor-offer')).toHaveLength(1));
    expect(api.calls('PUT /api/channels/vendor-offer')[0]!.body).toEqual({ vendors: [3, 17] });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Vendors Offered' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Create Channel' }));
    const drawer = await screen.findByRole('dialog', { name: 'Create Channel' });
    await user.click(within(drawer).getByRole('combobox', { name: 'Vendor' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Kaleyra', 'Route Mobile']);
  });

  it('reports a list that cannot be loaded', async () => {
    installFakeApi({
      'GET /api/channels': fail(400, 1400, 'The list is not available'),
      'GET /api/channels/vendor-offer': offerAnswer,
    });
    renderWithRouter(<ChannelsPage canManage canPickDepartment />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The channels could not be loaded');
  });
});
