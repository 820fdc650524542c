import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversationEvents, type LiveChatCounts } from '@parley/contracts/conversations';
import { clearToasts, toastStore } from '../../../lib/toast';
import { fakeRealtime } from '../../../test/fake-realtime';
import { conversationsKeys } from '../api/conversations-keys';
import { conversation as conversationOf, message } from '../components/conversations-test-data';
import { subscribeConversationEvents } from './conversation-events';

const conversation = conversationOf(1);

const counts: LiveChatCounts = {
  newChatCount: 4,
  invitedChatCount: 2,
  transferredChatCount: 1,
  assginedChatCount: 3,
  missedChatCount: 0,
  totalChatCount: 10,
};

afterEach(() => clearToasts());

describe('messages of an open conversation', () => {
  it('a note of data collected after the conversation loads the panel and the customer again', () => {
    const realtime = fakeRealtime();
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const off = subscribeConversationEvents(realtime, queryClient, { onChatRemoved: () => undefined });
    const note = (content: Record<string, unknown>) => ({
      conversationId: conversation.id,
      message: message(9, conversation.id, {
        direction: 'system',
        sender: { kind: 'system', userId: null, name: 'System' },
        kind: 'system',
        text: 'Collected after the conversation: email',
        content,
        status: 'sent',
      }),
    });

    realtime.emit(conversationEvents.message, note({}));
    expect(invalidate).not.toHaveBeenCalled();
    realtime.emit(conversationEvents.message, note({ collected: true }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: conversationsKeys.detail(conversation.id) });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: [...conversationsKeys.all, 'customer'] });
    off();
  });
});

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
