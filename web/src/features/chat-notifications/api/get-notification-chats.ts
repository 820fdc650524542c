import { queryOptions, useQuery } from '@tanstack/react-query';
import { conversationRoutes, type ConversationSummary } from '@parley/contracts/conversations';
import { apiRequest } from '../../../lib/api-client';
import { chatNotificationsKeys } from './chat-notifications-keys';
import type { NotificationKind } from './notification-kinds';

/** The most the list route gives at once; a queue longer than this shows its newest chats. */
const PER_PAGE = 100;

/**
 * The chats of one menu row. The list route has no filter by waiting kind: the queue view
 * ('unassigned') is read and narrowed here, missed chats come from their own view.
 */
export async function getNotificationChats(
  kind: NotificationKind,
  signal?: AbortSignal,
): Promise<ConversationSummary[]> {
  const view = kind === 'missed' ? 'missed' : 'unassigned';
  const { conversations } = await apiRequest(conversationRoutes.list, { query: { view, perPage: PER_PAGE }, signal });
  return kind === 'missed' ? conversations : conversations.filter((chat) => chat.waiting === kind);
}

export function notificationChatsQueryOptions(kind: NotificationKind) {
  return queryOptions({
    queryKey: chatNotificationsKeys.list(kind),
    queryFn: ({ signal }) => getNotificationChats(kind, signal),
    // The dialog shows what waits now; a chat another agent took a minute ago must not be offered.
    staleTime: 0,
  });
}

export function useNotificationChats(kind: NotificationKind | null) {
  return useQuery({ ...notificationChatsQueryOptions(kind ?? 'new'), enabled: kind !== null });
}
