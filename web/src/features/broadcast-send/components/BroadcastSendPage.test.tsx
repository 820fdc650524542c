import './jsdom-fonts.test-setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { BroadcastCheck, TemplateVariable } from '@parley/contracts/broadcasts';
import type { Channel } from '@parley/contracts/channels';
import type { Template, TemplateComponent } from '@parley/contracts/templates';
import { fail, installFakeApi, ok, type FakeRequest } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { toastStore } from '../../../lib/toast';
import { BroadcastSendDialog } from './BroadcastSendDialog';
import { BroadcastSendPage } from './BroadcastSendPage';

const SANDBOX = '0c0c0000-0000-4000-8000-000000000001';
const RCS = '0c0c0000-0000-4000-8000-000000000002';
const ORDER = '0b0b0000-0000-4000-8000-000000000001';
const BROCHURE = '0b0b0000-0000-4000-8000-000000000002';
const SALE = '0b0b0000-0000-4000-8000-000000000003';
const FILE = '0f0f0000-0000-4000-8000-000000000001';

function channel(id: string, name: string, type: number): Channel {
  return {
    id,
    name,
    type,
    typeString: type === 4 ? 'WHATSAPP' : 'RCS',
    vendor: 0,
    vendorString: 'Sandbox',
    deptId: null,
    departmentName: null,
    contactId: '919800000000',
    data: {},
    messagesPerSecond: 80,
    canSend: true,
    webhookUrl: 'http://127.0.0.1/api/webhooks/channels/x',
    webhookVerifyToken: 'token',
    createdAt: '2026-11-21T09:00:00.000Z',
    updatedAt: '2026-11-21T09:00:00.000Z',
  };
}

function template(id: string, name: string, components: TemplateComponent[]): Template {
  return {
    id,
    templateId: name,
    name,
    channelId: SANDBOX,
    channelName: 'Sandbox WhatsApp',
    language: 'en_US',
    category: 'UTILITY',
    parameter_format: 'POSITIONAL',
    type: components.some((part) => part.type === 'CAROUSEL') ? 'CAROUSEL' : 'STANDARD',
    components,
    status: 'APPROVED',
    reason: null,
    vendorTemplateId: null,
    vendorManaged: true,
    submittedAt: '2026-11-21T09:00:00.000Z',
    statusAt: '2026-11-21T09:00:00.000Z',
    createdAt: '2026-11-21T09:00:00.000Z',
    updatedAt: '2026-11-21T09:00:00.000Z',
  };
}

const orderUpdate = template(ORDER, 'order_update', [
  {
    type: 'BODY',
    text: 'Hi {{1}}, your order {{2}} has shipped.',
    example: { body_text: [['Asha', '#40213']] },
  },
  {
    type: 'BUTTONS',
    buttons: [
      {
        type: 'URL',
        text: 'Track order',
        url: 'https://shop.example.com/track/{{1}}',
        example: ['https://shop.example.com/track/40213'],
      },
    ],
  },
]);
const orderVariables: TemplateVariable[] = [
  {
    variable: 'body.1',
    type: 'body',
    label: 'Body {{1}}',
    parameters: [{ name: '1', type: 'TEXT' }],
    isRequired: true,
    example: 'Asha',
  },
  {
    variable: 'body.2',
    type: 'body',
    label: 'Body {{2}}',
    parameters: [{ name: '2', type: 'TEXT' }],
    isRequired: true,
    example: '#40213',
  },
  {
    variable: 'button0',
    type: 'url',
    label: 'Track order URL',
    parameters: [{ name: '1', type: 'URL' }],
    isRequired: false,
    example: '40213',
  },
];
const brochure = template(BROCHURE, 'brochure', [
  { type: 'HEADER', format: 'DOCUMENT' },
  { type: 'BODY', text: 'Here is our brochure.' },
]);
const sale = template(SALE, 'season_sale', [
  { type: 'BODY', text: 'The sale is on!' },
  {
    type: 'CAROUSEL',
    cards: [1, 2].map((n) => ({
      components: [
        { type: 'HEADER' as const, format: 'IMAGE' as const },
        { type: 'BODY' as const, text: `Card ${n}: {{1}} off`, example: { body_text: [['30%']] } },
      ],
    })),
  },
]);
const saleVariables: TemplateVariable[] = [1, 2].map((card) => ({
  variable: `card${card}.body.1`,
  type: 'cards',
  label: `Card ${card} body {{1}}`,
  parameters: [{ name: '1', type: 'TEXT' as const }],
  isRequired: true,
  example: '30%',
  card,
}));

