import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  chatMessage,
  conversationEvents,
  conversationMessages,
  conversationSummary,
  liveChatCounts,
  type AgentChatEvent,
} from '@parley/contracts/conversations';
import type { RealtimeClient } from '../../../lib/realtime-client';
import { showToast } from '../../../lib/toast';
import { applyConversation, applyCounts, applyMessage } from '../api/conversation-cache';
import { conversationsKeys } from '../api/conversations-keys';

/** The part of the console's websocket the agent's console uses (tests pass a fake). */
export type ConversationsRealtime = Pick<RealtimeClient, 'on' | 'subscribe' | 'isConnected'>;

const updatedPayload = z.object({ conversation: conversationSummary });
const messagePayload = z.object({ conversationId: z.string(), message: chatMessage });
/** The spec's agent events (§4.2): { conversationId, message? } where message is the server's text. */
const agentPayload = z
  .object({
    conversationId: z.string().optional(),
    message: z.unknown().optional(),
    unPickedCount: z.number().int().optional(),
    transferredCount: z.number().int().optional(),
    invitedCount: z.number().int().optional(),
  })
  .passthrough();

export interface AgentEventHandlers {
  /** A chat left the caller's hands (transferred away, left, ended): the page leaves it if open. */
  onChatRemoved: (conversationId: string) => void;
}

/** Events that take a chat into the caller's list. */
const taken: readonly AgentChatEvent[] = [
  'agentPickupChat',
  'youAcceptedInvite',
  'youAcceptedTransfer',
  'youAcceptedAssign',
];
/** Events that say something now waits for the caller. */
const waiting: readonly AgentChatEvent[] = ['chatInvited', 'chatTransferred', 'chatAssigned'];
const failures: readonly AgentChatEvent[] = ['agentPickupChatFailed', 'inviteAgentFailed', 'transferToAgentFailed'];
const removals: Partial<Record<AgentChatEvent, string | null>> = {
  youTransferredToAgent: conversationMessages.transferred,
  youLeft: conversationMessages.left,
  agentEndChat: null,
};

const failureFallback: Partial<Record<AgentChatEvent, string>> = {
  agentPickupChatFailed: conversationMessages.pickupTaken,
  inviteAgentFailed: 'The invitation could not be sent',
  transferToAgentFailed: 'The chat could not be transferred',
};

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value : null;
}

/**
 * Keeps the console's cache in step with the server: rows and headers ('conversation.updated'),
 * the open thread ('conversation.message': a status change replaces the message of the same id),
 * the counts ('conversation.counts'), and the spec's agent events with their toasts (§4.2).
 */
export function subscribeConversationEvents(
  realtime: Pick<RealtimeClient, 'on'>,
  queryClient: QueryClient,
  handlers: AgentEventHandlers,
): () => void {
  const offs: (() => void)[] = [
    realtime.on(conversationEvents.updated, (event) => {
      const parsed = updatedPayload.safeParse(event.payload);
      if (parsed.success) applyConversation(queryClient, parsed.data.conversation);
    }),
    realtime.on(conversationEvents.message, (event) => {
      const parsed = messagePayload.safeParse(event.payload);
      if (!parsed.success) return;
      const message = parsed.data.message;
      applyMessage(queryClient, message);
      // The note of data collected after the conversation: the panel's collected data and the
      // customer's attributes it wrote are loaded again.
      if (message.kind === 'system' && message.content.collected === true) {
        void queryClient.invalidateQueries({ queryKey: conversationsKeys.detail(message.conversationId) });
        void queryClient.invalidateQueries({ queryKey: [...conversationsKeys.all, 'customer'] });
      }
    }),
    realtime.on(conversationEvents.counts, (event) => {
      const parsed = liveChatCounts.safeParse(event.payload);
      if (parsed.success) applyCounts(queryClient, parsed.data);
    }),
  ];
  const refreshLists = () => void queryClient.invalidateQueries({ queryKey: conversationsKeys.lists() });

  for (const name of [...taken, ...waiting]) {
    offs.push(realtime.on(name, refreshLists));
  }
  for (const name of failures) {
    offs.push(
      realtime.on(name, (event) => {
        const payload = agentPayload.safeParse(event.payload);
        const text = (payload.success ? textOf(payload.data.message) : null) ?? failureFallback[name]!;
        showToast(text, { tone: 'error' });
        refreshLists();
      }),
    );
  }
  for (const [name, text] of Object.entries(removals) as [AgentChatEvent, string | null][]) {
    offs.push(
      realtime.on(name, (event) => {
        const payload = agentPayload.safeParse(event.payload);
        if (text) showToast(text, { tone: 'success' });
        refreshLists();
        const id = payload.success ? payload.data.conversationId : undefined;
        if (id) {
          void queryClient.invalidateQueries({ queryKey: conversationsKeys.detail(id) });
          handlers.onChatRemoved(id);
        }
      }),
    );
  }
  offs.push(
    realtime.on('noChatPicked', (event) => {
      const payload = agentPayload.safeParse(event.payload);
      if (!payload.success) return;
      const text = textOf(payload.data.message);
      if (text) showToast(text, { tone: 'info' });
      refreshLists();
      const { unPickedCount, transferredCount, invitedCount } = payload.data;
      queryClient.setQueryData<z.infer<typeof liveChatCounts>>(conversationsKeys.counts(), (counts) =>
        counts
          ? {
              ...counts,
              newChatCount: unPickedCount ?? counts.newChatCount,
              transferredChatCount: transferredCount ?? counts.transferredChatCount,
              invitedChatCount: invitedCount ?? counts.invitedChatCount,
            }
          : counts,
      );
    }),
    realtime.on('systemMessage', (event) => {
      const payload = agentPayload.safeParse(event.payload);
      if (!payload.success) return;
      const message = chatMessage.safeParse(payload.data.message);
      if (message.success) applyMessage(queryClient, message.data);
      else if (payload.data.conversationId)
        void queryClient.invalidateQueries({ queryKey: conversationsKeys.messages(payload.data.conversationId) });
    }),
  );
  return () => {
    for (const off of offs) off();
  };
}
