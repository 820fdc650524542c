import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  chatMessage,
  conversationSummary,
  liveChatCounts,
  openChatStates,
  type ChatMessage,
  type ChatState,
  type LiveChatCounts,
} from '@parley/contracts/conversations';
import type { RealtimeEventName } from '@parley/contracts/realtime';
import type { RealtimeClient } from '../../../lib/realtime-client';
import { chatNotificationsKeys } from '../api/chat-notifications-keys';
import { waitingTotal } from '../api/notification-kinds';

/**
 * The part of the console's websocket the menu uses (tests pass a fake). With `subscribe` the menu
 * also listens to the user's queues, so a customer's message rings on pages other than the chat.
 */
export type ChatNotificationsRealtime = Pick<RealtimeClient, 'on' | 'isConnected'> &
  Partial<Pick<RealtimeClient, 'subscribe'>>;

/** What the events ask the console to announce (sound, desktop notification). */
export interface ChatAlertHandlers {
  /** A chat started waiting for the user; its id when the event names it. */
  onNewChat: (conversationId: string | null, eventId: number) => void;
  /** A customer wrote in a chat the user takes part in. */
  onInboundMessage: (conversationId: string, message: ChatMessage, eventId: number) => void;
}

const agentChatPayload = z.object({ conversationId: z.string() });
const messagePayload = z.object({ conversationId: z.string(), message: chatMessage });
const updatedPayload = z.object({ conversation: conversationSummary });

/** Events that put a chat in front of the user (platform §4.2). */
const NEW_CHAT_EVENTS: RealtimeEventName[] = ['chatInvited', 'chatTransferred', 'chatAssigned'];
/** Events after which the user's own chats (and the queue) changed. */
const TAKEN_OR_LEFT_EVENTS: RealtimeEventName[] = [
  'agentPickupChat',
  'youAcceptedInvite',
  'youAcceptedTransfer',
  'youAcceptedAssign',
  'youTransferredToAgent',
  'youLeft',
  'agentEndChat',
  'noChatPicked',
];

/** Messages already announced; status updates of the same message come as the same event name. */
const MAX_REMEMBERED = 500;

/**
 * Keeps the badge, the row lists and the user's own chats current from the websocket, and says
 * when to ring: the waiting total rising, a chat invited, transferred or assigned to the user, a
 * customer's new message in one of the user's chats.
 */
export function subscribeChatNotificationEvents(
  realtime: Pick<RealtimeClient, 'on'>,
  queryClient: QueryClient,
  userId: string,
  alerts: ChatAlertHandlers,
): () => void {
  const announced = new Set<string>();
  const refreshLists = () => void queryClient.invalidateQueries({ queryKey: chatNotificationsKeys.lists() });

  const unsubscribers = [
    realtime.on('conversation.counts', (event) => {
      const parsed = liveChatCounts.safeParse(event.payload);
      if (!parsed.success) return;
      const before = queryClient.getQueryData<LiveChatCounts>(chatNotificationsKeys.counts());
      queryClient.setQueryData(chatNotificationsKeys.counts(), parsed.data);
      refreshLists();
      if (before && waitingTotal(parsed.data) > waitingTotal(before)) alerts.onNewChat(null, event.id);
    }),
    ...NEW_CHAT_EVENTS.map((name) =>
      realtime.on(name, (event) => {
        const parsed = agentChatPayload.safeParse(event.payload);
        void queryClient.invalidateQueries({ queryKey: chatNotificationsKeys.counts() });
        refreshLists();
        alerts.onNewChat(parsed.success ? parsed.data.conversationId : null, event.id);
      }),
    ),
    ...TAKEN_OR_LEFT_EVENTS.map((name) =>
      realtime.on(name, () => {
        void queryClient.invalidateQueries({ queryKey: chatNotificationsKeys.all });
      }),
    ),
    realtime.on('conversation.updated', (event) => {
      const parsed = updatedPayload.safeParse(event.payload);
      if (!parsed.success) return;
      const { conversation } = parsed.data;
      const mine =
        openChatStates.includes(conversation.state as ChatState) &&
        conversation.participants.some(
          (participant) => participant.userId === userId && participant.role !== 'pending',
        );
      queryClient.setQueryData<string[]>(chatNotificationsKeys.mine(), (ids) => {
        if (!ids) return ids;
        const without = ids.filter((id) => id !== conversation.id);
        return mine ? [...without, conversation.id] : without;
      });
      refreshLists();
    }),
    realtime.on('conversation.message', (event) => {
      const parsed = messagePayload.safeParse(event.payload);
      if (!parsed.success) return;
      const { conversationId, message } = parsed.data;
      if (message.direction !== 'in' || announced.has(message.id)) return;
      const mine = queryClient.getQueryData<string[]>(chatNotificationsKeys.mine());
      if (!mine?.includes(conversationId)) return;
      announced.add(message.id);
      if (announced.size > MAX_REMEMBERED) announced.delete(announced.values().next().value!);
      alerts.onInboundMessage(conversationId, message, event.id);
    }),
  ];
  return () => {
    for (const unsubscribe of unsubscribers) unsubscribe();
  };
}
