import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveChatCounts } from '@parley/contracts/conversations';
import { clearToasts, toastStore } from '../../../lib/toast';
import { fakeRealtime } from '../../../test/fake-realtime';
import { conversationsKeys } from '../api/conversations-keys';
import { subscribeConversationEvents } from './conversation-events';

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

    realtime.emit('noChatPicked', {
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
