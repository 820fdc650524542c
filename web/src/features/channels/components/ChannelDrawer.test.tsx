import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { channelMessages, type Channel } from '@parley/contracts/channels';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { ChannelDrawer } from './ChannelDrawer';

const ID = '7c7c0000-0000-4000-8000-000000000001';
const DEPT = '7c7c0000-0000-4000-8000-000000000090';

function channel(overrides: Partial<Channel>): Channel {
  return {
    id: ID,
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
    webhookUrl: 'http://localhost:3000/api/webhooks/channels/k3y',
    webhookVerifyToken: 'verify-token-1',
    createdAt: '2026-11-21T09:00:00.000Z',
    updatedAt: '2026-11-21T09:00:00.000Z',
    ...overrides,
  };
}

const airtel = channel({
  name: 'Airtel alerts',
  vendor: 5,
  vendorString: 'Airtel',
  contactId: '919812345678',
  data: { username: 'acme', password: 'se…et', customerId: 'C-1', contactId: '919812345678', businessId: 'B-1' },
  canSend: false,
});

const departments = ok({
  departments: [
    {
      id: DEPT,
      name: 'Sales',
      desc: '',
      manager: null,
      managerName: null,
      userCount: 2,
      createdAt: '2026-11-01T00:00:00Z',
    },
  ],
  more: false,
});

type User = ReturnType<typeof userEvent.setup>;

function renderDrawer(editing: Channel | null, { offer = [] as number[], canPickDepartment = true } = {}) {
  const onClose = vi.fn();
  renderWithRouter(
    <ChannelDrawer opened editing={editing} offer={offer} canPickDepartment={canPickDepartment} onClose={onClose} />,
  );
  return { onClose };
}

