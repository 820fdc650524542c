import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { conversationMessages, type ConversationSummary } from '@parley/contracts/conversations';
import { errorCatalog } from '@parley/contracts/errors';
import { fakeRealtime } from '../../../test/fake-realtime';
import { fail, installFakeApi, ok, type FakeRequest, type FakeResponse } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { toastStore } from '../../../lib/toast';
import { ConversationsPage } from './ConversationsPage';
import { CHANNEL, DEPARTMENT, ME, conversation, counts, message, self, uuid } from './conversations-test-data';

const toastMessages = () => toastStore.getState().notifications.map((toast) => String(toast.message));

const mine = conversation(1, {
  newMsgCount: 2,
  pinned: true,
  handoff: {
    reason: 'handoff_intent',
    intent: 'order_status',
    confidence: 0.87,
    emotion: 'frustrated',
    slots: [{ parameter: 'order_id', value: '1042' }],
    at: '2026-11-21T09:01:00.000Z',
  },
});
const waiting = conversation(2, {
  customer: { id: null, name: '', number: '+919000000099' },
  participants: [],
  handler: 'queue',
  waiting: 'new',
  state: 0,
  lastMessage: { text: 'Hello?', at: '2026-11-21T09:02:00.000Z', direction: 'in' },
});

const thread = [
  message(1, mine.id, { text: 'Hi\nI need help with order 1042 https://shop.example.com/o/1042' }),
  message(2, mine.id, {
    direction: 'out',
    sender: { kind: 'bot', userId: null, name: 'Order bot' },
    text: 'Let me get someone for you',
    status: 'read',
  }),
  message(3, mine.id, {
    direction: 'system',
    sender: { kind: 'system', userId: null, name: 'System' },
    text: 'Ada picked up the chat',
  }),
  message(4, mine.id, {
    direction: 'out',
    sender: { kind: 'agent', userId: ME, name: 'Ada Lovelace' },
    text: 'Looking into it',
    status: 'delivered',
  }),
  message(5, mine.id, {
    direction: 'out',
    sender: { kind: 'agent', userId: ME, name: 'Ada Lovelace' },
    text: 'Here is the invoice',
    status: 'failed',
    error: { code: '131026', text: 'Message undeliverable' },
  }),
];

type Handlers = Parameters<typeof installFakeApi>[0];

function api(overrides: Handlers = {}, list: ConversationSummary[] = [mine, waiting]) {
  return installFakeApi({
    'GET /api/conversations': (request: FakeRequest): FakeResponse =>
      ok({
        conversations: request.query.get('view') === 'unassigned' ? [waiting] : list,
        hasMore: false,
        counts,
      }),
    'GET /api/conversations/agent-status': ok(self),
    'GET /api/conversations/agents': ok({
      agents: [],
      departments: [{ id: DEPARTMENT, name: 'Support' }],
    }),
    'GET /api/channels': ok({ channelConfig: [], more: false }),
    [`GET /api/conversations/${mine.id}`]: ok({ conversation: mine, previous: [] }),
    [`GET /api/conversations/${mine.id}/messages`]: ok({ messages: thread, hasMore: false }),
    [`POST /api/conversations/${mine.id}/read`]: ok({}),
    [`GET /api/conversations/${waiting.id}`]: ok({ conversation: waiting, previous: [] }),
    [`GET /api/conversations/${waiting.id}/messages`]: ok({
      messages: [message(1, waiting.id, { text: 'Hello?' })],
      hasMore: false,
    }),
    ...overrides,
  });
}

function renderPage(path = '/chat/conversation', conversationId?: string) {
  const realtime = { ...fakeRealtime(), subscribe: vi.fn((_topics: readonly string[]) => () => undefined) };
  const renderTemplateSend = vi.fn(({ opened }: { opened: boolean }) =>
    opened ? <div role="dialog" aria-label="Just In Time template" /> : null,
  );
  const view = renderWithRouter(
    <ConversationsPage
      conversationId={conversationId}
      realtime={realtime}
      userId={ME}
      canViewCustomer={false}
      canEditCustomer={false}
      renderTemplateSend={renderTemplateSend}
    />,
    { initialPath: path },
  );
  return { ...view, realtime, renderTemplateSend };
}