const customers = Array.from({ length: 3 }, (_, n) => ({
  id: `0c150000-0000-4000-8000-00000000000${n + 1}`,
  name: ['Aarav Sharma', 'Priya Iyer', 'Rohan Mehta'][n]!,
  phoneNumber: ['+919876500100', '+919876500137', '+919876500174'][n]!,
  details: {},
}));

const passingCheck = (total: number): BroadcastCheck => ({
  total,
  valid: total - 2,
  invalid: 1,
  duplicate: 0,
  blocked: 1,
  examples: {
    valid: [{ phone: '+919876500100', name: 'Aarav Sharma', preview: 'Hi Aarav Sharma, your order #1 has shipped.' }],
    invalid: [{ phone: '12345678901', reason: 'please enter valid number' }],
    duplicate: [],
    blocked: [{ phone: '+919876500137', reason: 'Number is on the blacklist' }],
  },
  fieldErrors: {},
  estimate: {
    currencySymbol: '₹',
    estimatedRate: 1.7,
    unpriced: 1,
    byCountry: [
      { country: '91', recipients: 2, rate: 0.85 },
      { country: '1', recipients: 1, rate: null },
    ],
  },
});

function baseApi(extra: Record<string, Parameters<typeof installFakeApi>[0][string]> = {}) {
  return installFakeApi({
    'GET /api/channels': (request: FakeRequest) => {
      const type = request.query.get('type');
      const name = (request.query.get('name') ?? '').toLowerCase();
      const all = type === '4' ? [channel(SANDBOX, 'Sandbox WhatsApp', 4)] : [channel(RCS, 'Brand RCS', 10)];
      return ok({ channelConfig: all.filter((item) => item.name.toLowerCase().includes(name)), more: false });
    },
    'GET /api/templates': (request: FakeRequest) =>
      ok({
        templates: request.query.get('channelId') === SANDBOX ? [orderUpdate, brochure, sale] : [],
        more: false,
      }),
    [`GET /api/templates/${ORDER}`]: ok(orderUpdate),
    [`GET /api/templates/${BROCHURE}`]: ok(brochure),
    [`GET /api/templates/${SALE}`]: ok(sale),
    'GET /api/broadcasts/template-variables': (request: FakeRequest) =>
      ok(
        request.query.get('templateId') === ORDER
          ? orderVariables
          : request.query.get('templateId') === SALE
            ? saleVariables
            : [],
      ),
    'GET /api/broadcasts/columns': ok([
      { value: 'name', label: 'Name' },
      { value: 'phoneNumber', label: 'Phone Number' },
      { value: 'City', label: 'City' },
    ]),
    'GET /api/broadcasts/customers': ok({
      customers: customers.map(({ id, name, phoneNumber }: { id: string; name: string; phoneNumber: string }) => ({
        id,
        name,
        phoneNumber,
      })),
      more: false,
    }),
    ...extra,
  });
}

function renderPage() {
  return renderWithRouter(
    <Routes>
      <Route path="/campaigns/broadcast" element={<p>Broadcast list</p>} />
      <Route path="/campaigns/broadcast/create" element={<BroadcastSendPage />} />
    </Routes>,
    { initialPath: '/campaigns/broadcast/create' },
  );
}

const toastMessages = () => toastStore.getState().notifications.map((toast) => String(toast.message));

async function pick(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('button', { name: new RegExp(`^${label}`) }));
  await user.click(await screen.findByRole('option', { name: new RegExp(`^${option}`) }));
}

