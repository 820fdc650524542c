import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { conversationRoutes } from '@parley/contracts/conversations';
import { apiRequest } from '../../../lib/api-client';
import type { ConversationPage } from './conversation-cache';
import { conversationsKeys } from './conversations-keys';

export function markRead(id: string) {
  return apiRequest(conversationRoutes.read, { params: { id } });
}

/** Marks the customer's messages read when a participant opens the chat; the unread badge goes. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    // A missed read mark is not worth a toast: the badge simply stays.
    meta: { inlineErrors: true },
    onSuccess: (_data, id) => {
      queryClient.setQueriesData<InfiniteData<ConversationPage>>({ queryKey: conversationsKeys.lists() }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                conversations: page.conversations.map((row) => (row.id === id ? { ...row, newMsgCount: 0 } : row)),
              })),
            }
          : data,
      );
    },
  });
}
