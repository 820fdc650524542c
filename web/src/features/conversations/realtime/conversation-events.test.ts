import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveChatCounts } from '@parley/contracts/conversations';
import { clearToasts, toastStore } from '../../../lib/toast';
import { conversationsKeys } from '../api/conversations-keys';
import { subscribeConversationEvents } from './conversation-events';

type Handler = (event: { name: string; payload: unknown }) => void;

/** The websocket's `on` as the console uses it: handlers by event name, fired by the test. */
function fakeRealtime() {
  const handlers = new Map<string, Handler[]>();
  return {
    on(name: string, handler: Handler) {
      handlers.set(name, [...(handlers.get(name) ?? []), handler]);
      return () =>
        handlers.set(
          name,
          (handlers.get(name) ?? []).filter((other) => other !== handler),
        );
    },
    fire(name: string, payload: unknown) {
      for (const handler of handlers.get(name) ?? []) handler({ name, payload });
    },
  };
}

const counts: LiveChatCounts = {
  newChatCount: 4,
  invitedChatCount: 2,
  transferredChatCount: 1,
  assginedChatCount: 3,
  missedChatCount: 0,
  totalChatCount: 10,
};

afterEach(() => clearToasts());

describe('the agent events of the console', () => {
  it('noChatPicked says why and resets the waiting counts to the server’s', () => {
    const realtime = fakeRealtime();
    const queryClient = new QueryClient();
    queryClient.setQueryData(conversationsKeys.counts(), counts);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const off = subscribeConversationEvents(realtime, queryClient, { onChatRemoved: () => undefined });

    realtime.fire('noChatPicked', {
      conversationId: 'c1',
      message: 'Another agent has already picked up this chat',
      unPickedCount: 3,
      transferredCount: 0,
      invitedCount: 2,
    });

    expect(queryClient.getQueryData(conversationsKeys.counts())).toEqual({
      ...counts,
      newChatCount: 3,
      transferredChatCount: 0,
    });
    expect(toastStore.getState().notifications.map((toast) => String(toast.message))).toEqual([
      'Another agent has already picked up this chat',
    ]);
    // The lists are fetched again: the chat no longer waits in the caller's queue.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: conversationsKeys.lists() });
    off();
  });
});