describe('BroadcastSendDialog (embedded in a chat or a campaign test)', () => {
  const CHAT = 'chat-42';
  const renderDialog = (onClose: () => void) =>
    renderWithRouter(
      <BroadcastSendDialog
        opened
        resourceType="CHAT"
        resourceId={CHAT}
        channel={{ id: SANDBOX, name: 'Sandbox WhatsApp', type: 4 }}
        phoneNumber="+919876500100"
        onClose={onClose}
      />,
    );

  async function fillOrder(user: ReturnType<typeof userEvent.setup>) {
    await pick(user, 'Choose Template', 'order_update');
    const mapping = await screen.findByRole('region', { name: 'Variable Mapping' });
    await user.type(within(mapping).getByRole('textbox', { name: 'Body {{1}} value' }), 'friend');
    await user.click(within(mapping).getByRole('textbox', { name: 'Body {{2}} value' }));
    await user.paste('ORD-7');
  }

  it("fixes a chat's channel and customer, sends with where it came from, and closes", async () => {
    const api = baseApi({
      'POST /api/broadcasts/validate': ok(passingCheck(3)),
      'POST /api/broadcasts': ok({ data: {} }),
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderDialog(onClose);
    const dialog = await screen.findByRole('dialog', { name: 'Broadcast' });
    expect(within(dialog).getByRole('button', { name: /^Choose Channel/ })).toBeDisabled();
    expect(within(dialog).getByRole('textbox', { name: /Mobile Numbers/ })).toBeDisabled();
    expect(within(dialog).getByRole('textbox', { name: /Mobile Numbers/ })).toHaveValue('+919876500100');
    await fillOrder(user);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    const summary = await screen.findByRole('dialog', { name: 'Before Sending' });
    await user.click(await within(summary).findByRole('button', { name: /^Send to/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(api.calls('POST /api/broadcasts')[0]!.body).toMatchObject({
      channelId: SANDBOX,
      phoneNumber: ['+919876500100'],
      resourceType: 'CHAT',
      resourceId: CHAT,
    });
    expect(toastMessages()).toContain('Broadcast queued: messages go out at the channel’s pace');
  }, 60_000);

  it('tells a failed send in a toast and closes, as inside a chat', async () => {
    baseApi({
      'POST /api/broadcasts/validate': ok(passingCheck(3)),
      'POST /api/broadcasts': fail(422, 5402, 'Only an APPROVED template can be sent'),
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderDialog(onClose);
    await fillOrder(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const summary = await screen.findByRole('dialog', { name: 'Before Sending' });
    await user.click(await within(summary).findByRole('button', { name: /^Send to/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(toastMessages()).toContain('Only an APPROVED template can be sent');
  }, 60_000);

  it('closes on Cancel without sending', async () => {
    const api = baseApi();
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderDialog(onClose);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(api.calls('POST /api/broadcasts')).toHaveLength(0);
  });
});

describe('BroadcastSendPage', () => {
  it('sends a template to customers from the customer master with a column variable, after the pre-send check', async () => {
    const api = baseApi({
      'POST /api/broadcasts/validate': (request) =>
        ok(passingCheck((request.body as { phoneNumber: string[] }).phoneNumber.length)),
      'POST /api/broadcasts': ok({ data: {} }),
    });
    const user = userEvent.setup();
    const view = renderPage();
    expect(await screen.findByRole('heading', { name: 'Broadcast' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Just In Time' })).toHaveAttribute('href', '/campaigns/broadcast');

    await pick(user, 'Choose Channel', 'Sandbox WhatsApp');
    // WhatsApp and RCS channels are both asked for, 20 per page.
    expect(
      api
        .calls('GET /api/channels')
        .map((call) => call.query.get('type'))
        .sort(),
    ).toEqual(['10', '4']);
    expect(api.calls('GET /api/channels')[0]!.query.get('perPage')).toBe('20');
    await pick(user, 'Choose Template', 'order_update');
    const templateCall = api.calls('GET /api/templates')[0]!;
    expect(templateCall.query.get('status')).toBe('APPROVED');
    expect(templateCall.query.get('channelId')).toBe(SANDBOX);

    const preview = screen.getByRole('figure', { name: 'Template preview' });
    await waitFor(() =>
      expect(within(preview).getByText(/Hi Asha, your order #40213 has shipped/)).toBeInTheDocument(),
    );

    // Numbers typed, then customers picked: the picker adds only new numbers.
    const numbers = screen.getByRole('textbox', { name: /Mobile Numbers/ });
    expect(numbers).toHaveAttribute('placeholder', '+919876543210, +14155550123');
    await user.type(numbers, '+919876500100, , 12345678901');
    expect(screen.getByText('2 numbers')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Get from customer master' }));
    const dialog = await screen.findByRole('dialog', { name: "Customer's List" });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(within(dialog).getByText('This Field is Mandatory')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Aarav Sharma +919876500100' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Priya Iyer +919876500137' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: "Customer's List" })).not.toBeInTheDocument());
    expect(numbers).toHaveValue('+919876500100, 12345678901, +919876500137');
    expect(toastMessages()).toContain('1 number added, 1 already in the list');

    // Required variables are mandatory.
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const mapping = screen.getByRole('region', { name: 'Variable Mapping' });
    expect(
      within(within(mapping).getByRole('group', { name: 'Body {{1}}' })).getByText('This Field is Mandatory'),
    ).toBeInTheDocument();
    expect(api.calls('POST /api/broadcasts/validate')).toHaveLength(0);

    // Body {{1}} from the customer's name, Body {{2}} a constant.
    const first = within(mapping).getByRole('group', { name: 'Body {{1}}' });
    await user.click(within(first).getByRole('combobox', { name: 'Body {{1}} mapping type' }));
    await user.click(await screen.findByRole('option', { name: 'Map Column Value' }));
    await user.click(within(first).getByRole('combobox', { name: 'Body {{1}} column' }));
    await user.click(await screen.findByRole('option', { name: 'Name' }));
    await user.type(within(mapping).getByRole('textbox', { name: 'Body {{2}} value' }), 'ORD-7');
    await waitFor(() =>
      expect(within(preview).getByText(/Hi \[Name\], your order ORD-7 has shipped/)).toBeInTheDocument(),
    );

    await user.click(screen.getByRole('button', { name: 'Send' }));
    const summary = await screen.findByRole('dialog', { name: 'Before Sending' });
    await waitFor(() =>
      expect(within(summary).getByRole('group', { name: 'Valid recipients' })).toHaveTextContent('1'),
    );
    expect(within(summary).getByRole('group', { name: 'Blocked recipients' })).toHaveTextContent('1');
    expect(within(summary).getByText('Number is on the blacklist')).toBeInTheDocument();
    expect(within(summary).getByText('please enter valid number')).toBeInTheDocument();
    expect(within(summary).getByText('₹1.70')).toBeInTheDocument();
    expect(within(summary).getByText('1 recipient has no rate')).toBeInTheDocument();
    expect(api.calls('POST /api/broadcasts/validate')[0]!.body).toEqual({
      channelId: SANDBOX,
      phoneNumber: ['+919876500100', '12345678901', '+919876500137'],
      message: { template: { templateId: 'order_update', templateUId: ORDER } },
      columnMapping: [
        { variable: 'body.1', type: 'column', value: 'name' },
        { variable: 'body.2', type: 'static', value: 'ORD-7' },
      ],
    });

    await user.click(within(summary).getByRole('button', { name: 'Send to 1 recipient' }));
    await waitFor(() => expect(view.pathname()).toBe('/campaigns/broadcast'));
    expect(api.calls('POST /api/broadcasts')[0]!.body).toEqual(api.calls('POST /api/broadcasts/validate')[0]!.body);
    expect(toastMessages()).toContain('Broadcast queued: messages go out at the channel’s pace');
  }, 120_000);

  it('maps a URL variable to an expression and keeps the form when the send fails', async () => {
    const api = baseApi({
      'POST /api/broadcasts/validate': ok(passingCheck(3)),
      'POST /api/broadcasts': fail(422, 5402, 'Only an APPROVED template can be sent', {
        fieldErrors: { 'message.template.templateUId': 'Only an APPROVED template can be sent' },
      }),
      'POST /api/broadcasts/expression-variables': (request: FakeRequest) =>
        String((request.body as { expression: string }).expression).includes('{{Town}}')
          ? fail(400, 1001, 'No customer column named Town', {
              fieldErrors: { expression: 'No customer column named Town' },
            })
          : ok({ variables: [{ name: 'phoneNumber', label: 'Phone Number' }] }),
    });
    const user = userEvent.setup();
    renderPage();
    await pick(user, 'Choose Channel', 'Sandbox WhatsApp');
    await pick(user, 'Choose Template', 'order_update');
    const mapping = await screen.findByRole('region', { name: 'Variable Mapping' });
    const url = within(mapping).getByRole('group', { name: 'Track order URL' });
    await user.click(within(url).getByRole('combobox', { name: 'Track order URL mapping type' }));
    await user.click(await screen.findByRole('option', { name: 'Expression' }));
    await user.click(within(url).getByRole('button', { name: 'Map URL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Map Track order URL' });
    const expression = within(dialog).getByRole('textbox', { name: /URL Expression/ });
    await user.type(expression, 'ref-');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('URL variable not found')).toBeInTheDocument();
    // The server looks the columns up: one that does not exist is named.
    await user.type(expression, '{{{{Town}}');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('No customer column named Town')).toBeInTheDocument();
    expect(api.calls('POST /api/broadcasts/expression-variables')[0]!.body).toEqual({ expression: 'ref-{{Town}}' });
    await user.clear(expression);
    await user.type(expression, 'ref-');
    await user.click(within(dialog).getByRole('button', { name: 'Insert Phone Number' }));
    expect(within(dialog).getByRole('textbox', { name: /URL Expression/ })).toHaveValue('ref-{{phoneNumber}}');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Map Track order URL' })).not.toBeInTheDocument());
    expect(toastMessages()).toContain('URL variables mapped');
    expect(within(url).getByText('ref-{{phoneNumber}}')).toBeInTheDocument();

    await user.type(within(mapping).getByRole('textbox', { name: 'Body {{1}} value' }), 'friend');
    await user.type(within(mapping).getByRole('textbox', { name: 'Body {{2}} value' }), 'ORD-7');
    await user.type(screen.getByRole('textbox', { name: /Mobile Numbers/ }), '+919876500100');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const summary = await screen.findByRole('dialog', { name: 'Before Sending' });
    await user.click(await within(summary).findByRole('button', { name: /^Send to/ }));
    expect(await within(summary).findByText('Only an APPROVED template can be sent')).toBeInTheDocument();
    expect(api.calls('POST /api/broadcasts')[0]!.body).toMatchObject({
      columnMapping: expect.arrayContaining([
        { variable: 'button0', type: 'expression', value: 'ref-{{phoneNumber}}' },
      ]),
    });
    await user.click(within(summary).getByRole('button', { name: 'Back to Edit' }));
    // Nothing lost; the server's message is beside the template.
    expect(screen.getByRole('textbox', { name: /Mobile Numbers/ })).toHaveValue('+919876500100');
    expect(screen.getByText('Only an APPROVED template can be sent')).toBeInTheDocument();
  }, 120_000);

  it('asks for the mandatory fields and checks attachments: a document must be a PDF, each card needs media', async () => {
    const xhr = installUploadFake();
    const api = baseApi({
      'POST /api/broadcasts/media/validate': ok({ valid: true, message: '' }),
    });
    const user = userEvent.setup({ applyAccept: false });
    renderPage();
    await screen.findByRole('heading', { name: 'Broadcast' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getAllByText('This Field is Mandatory')).toHaveLength(3);
    await user.type(screen.getByRole('textbox', { name: /Mobile Numbers/ }), '98765');
    expect(screen.getByText('please enter valid number')).toBeInTheDocument();

    await pick(user, 'Choose Channel', 'Sandbox WhatsApp');
    await pick(user, 'Choose Template', 'brochure');
    const attachments = await screen.findByRole('region', { name: 'Attachments' });
    expect(within(attachments).getByText('DOC')).toBeInTheDocument();
    expect(within(attachments).getByText('Attachment is missing !')).toBeInTheDocument();
    const input = attachments.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['x'], 'price-list.png', { type: 'image/png' }));
    expect(within(attachments).getByText('Invalid file type !')).toBeInTheDocument();
    await user.upload(input, new File(['%PDF'], 'brochure.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(within(attachments).getByText('brochure.pdf')).toBeInTheDocument());
    expect(xhr.sent).toBe(1);
    expect(api.calls('POST /api/broadcasts/media/validate')[0]!.body).toEqual({
      id: FILE,
      channelType: 'WHATSAPP',
      mediaType: 'DOCUMENT',
    });
    expect(within(attachments).queryByText('Attachment is missing !')).not.toBeInTheDocument();

    // A carousel: choosing it resets the attachments; each card needs media and all its variables.
    await pick(user, 'Choose Template', 'season_sale');
    const cards = await screen.findByRole('region', { name: 'Attachments' });
    expect(within(cards).getByText('Media missing in card 1')).toBeInTheDocument();
    expect(within(cards).getByText('Media missing in card 2')).toBeInTheDocument();
    const mapping = await screen.findByRole('region', { name: 'Variable Mapping' });
    expect(within(mapping).getByText('Variable mapping missing, check all cards')).toBeInTheDocument();
    expect(within(mapping).getByRole('group', { name: 'Card 2 variables' })).toBeInTheDocument();
  }, 120_000);
});

/** XMLHttpRequest for POST /api/files: reports progress, answers a stored PDF. */
function installUploadFake() {
  const state = { sent: 0 };
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    onload?: () => void;
    onerror?: () => void;
    open() {}
    setRequestHeader() {}
    send() {
      state.sent += 1;
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.status = 200;
        this.responseText = JSON.stringify({
          status: true,
          data: {
            id: FILE,
            name: 'brochure.pdf',
            contentType: 'application/pdf',
            size: 4,
            createdAt: '2026-11-21T09:00:00.000Z',
          },
        });
        this.onload?.();
      }, 10);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return state;
}