async function choose(user: User, drawer: HTMLElement, label: string, option: string) {
  await user.click(within(drawer).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('ChannelDrawer', () => {
  it('creates a Sandbox WhatsApp channel: the §5 messages first, then the webhook URL to copy', async () => {
    const created = channel({});
    const api = installFakeApi({
      'GET /api/departments': departments,
      'POST /api/channels': ok({ channelConfig: created }),
    });
    const user = userEvent.setup();
    renderDrawer(null);
    const drawer = await screen.findByRole('dialog', { name: 'Create Channel' });
    expect(within(drawer).getByRole('combobox', { name: 'Channel Type' })).toHaveValue('WhatsApp');
    expect(within(drawer).getByRole('combobox', { name: 'Vendor' })).toHaveValue('Sandbox');
    expect(within(drawer).getByText(/Built into Parley: messages arrive on the Sandbox phone/)).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(within(drawer).getByText(channelMessages.nameRequired)).toBeInTheDocument();
    expect(within(drawer).getByText('Valid contact id is required')).toBeInTheDocument();
    expect(api.calls('POST /api/channels')).toHaveLength(0);

    await user.type(within(drawer).getByRole('textbox', { name: 'Name' }), 'Support');
    const number = within(drawer).getByRole('textbox', { name: 'Sandbox Business Number' });
    await user.type(number, '12345');
    expect(within(drawer).getByText('Invalid number format')).toBeInTheDocument();
    await user.clear(number);
    await user.type(number, '91 90000 00001');
    expect(within(drawer).queryByText('Invalid number format')).not.toBeInTheDocument();
    await choose(user, drawer, 'Department', 'Sales');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.calls('POST /api/channels')).toHaveLength(1));
    expect(api.calls('POST /api/channels')[0]!.body).toEqual({
      name: 'Support',
      type: 4,
      vendor: 0,
      deptId: DEPT,
      data: { contactId: '919000000001', failureRate: '0' },
      messagesPerSecond: 80,
    });
    const saved = await screen.findByRole('dialog', { name: 'Edit Support' });
    expect(await screen.findByText(channelMessages.saved)).toBeInTheDocument();
    expect(within(saved).getByRole('textbox', { name: 'Webhook URL' })).toHaveValue(created.webhookUrl);
    expect(within(saved).getByRole('textbox', { name: 'Verify Token' })).toHaveValue('verify-token-1');
    expect(within(saved).getByRole('button', { name: 'Copy Webhook URL' })).toBeInTheDocument();
    expect(within(saved).getByRole('button', { name: 'Test Connection' })).toBeInTheDocument();
  }, 20_000);

  it('generates each vendor form, says when sending is unavailable and resets the vendor with the type', async () => {
    installFakeApi({ 'GET /api/departments': departments });
    const user = userEvent.setup();
    renderDrawer(null);
    const drawer = await screen.findByRole('dialog', { name: 'Create Channel' });

    await choose(user, drawer, 'Vendor', 'Kaleyra');
    const kaleyra = within(drawer).getByRole('region', { name: 'Kaleyra credentials' });
    expect(within(kaleyra).getByLabelText(/^API Key/)).toHaveAttribute('type', 'password');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(within(kaleyra).getByText('Auth Token is required')).toBeInTheDocument();
    expect(within(kaleyra).getByText('Auth id is required')).toBeInTheDocument();
    expect(within(kaleyra).getByText('Valid Waba Phone Number is required')).toBeInTheDocument();
    // WABA id is optional: no required mark, no message.
    expect(within(kaleyra).getByText('WABA ID').closest('label')).not.toHaveTextContent('*');
    // Kaleyra has an adapter: no warning.
    expect(within(drawer).queryByText('Configured only')).not.toBeInTheDocument();
    await user.type(within(kaleyra).getByRole('textbox', { name: 'WABA Phone Number' }), '919812345678');

    await choose(user, drawer, 'Vendor', 'Airtel');
    expect(within(drawer).getByText(channelMessages.sendingUnavailable('Airtel'))).toBeInTheDocument();
    const airtelForm = within(drawer).getByRole('region', { name: 'Airtel credentials' });
    // The contact number typed for Kaleyra stays, under Airtel's label.
    expect(within(airtelForm).getByRole('textbox', { name: 'Contact ID (Mobile Number)' })).toHaveValue('919812345678');
    expect(within(airtelForm).getByText('Username is required')).toBeInTheDocument();
    expect(within(airtelForm).getByText('Password is required')).toBeInTheDocument();

    // Airtel RCS has its own fields.
    await choose(user, drawer, 'Channel Type', 'RCS');
    expect(within(drawer).getByRole('combobox', { name: 'Vendor' })).toHaveValue('Airtel');
    const rcs = within(drawer).getByRole('region', { name: 'Airtel credentials' });
    expect(within(rcs).getByRole('textbox', { name: 'Agent ID' })).toBeInTheDocument();
    expect(within(rcs).queryByLabelText(/^Password/)).not.toBeInTheDocument();

    // Airtel does not serve Telegram: the vendor is reset.
    await choose(user, drawer, 'Channel Type', 'Telegram');
    expect(within(drawer).getByRole('combobox', { name: 'Vendor' })).toHaveValue('');
    expect(within(drawer).getByText('Choose a vendor')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('combobox', { name: 'Vendor' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['SAP365', 'Sinch']);
  }, 20_000);

  it('keeps a stored password masked and sends it back unchanged', async () => {
    const api = installFakeApi({
      'GET /api/departments': departments,
      [`PUT /api/channels/${ID}`]: (request) => ok({ channelConfig: { ...airtel, ...(request.body as object) } }),
    });
    const user = userEvent.setup();
    const { onClose } = renderDrawer(airtel);
    const drawer = await screen.findByRole('dialog', { name: 'Edit Airtel alerts' });
    const password = within(drawer).getByLabelText(/^Password/);
    expect(password).toHaveValue('se…et');
    expect(password).toHaveAttribute('type', 'password');
    expect(within(drawer).getByText(/Leave it as it is \(or empty\) to keep it/)).toBeInTheDocument();
    expect(within(drawer).getByRole('textbox', { name: 'Webhook URL' })).toHaveValue(airtel.webhookUrl);
    expect(within(drawer).getByText(channelMessages.testUnavailable('Airtel') + '.')).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(`PUT /api/channels/${ID}`)).toHaveLength(1));
    expect(api.calls(`PUT /api/channels/${ID}`)[0]!.body).toMatchObject({
      vendor: 5,
      data: { username: 'acme', password: 'se…et', customerId: 'C-1', contactId: '919812345678', businessId: 'B-1' },
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("shows the server's field errors beside the fields", async () => {
    installFakeApi({
      'GET /api/departments': departments,
      'POST /api/channels': fail(400, 1400, 'Please check the form', {
        fieldErrors: { name: channelMessages.nameTaken, 'data.contactId': 'Invalid number format' },
      }),
    });
    const user = userEvent.setup();
    renderDrawer(null);
    const drawer = await screen.findByRole('dialog', { name: 'Create Channel' });
    await user.type(within(drawer).getByRole('textbox', { name: 'Name' }), 'Support');
    await user.type(within(drawer).getByRole('textbox', { name: 'Sandbox Business Number' }), '919000000001');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText(channelMessages.nameTaken)).toBeInTheDocument();
    expect(within(drawer).getByText('Invalid number format')).toBeInTheDocument();
  });

  it('checks the sending pace and does not list departments for users who may not', async () => {
    const api = installFakeApi({});
    const user = userEvent.setup();
    renderDrawer(null, { canPickDepartment: false });
    const drawer = await screen.findByRole('dialog', { name: 'Create Channel' });
    // Passing through Name without typing is not an error yet.
    await user.click(within(drawer).getByRole('textbox', { name: 'Name' }));
    await user.tab();
    expect(within(drawer).queryByText(channelMessages.nameRequired)).not.toBeInTheDocument();
    const pace = within(drawer).getByRole('textbox', { name: 'Messages per Second' });
    expect(pace).toHaveValue('80');
    await user.clear(pace);
    await user.type(pace, '2000');
    await user.tab();
    expect(within(drawer).getByText('At most 1000')).toBeInTheDocument();
    expect(within(drawer).getByRole('combobox', { name: 'Department' })).toBeDisabled();
    expect(api.calls('GET /api/departments')).toHaveLength(0);
  });

  it('tests the connection of a saved channel and shows a red result with the reason', async () => {
    installFakeApi({
      'GET /api/departments': departments,
      [`POST /api/channels/${ID}/test`]: ok({ ok: false, message: 'The vendor refused the access token (HTTP 401)' }),
    });
    const user = userEvent.setup();
    renderDrawer(channel({}));
    const drawer = await screen.findByRole('dialog', { name: 'Edit Support' });
    await user.click(within(drawer).getByRole('button', { name: 'Test Connection' }));
    const result = await within(drawer).findByRole('status');
    expect(result).toHaveTextContent('Connection failed');
    expect(result).toHaveTextContent('The vendor refused the access token (HTTP 401)');
  });
});
