import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Preferences } from '@parley/contracts/account';
import type { ConversationSummary, LiveChatCounts } from '@parley/contracts/conversations';
import { fail, installFakeApi, ok, type FakeResponse } from '../../../test/fake-api';
import { fakeRealtime } from '../../../test/fake-realtime';
import { renderWithRouter } from '../../../test/render-app';
import { sessionUserWithRoles } from '../../../test/session-users';
import { toastStore } from '../../../lib/toast';
import { chat, counts, ME, preferences } from '../test/chat-notification-fixtures';
import { ChatNotificationMenu } from './ChatNotificationMenu';

const agent = sessionUserWithRoles([3], { uId: ME });
const toastMessages = () => toastStore.getState().notifications.map((toast) => String(toast.message));

interface Setup {
  counts?: LiveChatCounts;
  preferences?: Preferences;
  queue?: ConversationSummary[];
  missed?: ConversationSummary[];
  mine?: ConversationSummary[];
  /** More answers, e.g. `POST /api/conversations/<id>/pickup`. */
  handlers?: Record<string, FakeResponse>;
  initialPath?: string;
}

function setup(options: Setup = {}) {
  const api = installFakeApi({
    'GET /api/conversations/counts': ok(options.counts ?? counts()),
    'GET /api/account/preferences': ok(options.preferences ?? preferences()),
    'GET /api/conversations': (request) => {
      const view = request.query.get('view');
      const conversations =
        view === 'missed' ? (options.missed ?? []) : view === 'mine' ? (options.mine ?? []) : (options.queue ?? []);
      return ok({ conversations, hasMore: false, counts: options.counts ?? counts() });
    },
    ...options.handlers,
  });
  const realtime = fakeRealtime();
  const playSound = vi.fn();
  const onNavigate = vi.fn();
  const view = renderWithRouter(
    <ChatNotificationMenu user={agent} realtime={realtime} playSound={playSound} onNavigate={onNavigate} />,
    { initialPath: options.initialPath ?? '/dashboard' },
  );
  return { api, realtime, playSound, onNavigate, ...view };
}

