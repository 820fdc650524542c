import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultPreferences, type Preferences } from '@parley/contracts/account';
import type { ConversationSummary, LiveChatCounts } from '@parley/contracts/conversations';
import { installFakeApi, ok } from '../../../test/fake-api';
import { fakeRealtime } from '../../../test/fake-realtime';
import { renderWithRouter } from '../../../test/render-app';
import { sessionUserWithRoles } from '../../../test/session-users';
import { chatNotificationsKeys } from '../api/chat-notifications-keys';
import { chat, counts, inboundMessage, ME, preferences } from '../test/chat-notification-fixtures';
import { ChatNotificationMenu } from './ChatNotificationMenu';

const agent = sessionUserWithRoles([3], { uId: ME });
const owner = { userId: ME, name: 'Ada Lovelace', role: 'owner' as const, joinedAt: '2026-11-27T09:00:00.000Z' };

interface Setup {
  counts?: LiveChatCounts;
  preferences?: Preferences;
  queue?: ConversationSummary[];
  mine?: ConversationSummary[];
  initialPath?: string;
}

async function setup(options: Setup = {}) {
  const api = installFakeApi({
    'GET /api/conversations/counts': ok(options.counts ?? counts({ newChatCount: 1 })),
    'GET /api/account/preferences': ok(options.preferences ?? preferences()),
    'GET /api/conversations': (request) =>
      ok({
        conversations: request.query.get('view') === 'mine' ? (options.mine ?? []) : (options.queue ?? []),
        hasMore: false,
        counts: counts(),
      }),
  });
  const realtime = fakeRealtime();
  const playSound = vi.fn();
  const onNavigate = vi.fn();
  const view = renderWithRouter(
    <ChatNotificationMenu user={agent} realtime={realtime} playSound={playSound} onNavigate={onNavigate} />,
    { initialPath: options.initialPath ?? '/dashboard' },
  );
  await screen.findByRole('button', { name: /^Live Chats, \d+ waiting$/ });
  await waitFor(() => expect(view.queryClient.getQueryData(chatNotificationsKeys.preferences())).toBeDefined());
  return { api, realtime, playSound, onNavigate, ...view };
}

/** Waits until the user's own chats are known (their messages ring). */
async function myChatsLoaded(queryClient: ReturnType<typeof renderWithRouter>['queryClient']) {
  await waitFor(() => expect(queryClient.getQueryData(chatNotificationsKeys.mine())).toBeDefined());
}

class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static requestPermission = vi.fn(async () => FakeNotification.permission);
  static shown: FakeNotification[] = [];
  onclick: (() => void) | null = null;
  close = vi.fn();
  constructor(
    readonly title: string,
    readonly options: NotificationOptions,
  ) {
    FakeNotification.shown.push(this);
  }
}

