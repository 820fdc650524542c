import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sandboxRoutes, type SandboxMessage } from '@parley/contracts/channels';
import { apiRequest } from '../../../lib/api-client';
import { sandboxPhoneKeys } from './sandbox-phone-keys';

export interface SandboxReply {
  channelId: string;
  phone: string;
  text: string;
  /** A pressed quick-reply button's payload (a template's button). */
  buttonPayload?: string;
  /** A pressed reply button's id (an interactive message's button). */
  buttonReplyId?: string;
}

export function sendReply({ channelId, phone, text, buttonPayload, buttonReplyId }: SandboxReply) {
  return apiRequest(sandboxRoutes.reply, {
    params: { id: channelId, phone },
    body: {
      text,
      ...(buttonPayload !== undefined ? { buttonPayload } : {}),
      ...(buttonReplyId !== undefined ? { buttonReplyId } : {}),
    },
  });
}

/** Replies as the customer: the message shows on the phone at once and reaches Parley as a webhook. */
export function useSendReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendReply,
    // The phone shows a refusal under the reply box.
    meta: { inlineErrors: true },
    onSuccess: (message, { channelId, phone }) => {
      queryClient.setQueryData<{ messages: SandboxMessage[] }>(sandboxPhoneKeys.thread(channelId, phone), (current) =>
        current && !current.messages.some((item) => item.id === message.id)
          ? { messages: [...current.messages, message] }
          : current,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: sandboxPhoneKeys.thread(channelId, phone) }),
        queryClient.invalidateQueries({ queryKey: sandboxPhoneKeys.conversations(channelId) }),
      ]);
    },
  });
}
