import { useMutation, useQueryClient } from '@tanstack/react-query';
import { conversationRoutes } from '@parley/contracts/conversations';
import { apiRequest } from '../../../lib/api-client';
import { chatNotificationsKeys } from './chat-notifications-keys';
import { kindInfo, type NotificationKind } from './notification-kinds';

export interface TakeChatInput {
  conversationId: string;
  kind: NotificationKind;
}

/** Picks up a queue (or missed) chat, or accepts one invited, transferred or assigned to the caller. */
export function takeChat({ conversationId, kind }: TakeChatInput) {
  const route = kindInfo[kind].take === 'pickup' ? conversationRoutes.pickup : conversationRoutes.accept;
  return apiRequest(route, { params: { id: conversationId } });
}

/**
 * A failure (409: another agent was faster) shows its message in a toast through the mutation
 * cache; either way the counts and lists are read again, since the chat has moved on.
 */
export function useTakeChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeChat,
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatNotificationsKeys.all }),
  });
}
