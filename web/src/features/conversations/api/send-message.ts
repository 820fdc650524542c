import { useMutation, useQueryClient } from '@tanstack/react-query';
import { conversationRoutes, type SendChatMessageBody } from '@parley/contracts/conversations';
import { apiRequest } from '../../../lib/api-client';
import { applyMessage } from './conversation-cache';
import { conversationsKeys } from './conversations-keys';

export function sendMessage(id: string, body: SendChatMessageBody) {
  return apiRequest(conversationRoutes.send, { params: { id }, body });
}

/** Replies to the customer; the message joins the thread at once and its ticks follow by realtime. */
export function useSendMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendChatMessageBody) => sendMessage(id, body),
    // The composer keeps the draft and says why it failed (the 24-hour window turns into the JIT bar).
    meta: { inlineErrors: true },
    onSuccess: ({ message }) => {
      applyMessage(queryClient, message);
      void queryClient.invalidateQueries({ queryKey: conversationsKeys.lists() });
    },
  });
}