beforeEach(() => {
  FakeNotification.permission = 'granted';
  FakeNotification.shown = [];
  FakeNotification.requestPermission.mockClear();
  vi.stubGlobal('Notification', FakeNotification);
  vi.spyOn(document, 'hasFocus').mockReturnValue(true);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ChatNotificationMenu sounds and desktop notifications', () => {
  it('plays the chosen new-chat sound when a new chat starts waiting', async () => {
    const { realtime, playSound } = await setup({
      preferences: preferences({
        audioSettings: {
          enable: true,
          sounds: [
            { type: 'new_chat', sound: 'bell', repeat: 3, volume: 40 },
            { type: 'new_message', sound: 'pop', repeat: 1, volume: 80 },
          ],
        },
      }),
    });
    realtime.emit('conversation.counts', counts({ newChatCount: 2 }));
    expect(playSound).toHaveBeenCalledTimes(1);
    expect(playSound).toHaveBeenCalledWith('bell', 3, 40);
  });

  it('stays silent when sounds are off, or chat notifications are off', async () => {
    const silent = await setup({
      preferences: preferences({ audioSettings: { ...defaultPreferences.audioSettings, enable: false } }),
    });
    silent.realtime.emit('conversation.counts', counts({ newChatCount: 2 }));
    silent.realtime.emit('chatAssigned', { conversationId: chat().id });
    expect(silent.playSound).not.toHaveBeenCalled();
    silent.unmount();

    const off = await setup({ preferences: preferences({ enableChatNotification: false }) });
    off.realtime.emit('chatTransferred', { conversationId: chat().id });
    expect(off.playSound).not.toHaveBeenCalled();
  });

  it('does not ring when the waiting chats only fall, and rings once for a burst', async () => {
    const { realtime, playSound } = await setup({ counts: counts({ newChatCount: 3 }) });
    realtime.emit('conversation.counts', counts({ newChatCount: 2 }));
    expect(playSound).not.toHaveBeenCalled();
    realtime.emit('conversation.counts', counts({ newChatCount: 2, assginedChatCount: 1 }));
    realtime.emit('chatAssigned', { conversationId: chat().id });
    expect(playSound).toHaveBeenCalledTimes(1);
    expect(playSound).toHaveBeenCalledWith('chime', 1, 80);
  });

  it("plays the new-message sound for a customer's message in one of my chats that is not open", async () => {
    const mine = chat({ state: 2, handler: 'agent', waiting: null, participants: [owner] });
    const other = chat({ state: 2, handler: 'agent', waiting: null });
    const { realtime, playSound, queryClient } = await setup({ mine: [mine] });
    await myChatsLoaded(queryClient);

    realtime.emit('conversation.message', { conversationId: other.id, message: inboundMessage(other.id) });
    realtime.emit('conversation.message', {
      conversationId: mine.id,
      message: inboundMessage(mine.id, { direction: 'out', sender: { kind: 'agent', userId: ME, name: 'Ada' } }),
    });
    expect(playSound).not.toHaveBeenCalled();

    const message = inboundMessage(mine.id);
    realtime.emit('conversation.message', { conversationId: mine.id, message });
    expect(playSound).toHaveBeenCalledWith('pop', 1, 80);
    // The same message again (its status changed) does not ring twice.
    realtime.emit('conversation.message', { conversationId: mine.id, message: { ...message, status: 'read' } });
    expect(playSound).toHaveBeenCalledTimes(1);
  });

  it('stays silent for a message in the chat open in the focused tab, and rings when the tab is in the background', async () => {
    const mine = chat({ state: 2, handler: 'agent', waiting: null, participants: [owner] });
    const { realtime, playSound, queryClient } = await setup({
      mine: [mine],
      initialPath: `/chat/conversation/${mine.id}`,
    });
    await myChatsLoaded(queryClient);
    realtime.emit('conversation.message', { conversationId: mine.id, message: inboundMessage(mine.id) });
    expect(playSound).not.toHaveBeenCalled();

    // The user switches to another window: the tab loses the focus.
    vi.mocked(document.hasFocus).mockReturnValue(false);
    fireEvent.blur(window);
    realtime.emit('conversation.message', { conversationId: mine.id, message: inboundMessage(mine.id) });
    expect(playSound).toHaveBeenCalledTimes(1);
  });

  it('rings for a chat that becomes mine after the page loaded', async () => {
    const picked = chat({ state: 0, waiting: 'new' });
    const { realtime, playSound, queryClient } = await setup();
    await myChatsLoaded(queryClient);
    realtime.emit('conversation.updated', {
      conversation: { ...picked, state: 1, waiting: null, handler: 'agent', participants: [owner] },
    });
    realtime.emit('conversation.message', { conversationId: picked.id, message: inboundMessage(picked.id) });
    expect(playSound).toHaveBeenCalledWith('pop', 1, 80);
  });

  it('shows a desktop notification whose click opens the chat', async () => {
    const mine = chat({ state: 2, handler: 'agent', waiting: null, participants: [owner] });
    const { realtime, onNavigate, queryClient } = await setup({ mine: [mine] });
    await myChatsLoaded(queryClient);
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => undefined);
    realtime.emit('conversation.message', {
      conversationId: mine.id,
      message: inboundMessage(mine.id, {
        text: 'Where is my order?',
        sender: { kind: 'customer', userId: null, name: 'Grace Hopper' },
      }),
    });
    expect(FakeNotification.shown).toHaveLength(1);
    const [notification] = FakeNotification.shown;
    expect(notification!.title).toBe('Grace Hopper');
    expect(notification!.options.body).toBe('Where is my order?');
    notification!.onclick?.();
    expect(focus).toHaveBeenCalled();
    expect(onNavigate).toHaveBeenCalledWith(`/chat/conversation/${mine.id}`);
  });

  it('shows no desktop notification when push notifications are off', async () => {
    const mine = chat({ state: 2, handler: 'agent', waiting: null, participants: [owner] });
    const { realtime, playSound, queryClient } = await setup({
      mine: [mine],
      preferences: preferences({ enablePushNotification: false }),
    });
    await myChatsLoaded(queryClient);
    realtime.emit('conversation.message', { conversationId: mine.id, message: inboundMessage(mine.id) });
    expect(playSound).toHaveBeenCalledTimes(1);
    expect(FakeNotification.shown).toHaveLength(0);
  });

  it('announces a new waiting chat on the desktop with its customer and last message', async () => {
    const waiting = chat({
      customer: { id: null, name: 'Katherine Johnson', number: '+447700900777' },
      lastMessage: { text: 'I would like to talk to someone', at: '2026-11-27T09:00:00.000Z', direction: 'in' },
    });
    const { realtime } = await setup({ queue: [waiting] });
    realtime.emit('conversation.counts', counts({ newChatCount: 2 }));
    await waitFor(() => expect(FakeNotification.shown).toHaveLength(1));
    expect(FakeNotification.shown[0]!.title).toBe('Katherine Johnson');
    expect(FakeNotification.shown[0]!.options.body).toBe('I would like to talk to someone');
  });

  it("offers 'Enable Desktop Notifications' while the browser has not been asked", async () => {
    FakeNotification.permission = 'default';
    await setup();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Live Chats, 1 waiting' }));
    FakeNotification.permission = 'granted';
    await user.click(await screen.findByRole('menuitem', { name: 'Enable Desktop Notifications' }));
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Live Chats, 1 waiting' }));
    await screen.findByRole('menuitem', { name: /Live Chats/ });
    expect(screen.queryByRole('menuitem', { name: 'Enable Desktop Notifications' })).not.toBeInTheDocument();
  });
});
