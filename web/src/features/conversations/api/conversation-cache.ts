import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type {
  ChatMessage,
  ConversationCollected,
  ConversationSummary,
  LiveChatCounts,
} from '@parley/contracts/conversations';
import { conversationsKeys } from './conversations-keys';

/** One page of the list as the server answers it. */
export interface ConversationPage {
  conversations: ConversationSummary[];
  hasMore: boolean;
  counts: LiveChatCounts;
}
export interface MessagePage {
  messages: ChatMessage[];
  hasMore: boolean;
}
export interface ConversationDetailData {
  conversation: ConversationSummary;
  /** What the prompt agent collected after the conversation; null (or absent) until it did. */
  collected?: ConversationCollected | null;
  previous: { id: string; channelName: string; state: number; createdAt: string }[];
}

/**
 * Puts a changed conversation where the page shows it: its row in every loaded list and the open
 * thread's header. Lists are then asked again in the background, because a change may move the
 * row (newer activity first) or out of a view (closed, taken by someone else).
 */
export function applyConversation(queryClient: QueryClient, conversation: ConversationSummary): void {
  queryClient.setQueriesData<InfiniteData<ConversationPage>>({ queryKey: conversationsKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            conversations: page.conversations.map((row) => (row.id === conversation.id ? conversation : row)),
          })),
        }
      : data,
  );
  queryClient.setQueryData<ConversationDetailData>(conversationsKeys.detail(conversation.id), (data) =>
    data ? { ...data, conversation } : data,
  );
  void queryClient.invalidateQueries({ queryKey: conversationsKeys.lists() });
}

/**
 * Adds a message to the open thread, or replaces it: a status change arrives as the same message
 * id with its new status. Pages are newest first (page 0 is the latest), each oldest first.
 */
export function applyMessage(queryClient: QueryClient, message: ChatMessage): void {
  queryClient.setQueryData<InfiniteData<MessagePage, string | undefined>>(
    conversationsKeys.messages(message.conversationId),
    (data) => {
      if (!data) return data;
      const known = data.pages.some((page) => page.messages.some((item) => item.id === message.id));
      if (known)
        return {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            messages: page.messages.map((item) => (item.id === message.id ? message : item)),
          })),
        };
      const [latest, ...older] = data.pages;
      if (!latest) return data;
      return { ...data, pages: [{ ...latest, messages: [...latest.messages, message] }, ...older] };
    },
  );
}

export function applyCounts(queryClient: QueryClient, counts: LiveChatCounts): void {
  queryClient.setQueryData(conversationsKeys.counts(), counts);
}