describe('ConversationsPage', () => {
  beforeAll(() => {
    // jsdom has no FontFaceSet; Mantine's autosize textarea listens to it.
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() },
      });
  });

  it('shows the live counts and the rows, and filters the query from the URL', async () => {
    const server = api();
    const user = userEvent.setup();
    const view = renderPage();
    const list = await screen.findByRole('navigation', { name: 'Conversations' });
    const rows = within(list).getAllByRole('button');
    expect(rows[0]).toHaveTextContent('Customer 1');
    expect(rows[0]).toHaveTextContent('Where is my order?');
    expect(rows[0]).toHaveTextContent('WhatsApp Support');
    expect(within(rows[0]!).getByLabelText('2 unread')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('img', { name: 'Pinned' })).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('img', { name: 'Handed over by the bot' })).toBeInTheDocument();
    // A customer without a name shows by number, with what the chat waits for.
    expect(rows[1]).toHaveTextContent('+919000000099');
    expect(rows[1]).toHaveTextContent('New');

    const countsList = screen.getByRole('list', { name: 'Live chat counts' });
    expect(countsList).toHaveTextContent('New 3');
    expect(countsList).toHaveTextContent('Invited 1');
    expect(countsList).toHaveTextContent('Transferred 2');
    expect(countsList).toHaveTextContent('Assigned 4');
    expect(countsList).toHaveTextContent('Missed 5');
    expect(countsList).toHaveTextContent('Total 15');

    await user.click(screen.getByRole('button', { name: /Unassigned/ }));
    await waitFor(() => expect(view.currentPath()).toBe('/chat/conversation?view=unassigned'));
    await waitFor(() => expect(server.calls('GET /api/conversations').at(-1)!.query.get('view')).toBe('unassigned'));
    await waitFor(() =>
      expect(within(screen.getByRole('navigation', { name: 'Conversations' })).getAllByRole('button')).toHaveLength(1),
    );

    await user.type(screen.getByRole('textbox', { name: 'Search conversations' }), 'ravi');
    await waitFor(() => expect(server.calls('GET /api/conversations').at(-1)!.query.get('search')).toBe('ravi'));
    expect(view.currentPath()).toBe('/chat/conversation?view=unassigned&search=ravi');

    // Keyboard: down moves through the rows, Enter opens the focused one (list state kept in the URL).
    await user.click(screen.getByRole('button', { name: /Unassigned/ }));
    const row = within(screen.getByRole('navigation', { name: 'Conversations' })).getAllByRole('button')[0]!;
    row.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(view.pathname()).toBe(`/chat/conversation/${waiting.id}`));
    expect(view.currentPath()).toContain('view=unassigned');
  });

  it('moves through the rows with the arrow keys and opens one with Enter', async () => {
    api();
    const user = userEvent.setup();
    const view = renderPage();
    const rows = within(await screen.findByRole('navigation', { name: 'Conversations' })).getAllByRole('button');
    rows[0]!.focus();
    await user.keyboard('{ArrowDown}');
    expect(rows[1]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(rows[0]).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(view.pathname()).toBe(`/chat/conversation/${mine.id}`));
  });

  it('transfers to an agent chosen by status and load, and sets the availability', async () => {
    const agent = {
      userId: uuid(901),
      name: 'Bob Builder',
      email: 'bob@example.com',
      status: 'online' as const,
      capacity: 5,
      openChats: 2,
      departmentIds: [DEPARTMENT],
    };
    const server = api({
      'GET /api/conversations/agents': ok({ agents: [agent], departments: [{ id: DEPARTMENT, name: 'Support' }] }),
      [`POST /api/conversations/${mine.id}/transfer`]: ok({
        conversation: { ...mine, participants: [], waiting: 'transferred', waitingFor: agent.userId },
      }),
      'PUT /api/conversations/agent-status': (request) =>
        ok({ ...self, agentStatus: (request.body as { agentStatus: string }).agentStatus }),
    });
    const user = userEvent.setup();
    renderPage(`/chat/conversation/${mine.id}`, mine.id);
    await user.click(await screen.findByRole('button', { name: 'Transfer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer chat' });
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(await within(dialog).findByText(conversationMessages.transferTarget)).toBeInTheDocument();
    await user.click(within(dialog).getByPlaceholderText('Choose an agent'));
    await user.click(await screen.findByRole('option', { name: /Bob Builder/ }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Wants a refund');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(server.calls(`POST /api/conversations/${mine.id}/transfer`)).toHaveLength(1));
    expect(server.calls(`POST /api/conversations/${mine.id}/transfer`)[0]!.body).toEqual({
      userId: agent.userId,
      note: 'Wants a refund',
    });
    expect(toastMessages()).toContain(conversationMessages.transferred);
    // No longer a participant: the composer goes.
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Reply' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('radio', { name: 'Away' }));
    await waitFor(() => expect(server.calls('PUT /api/conversations/agent-status')).toHaveLength(1));
    expect(server.calls('PUT /api/conversations/agent-status')[0]!.body).toEqual({ agentStatus: 'away' });
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Away' })).toBeChecked());
  });

  it('opens a chat: messages in order with their ticks, the bot marked, the failure reason, and the handoff banner', async () => {
    const server = api();
    renderPage(`/chat/conversation/${mine.id}`, mine.id);
    const log = await screen.findByRole('log', { name: 'Messages' });
    await within(log).findByText('Looking into it');
    expect(log.textContent!.indexOf('Hi')).toBeLessThan(log.textContent!.indexOf('Looking into it'));
    expect(within(log).getByRole('link', { name: 'https://shop.example.com/o/1042' })).toBeInTheDocument();
    expect(within(log).getByRole('img', { name: 'Read' })).toBeInTheDocument();
    expect(within(log).getByRole('img', { name: 'Delivered' })).toBeInTheDocument();
    expect(within(log).getByRole('img', { name: 'Failed: Message undeliverable (131026)' })).toBeInTheDocument();
    expect(within(log).getByText('Bot')).toBeInTheDocument();
    expect(within(log).getByText('Order bot')).toBeInTheDocument();
    expect(within(log).getByText(/Ada picked up the chat/)).toBeInTheDocument();
    expect(within(log).getByText('Hi\nI need help', { exact: false, normalizer: (text) => text })).toBeInTheDocument();

    const banner = screen.getByRole('note', { name: /Handed over by the bot/ });
    expect(banner).toHaveTextContent('Handed over by the bot: Asked for a person');
    expect(banner).toHaveTextContent('Intent order_status (87 %)');
    expect(banner).toHaveTextContent('Emotion frustrated');
    expect(banner).toHaveTextContent('order_id: 1042');

    expect(screen.getByRole('region', { name: 'Conversation list' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Conversation' })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Customer details' })).toBeInTheDocument();
    // The participant read the unread messages by opening the chat.
    await waitFor(() => expect(server.calls(`POST /api/conversations/${mine.id}/read`)).toHaveLength(1));
    // The open conversation's topic and the caller's queues are watched.
    expect(screen.getByRole('textbox', { name: 'Reply' })).toBeInTheDocument();
  });

  it('sends a reply with Enter and shows it in the thread', async () => {
    const sent = message(6, mine.id, {
      direction: 'out',
      sender: { kind: 'agent', userId: ME, name: 'Ada Lovelace' },
      text: 'Your order ships today',
      status: 'queued',
    });
    const server = api({ [`POST /api/conversations/${mine.id}/messages`]: ok({ message: sent }) });
    const user = userEvent.setup();
    renderPage(`/chat/conversation/${mine.id}`, mine.id);
    const reply = await screen.findByRole('textbox', { name: 'Reply' });
    await user.type(reply, 'Your order ships today{Enter}');
    await waitFor(() => expect(server.calls(`POST /api/conversations/${mine.id}/messages`)).toHaveLength(1));
    expect(server.calls(`POST /api/conversations/${mine.id}/messages`)[0]!.body).toEqual({
      text: 'Your order ships today',
    });
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(await within(log).findByText('Your order ships today')).toBeInTheDocument();
    expect(within(log).getAllByRole('img', { name: 'Sending' })).toHaveLength(1);
    await waitFor(() => expect(reply).toHaveValue(''));
  });

  it('inserts a quick reply picked with "/" and the arrow keys; Shift+Enter breaks the line', async () => {
    api({
      'GET /api/conversations/quick-replies': ok({
        quickReplies: [
          { id: uuid(701), shortcut: 'hello', text: 'Hello! How can I help?', updatedAt: '2026-11-20T00:00:00.000Z' },
          { id: uuid(702), shortcut: 'bye', text: 'Thanks for writing to us.', updatedAt: '2026-11-20T00:00:00.000Z' },
        ],
      }),
    });
    const user = userEvent.setup();
    renderPage(`/chat/conversation/${mine.id}`, mine.id);
    const reply = await screen.findByRole('textbox', { name: 'Reply' });
    await user.type(reply, '/');
    const picker = await screen.findByRole('listbox', { name: 'Quick replies' });
    await within(picker).findByText('/hello');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(reply).toHaveValue('Thanks for writing to us.');
    await user.keyboard('{Shift>}{Enter}{/Shift}See you');
    expect(reply).toHaveValue('Thanks for writing to us.\nSee you');
  });

  it('says plainly when another agent picked the chat up first', async () => {
    api({
      [`POST /api/conversations/${waiting.id}/pickup`]: fail(409, 5301, 'Conflict'),
    });
    const user = userEvent.setup();
    renderPage(`/chat/conversation/${waiting.id}`, waiting.id);
    expect(screen.queryByRole('textbox', { name: 'Reply' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Pick Up' }));
    const dialog = await screen.findByRole('dialog', { name: 'New chat' });
    expect(dialog).toHaveTextContent('Do you want pickup this chat ?');
    await user.click(within(dialog).getByRole('button', { name: 'Pickup' }));
    const thread = screen.getByRole('region', { name: 'Conversation' });
    expect(await within(thread).findByRole('alert')).toHaveTextContent(conversationMessages.pickupTaken);
    expect(toastMessages()).toContain(conversationMessages.pickupTaken);
  });

  it('picks up a waiting chat and gets the composer', async () => {
    const picked = { ...waiting, waiting: null, handler: 'agent' as const, state: 1, participants: mine.participants };
    const server = api({ [`POST /api/conversations/${waiting.id}/pickup`]: ok({ conversation: picked }) });
    const user = userEvent.setup();
    renderPage(`/chat/conversation/${waiting.id}`, waiting.id);
    await user.click(await screen.findByRole('button', { name: 'Pick Up' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'New chat' })).getByRole('button', { name: 'Pickup' }),
    );
    expect(await screen.findByRole('textbox', { name: 'Reply' })).toBeInTheDocument();
    expect(server.calls(`POST /api/conversations/${waiting.id}/pickup`)).toHaveLength(1);
    expect(toastMessages()).toContain(conversationMessages.pickedUp);
  });

  it('outside the 24-hour window offers the template instead of the composer', async () => {
    const jit = { ...mine, isJITRequired: true };
    api({ [`GET /api/conversations/${mine.id}`]: ok({ conversation: jit, previous: [] }) });
    const user = userEvent.setup();
    const { renderTemplateSend } = renderPage(`/chat/conversation/${mine.id}`, mine.id);
    expect(await screen.findByText(conversationMessages.jitRequired)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Reply' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send Template' }));
    expect(await screen.findByRole('dialog', { name: 'Just In Time template' })).toBeInTheDocument();
    expect(renderTemplateSend).toHaveBeenLastCalledWith(
      expect.objectContaining({
        opened: true,
        conversation: expect.objectContaining({ id: mine.id, channelId: CHANNEL }),
      }),
    );
  });

  it('turns into the template bar when a send is refused for the closed window', async () => {
    api({
      [`POST /api/conversations/${mine.id}/messages`]: fail(
        409,
        errorCatalog.CHANNEL_OUTSIDE_WINDOW.code,
        errorCatalog.CHANNEL_OUTSIDE_WINDOW.message,
      ),
    });
    const user = userEvent.setup();
    renderPage(`/chat/conversation/${mine.id}`, mine.id);
    await user.type(await screen.findByRole('textbox', { name: 'Reply' }), 'Are you there?{Enter}');
    expect(await screen.findByRole('button', { name: 'Send Template' })).toBeInTheDocument();
    expect(screen.getByText(conversationMessages.jitRequired)).toBeInTheDocument();
  });

  it('shows a closed chat as closed', async () => {
    const closed = { ...mine, state: 3, closedAt: '2026-11-21T10:00:00.000Z', handoff: null };
    api({ [`GET /api/conversations/${mine.id}`]: ok({ conversation: closed, previous: [] }) });
    renderPage(`/chat/conversation/${mine.id}`, mine.id);
    expect(await screen.findByText(conversationMessages.closedChat)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Reply' })).not.toBeInTheDocument();
  });

  it('shows a realtime message, its later status, a row update and new counts without a reload', async () => {
    api();
    const { realtime } = renderPage(`/chat/conversation/${mine.id}`, mine.id);
    const log = await screen.findByRole('log', { name: 'Messages' });
    await within(log).findByText('Looking into it');
    expect(realtime.subscribe).toHaveBeenCalledWith(self.topics);
    expect(realtime.subscribe).toHaveBeenCalledWith([`chat:conv:${mine.id}`]);

    const incoming = message(7, mine.id, { text: 'Any news?' });
    realtime.emit('conversation.message', { conversationId: mine.id, message: incoming });
    expect(await within(log).findByText('Any news?')).toBeInTheDocument();

    const out = message(8, mine.id, {
      direction: 'out',
      sender: { kind: 'agent', userId: ME, name: 'Ada Lovelace' },
      text: 'Shipped',
      status: 'sent',
    });
    realtime.emit('conversation.message', { conversationId: mine.id, message: out });
    await within(log).findByText('Shipped');
    expect(within(log).getByRole('img', { name: 'Sent' })).toBeInTheDocument();
    realtime.emit('conversation.message', { conversationId: mine.id, message: { ...out, status: 'read' } });
    await waitFor(() => expect(within(log).getAllByRole('img', { name: 'Read' })).toHaveLength(2));
    expect(within(log).getAllByText('Shipped')).toHaveLength(1);

    realtime.emit('conversation.updated', { conversation: { ...mine, pinned: false, state: 5 } });
    expect(await screen.findByText('Suspended')).toBeInTheDocument();

    realtime.emit('conversation.counts', { ...counts, newChatCount: 9 });
    await waitFor(() => expect(screen.getByRole('list', { name: 'Live chat counts' })).toHaveTextContent('New 9'));

    realtime.emit('youTransferredToAgent', { conversationId: uuid(999) });
    expect(toastMessages()).toContain(conversationMessages.transferred);
  });
});

describe('ConversationsPage customer panel', () => {
  beforeAll(() => {
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() },
      });
  });

  const customerId = mine.customer.id!;
  const emailField = {
    id: uuid(801),
    fieldName: 'email',
    fieldLabel: 'Email',
    fieldHelptext: '',
    mandatory: false,
    fieldType: 'text' as const,
    inputType: 'email' as const,
    minLength: null,
    maxLength: null,
    allowSpecialChars: true,
    allowedChars: [],
    commaIncluded: false,
    defaultValues: [],
    index: 0,
    standard: false,
  };
  const stored = {
    id: customerId,
    name: 'Customer 1',
    phoneNumber: mine.customer.number,
    whatsAppNumber: null,
    facebookId: null,
    instaId: null,
    twitterId: null,
    tags: [{ id: uuid(811), name: 'Gold' }],
    groups: [{ id: uuid(812), name: 'Bengaluru' }],
    data: { [emailField.id]: 'ravi@example.com' },
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  };

  it("shows the customer's attributes, segments, groups and earlier chats, and edits the attributes with the form's rules", async () => {
    const earlier = { id: uuid(150), channelName: 'SMS line', state: 3, createdAt: '2026-10-02T10:00:00.000Z' };
    const server = api({
      [`GET /api/conversations/${mine.id}`]: ok({ conversation: mine, previous: [earlier] }),
      [`GET /api/customers/${customerId}`]: ok(stored),
      'GET /api/customer-fields': ok({ fields: [emailField] }),
      [`PUT /api/customers/${customerId}`]: (request) =>
        ok({ ...stored, data: (request.body as { data: Record<string, string> }).data }),
    });
    const user = userEvent.setup();
    const realtime = { ...fakeRealtime(), subscribe: vi.fn(() => () => undefined) };
    const view = renderWithRouter(
      <ConversationsPage
        conversationId={mine.id}
        realtime={realtime}
        userId={ME}
        canViewCustomer
        canEditCustomer
        renderTemplateSend={() => null}
      />,
      { initialPath: `/chat/conversation/${mine.id}` },
    );
    const panel = screen.getByRole('complementary', { name: 'Customer details' });
    expect(await within(panel).findByText('ravi@example.com')).toBeInTheDocument();
    expect(within(panel).getByText('Gold')).toBeInTheDocument();
    expect(within(panel).getByText('Bengaluru')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Edit' }));
    const drawer = await screen.findByRole('dialog', { name: 'Edit Customer Details' });
    const email = within(drawer).getByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Email must be a valid email address')).toBeInTheDocument();
    expect(server.calls(`PUT /api/customers/${customerId}`)).toHaveLength(0);

    await user.clear(email);
    await user.type(email, 'ravi@shop.in');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls(`PUT /api/customers/${customerId}`)).toHaveLength(1));
    expect(server.calls(`PUT /api/customers/${customerId}`)[0]!.body).toMatchObject({
      name: 'Customer 1',
      tags: [uuid(811)],
      groups: [uuid(812)],
      data: { [emailField.id]: 'ravi@shop.in' },
    });
    expect(await within(panel).findByText('ravi@shop.in')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: /SMS line/ }));
    await waitFor(() => expect(view.pathname()).toBe(`/chat/conversation/${earlier.id}`));
  });
});