async function openMenu(total: number) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: `Live Chats, ${total} waiting` }));
  return user;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ChatNotificationMenu', () => {
  it('shows the total on the badge and each row with its count', async () => {
    setup({
      counts: counts({
        transferredChatCount: 1,
        newChatCount: 3,
        invitedChatCount: 2,
        assginedChatCount: 4,
        missedChatCount: 5,
      }),
    });
    const button = await screen.findByRole('button', { name: 'Live Chats, 15 waiting' });
    expect(screen.getByText('15')).toBeVisible();
    const user = userEvent.setup();
    await user.click(button);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Live Chats', { selector: '.mantine-Menu-label' })).toBeInTheDocument();
    const rows = within(menu).getAllByRole('menuitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Transfer Chats1',
      'Live Chats3',
      'Invite Chats2',
      'Assigned Chats4',
      'Missed Chats5',
    ]);
  });

  it('works from the keyboard: Enter opens the menu on its first row, the arrows move, Enter opens the list', async () => {
    setup({ counts: counts({ newChatCount: 2 }), queue: [chat({ waiting: 'new' })] });
    const button = await screen.findByRole('button', { name: 'Live Chats, 2 waiting' });
    button.focus();
    const user = userEvent.setup();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: /Transfer Chats/ })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: /Live Chats/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Chat Notification' });
    expect(await within(dialog).findByRole('button', { name: /Pickup chat of/ })).toBeInTheDocument();
  });

  it('is not shown to a user who does not handle chats', async () => {
    const api = installFakeApi({});
    renderWithRouter(
      <ChatNotificationMenu
        user={sessionUserWithRoles([4])}
        realtime={fakeRealtime()}
        playSound={vi.fn()}
        onNavigate={vi.fn()}
      />,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: /Live Chats/ })).not.toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it("updates the badge on 'conversation.counts'", async () => {
    const { realtime } = setup({ counts: counts({ newChatCount: 1 }) });
    await screen.findByRole('button', { name: 'Live Chats, 1 waiting' });
    realtime.emit('conversation.counts', counts({ newChatCount: 2, invitedChatCount: 1 }));
    expect(await screen.findByRole('button', { name: 'Live Chats, 3 waiting' })).toBeInTheDocument();
  });

  it("lists transferred chats with 'Transferred By', and says 'No Record' for an empty row", async () => {
    const transferred = chat({
      waiting: 'transferred',
      waitingBy: 'Alan Turing',
      customer: { id: null, name: 'Grace Hopper', number: '+447700900123' },
      lastMessage: { text: 'Can someone help me?', at: '2026-11-27T09:00:00.000Z', direction: 'in' },
    });
    setup({
      counts: counts({ transferredChatCount: 1 }),
      // The queue view also holds other kinds of chats: only the transferred one is listed.
      queue: [transferred, chat({ waiting: 'new' })],
    });
    const user = await openMenu(1);
    await user.click(screen.getByRole('menuitem', { name: /Transfer Chats/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Chat Notification' });
    const table = await within(dialog).findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Customer Name', 'Customer Number', 'Transferred By', 'Last Message', 'Type', 'Action']);
    const row = await within(table).findByRole('row', { name: /Grace Hopper/ });
    expect(row).toHaveTextContent('+447700900123');
    expect(row).toHaveTextContent('Alan Turing');
    expect(row).toHaveTextContent('Can someone help me?');
    expect(row).toHaveTextContent('Transferred');
    expect(within(table).getAllByRole('row')).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Chat Notification' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Live Chats, 1 waiting' }));
    await user.click(await screen.findByRole('menuitem', { name: /Missed Chats/ }));
    const empty = await screen.findByRole('dialog', { name: 'Chat Notification' });
    expect(await within(empty).findByText('No Record')).toBeInTheDocument();
    expect(within(empty).queryByText('Transferred By')).not.toBeInTheDocument();
  });

  it('asks before a pickup: Ignore leaves the chat, Pickup takes it and opens it', async () => {
    const waiting = chat({ waiting: 'new', customer: { id: null, name: 'Ada Byron', number: '+447700900456' } });
    const pickup = `POST /api/conversations/${waiting.id}/pickup`;
    const { api, onNavigate } = setup({
      counts: counts({ newChatCount: 1 }),
      queue: [waiting],
      handlers: { [pickup]: ok({ conversation: { ...waiting, waiting: null } }) },
    });

    const user = await openMenu(1);
    await user.click(screen.getByRole('menuitem', { name: /Live Chats/ }));
    const list = await screen.findByRole('dialog', { name: 'Chat Notification' });
    await user.click(await within(list).findByRole('button', { name: 'Pickup chat of Ada Byron' }));

    const confirm = await screen.findByRole('dialog', { name: 'Live chat' });
    expect(within(confirm).getByText('Do you want pickup this chat ?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Ignore' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Live chat' })).not.toBeInTheDocument());
    expect(api.calls(pickup)).toHaveLength(0);
    expect(onNavigate).not.toHaveBeenCalled();

    // Back to the list, which offers the chat again.
    const listAgain = await screen.findByRole('dialog', { name: 'Chat Notification' });
    await user.click(await within(listAgain).findByRole('button', { name: 'Pickup chat of Ada Byron' }));
    const again = await screen.findByRole('dialog', { name: 'Live chat' });
    await user.click(within(again).getByRole('button', { name: 'Pickup' }));
    await waitFor(() => expect(onNavigate).toHaveBeenCalledWith(`/chat/conversation/${waiting.id}`));
    expect(api.calls(pickup)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Chat Notification' })).not.toBeInTheDocument());
  });

  it('accepts an invited chat instead of picking it up', async () => {
    const invited = chat({ waiting: 'invited', waitingFor: ME, waitingBy: 'Alan Turing' });
    const accept = `POST /api/conversations/${invited.id}/accept`;
    const { api, onNavigate } = setup({
      counts: counts({ invitedChatCount: 1 }),
      queue: [invited],
      handlers: { [accept]: ok({ conversation: { ...invited, waiting: null } }) },
    });
    const user = await openMenu(1);
    await user.click(screen.getByRole('menuitem', { name: /Invite Chats/ }));
    const list = await screen.findByRole('dialog', { name: 'Chat Notification' });
    expect(await within(list).findByText('Invited By')).toBeInTheDocument();
    await user.click(await within(list).findByRole('button', { name: `Pickup chat of ${invited.customer.name}` }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Invited chat' })).getByRole('button', { name: 'Pickup' }),
    );
    await waitFor(() => expect(onNavigate).toHaveBeenCalledWith(`/chat/conversation/${invited.id}`));
    expect(api.calls(accept)).toHaveLength(1);
    expect(api.calls(`POST /api/conversations/${invited.id}/pickup`)).toHaveLength(0);
  });

  it("shows a 409's message in an error toast and stays on the page", async () => {
    const waiting = chat({ waiting: 'new' });
    const { onNavigate } = setup({
      counts: counts({ newChatCount: 1 }),
      queue: [waiting],
      handlers: {
        [`POST /api/conversations/${waiting.id}/pickup`]: fail(
          409,
          4090,
          'Another agent has already picked up this chat',
        ),
      },
    });
    const user = await openMenu(1);
    await user.click(screen.getByRole('menuitem', { name: /Live Chats/ }));
    const list = await screen.findByRole('dialog', { name: 'Chat Notification' });
    await user.click(await within(list).findByRole('button', { name: `Pickup chat of ${waiting.customer.name}` }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Live chat' })).getByRole('button', { name: 'Pickup' }),
    );
    await waitFor(() => expect(toastMessages()).toContain('Another agent has already picked up this chat'));
    expect(onNavigate).not.toHaveBeenCalled();
  });
});
