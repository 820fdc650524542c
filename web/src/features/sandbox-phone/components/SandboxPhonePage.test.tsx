import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SandboxChannel, SandboxConversation, SandboxMessage } from '@parley/contracts/channels';
import { fakeRealtime } from '../../../test/fake-realtime';
import { fail, installFakeApi, ok, type FakeRequest } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { SandboxPhonePage } from './SandboxPhonePage';

const uuid = (n: number) => `5b5b0000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const CHANNEL = uuid(1);
const NUMBER = '+919000000010';
const OTHER_NUMBER = '+919000000011';

const sandbox: SandboxChannel = {
  id: CHANNEL,
  name: 'Demo Sandbox',
  type: 4,
  contactId: '919000000001',
  failureRate: 10,
};

const conversations: SandboxConversation[] = [
  {
    phone: NUMBER,
    customerName: null,
    lastMessageAt: '2026-11-21T09:05:00.000Z',
    lastText: 'Hello Ravi, your order #1042 is on its way',
    count: 3,
  },
  {
    phone: OTHER_NUMBER,
    customerName: null,
    lastMessageAt: '2026-11-21T08:00:00.000Z',
    lastText: 'Thanks',
    count: 1,
  },
];

function message(index: number, extra: Partial<SandboxMessage>): SandboxMessage {
  return {
    id: uuid(100 + index),
    direction: 'to_phone',
    phone: NUMBER,
    vendorMessageId: `wamid.SBX${index}`,
    content: { type: 'text', text: 'hi' },
    status: 'sent',
    errorCode: null,
    errorText: null,
    createdAt: `2026-11-21T09:0${index}:00.000Z`,
    statusAt: `2026-11-21T09:0${index}:00.000Z`,
    ...extra,
  };
}

const template = message(1, {
  content: {
    type: 'template',
    template: {
      name: 'order_update',
      language: 'en_US',
      category: 'UTILITY',
      parameterFormat: 'POSITIONAL',
      components: [
        {
          type: 'BODY',
          text: 'Hello *{{1}}*, your order {{2}} is on its way',
          example: { body_text: [['Asha', '#1']] },
        },
        { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Track it' }] },
      ],
    },
    values: { body: { '1': 'Ravi', '2': '#1042' } },
  },
  status: 'delivered',
});
const failed = message(2, {
  content: { type: 'text', text: 'Your invoice is ready' },
  status: 'failed',
  errorCode: '131026',
  errorText: 'Message undeliverable',
});
const reply = message(3, {
  direction: 'from_phone',
  content: { type: 'text', text: 'Where is it?' },
  status: 'delivered',
});

const threadPath = (phone: string) => `GET /api/sandbox/channels/${CHANNEL}/conversations/${encodeURIComponent(phone)}`;

function api(overrides: Record<string, Parameters<typeof installFakeApi>[0][string]> = {}) {
  return installFakeApi({
    'GET /api/sandbox/channels': ok({ channels: [sandbox] }),
    [`GET /api/sandbox/channels/${CHANNEL}/conversations`]: ok({ conversations }),
    [threadPath(NUMBER)]: ok({ messages: [template, failed, reply] }),
    [threadPath(OTHER_NUMBER)]: ok({ messages: [] }),
    ...overrides,
  });
}

function renderPage(options: { channelId?: string; path?: string; canOpenChannels?: boolean } = {}) {
  const realtime = fakeRealtime();
  const view = renderWithRouter(
    <SandboxPhonePage
      channelId={'channelId' in options ? options.channelId : CHANNEL}
      realtime={realtime}
      canOpenChannels={options.canOpenChannels ?? true}
    />,
    { initialPath: options.path ?? `/admin/sandbox-phone/${CHANNEL}` },
  );
  return { ...view, realtime };
}

describe('SandboxPhonePage', () => {
  beforeAll(() => {
    // jsdom has no FontFaceSet; Mantine's autosize textarea listens to it.
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() },
      });
  });

  it('opens the first Sandbox channel when the URL names none', async () => {
    api();
    const view = renderPage({ channelId: undefined, path: '/admin/sandbox-phone' });
    await waitFor(() => expect(view.pathname()).toBe(`/admin/sandbox-phone/${CHANNEL}`));
  });

  it("lists the numbers latest first and shows the latest one's chat: templates as previewed, ticks, failures, replies", async () => {
    api();
    renderPage();
    const numbers = await screen.findByRole('navigation', { name: 'Numbers' });
    const items = within(numbers).getAllByRole('button');
    expect(items[0]).toHaveTextContent(NUMBER);
    expect(items[0]).toHaveTextContent('Hello Ravi, your order #1042 is on its way');
    expect(items[0]).toHaveAttribute('aria-current', 'true');
    expect(items[1]).toHaveTextContent(OTHER_NUMBER);
    expect(screen.getByText('Failure rate 10 %')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Channel Settings/ })).toHaveAttribute('href', '/admin/channels');

    const phone = await screen.findByRole('figure', { name: `Sandbox phone of ${NUMBER}` });
    const log = within(phone).getByRole('log', { name: 'Messages' });
    await within(log).findByText('Ravi');
    expect(within(log).getByText('Ravi').tagName).toBe('STRONG');
    expect(log).toHaveTextContent('Hello Ravi, your order #1042 is on its way');
    expect(within(log).getAllByRole('img', { name: 'Delivered' })).toHaveLength(2);
    expect(within(log).getByRole('img', { name: 'Failed' })).toBeInTheDocument();
    expect(within(log).getByRole('note')).toHaveTextContent('Not delivered: 131026 · Message undeliverable');
    expect(within(log).getByText('Where is it?').closest('[data-direction]')).toHaveAttribute(
      'data-direction',
      'from_phone',
    );
  });

  it('replies as the customer with Enter and shows the reply', async () => {
    const sent = message(4, { direction: 'from_phone', content: { type: 'text', text: 'Any news?' } });
    const thread = [template];
    const fake = api({
      [threadPath(NUMBER)]: () => ok({ messages: thread }),
      [`POST /api/sandbox/channels/${CHANNEL}/conversations/${encodeURIComponent(NUMBER)}/replies`]: () => {
        thread.push(sent);
        return ok(sent);
      },
    });
    const user = userEvent.setup();
    renderPage();
    const box = await screen.findByRole('textbox', { name: 'Reply as the customer' });
    await user.type(box, 'Any news?{Enter}');
    await waitFor(() =>
      expect(
        fake.calls(`POST /api/sandbox/channels/${CHANNEL}/conversations/${encodeURIComponent(NUMBER)}/replies`),
      ).toHaveLength(1),
    );
    const [call] = fake.requests.filter((request: FakeRequest) => request.method === 'POST');
    expect(call!.body).toEqual({ text: 'Any news?' });
    expect(await screen.findByText('Any news?')).toBeInTheDocument();
    expect(box).toHaveValue('');
  });

  it('answers a quick-reply button with its payload and shows a refused reply under the box', async () => {
    let attempt = 0;
    const fake = api({
      [`POST /api/sandbox/channels/${CHANNEL}/conversations/${encodeURIComponent(NUMBER)}/replies`]: () => {
        attempt += 1;
        return attempt === 1
          ? ok(
              message(5, {
                direction: 'from_phone',
                content: { type: 'button', text: 'Track it', payload: 'Track it' },
              }),
            )
          : fail(400, 1400, 'Please check the highlighted fields', {
              fieldErrors: { text: 'At most 4096 characters' },
            });
      },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Track it' }));
    await waitFor(() => expect(fake.requests.filter((request) => request.method === 'POST')).toHaveLength(1));
    expect(fake.requests.find((request) => request.method === 'POST')!.body).toEqual({
      text: 'Track it',
      buttonPayload: 'Track it',
    });
    await user.type(screen.getByRole('textbox', { name: 'Reply as the customer' }), 'again{Enter}');
    expect(await screen.findByText('At most 4096 characters')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Reply as the customer' })).toHaveValue('again');
  });

  it('asks again when the Sandbox reports a change of the open number', async () => {
    let read = false;
    api({
      [threadPath(NUMBER)]: () => ok({ messages: [{ ...template, status: read ? 'read' : 'delivered' }] }),
    });
    const { realtime } = renderPage();
    const log = await screen.findByRole('log', { name: 'Messages' });
    await within(log).findByRole('img', { name: 'Delivered' });
    read = true;
    realtime.emit('sandbox.updated', { channelId: CHANNEL, phone: NUMBER });
    expect(await within(log).findByRole('img', { name: 'Read' })).toBeInTheDocument();
  });

  it("asks again when a broadcast's batch moved many numbers of the channel at once", async () => {
    let read = false;
    api({
      [threadPath(NUMBER)]: () => ok({ messages: [{ ...template, status: read ? 'read' : 'delivered' }] }),
    });
    const { realtime } = renderPage();
    const log = await screen.findByRole('log', { name: 'Messages' });
    await within(log).findByRole('img', { name: 'Delivered' });
    read = true;
    realtime.emit('sandbox.updated', { channelId: CHANNEL });
    expect(await within(log).findByRole('img', { name: 'Read' })).toBeInTheDocument();
  });

  it('opens another number, and says how to get a first message when it has none', async () => {
    const user = userEvent.setup();
    api();
    const view = renderPage();
    await user.click(await screen.findByRole('button', { name: new RegExp(OTHER_NUMBER.replace('+', '\\+')) }));
    await waitFor(() => expect(view.currentPath()).toContain(`number=${encodeURIComponent(OTHER_NUMBER)}`));
    const phone = await screen.findByRole('figure', { name: `Sandbox phone of ${OTHER_NUMBER}` });
    expect(
      await within(phone).findByText('No messages yet. Send a test template from Message Templates'),
    ).toBeInTheDocument();
    expect(within(phone).getByRole('link', { name: 'Open Message Templates' })).toHaveAttribute(
      'href',
      '/admin/messageTemplate/whatsapp',
    );
    await user.type(screen.getByRole('textbox', { name: 'Open a number' }), '12{Enter}');
    expect(await screen.findByText('Enter a number with its country code, e.g. +919000000010')).toBeInTheDocument();
  });

  it('says what to do when the enterprise has no Sandbox channel, and when loading fails', async () => {
    api({ 'GET /api/sandbox/channels': ok({ channels: [] }) });
    const first = renderPage({ channelId: undefined, path: '/admin/sandbox-phone' });
    expect(await screen.findByText('No Sandbox channel yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Channels' })).toHaveAttribute('href', '/admin/channels');
    first.unmount();

    api({ 'GET /api/sandbox/channels': fail(500, 1500, 'Internal error') });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('The Sandbox channels could not be loaded');
  });
});
