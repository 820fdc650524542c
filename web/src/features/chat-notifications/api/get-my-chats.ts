import { queryOptions, useQuery } from '@tanstack/react-query';
import { conversationRoutes } from '@parley/contracts/conversations';
import { apiRequest } from '../../../lib/api-client';
import { chatNotificationsKeys } from './chat-notifications-keys';

/** The ids of the open chats the caller takes part in: their customers' messages ring. */
export async function getMyChatIds(signal?: AbortSignal): Promise<string[]> {
  const { conversations } = await apiRequest(conversationRoutes.list, {
    query: { view: 'mine', perPage: 100 },
    signal,
  });
  return conversations.map((chat) => chat.id);
}

export function myChatIdsQueryOptions() {
  return queryOptions({ queryKey: chatNotificationsKeys.mine(), queryFn: ({ signal }) => getMyChatIds(signal) });
}

/** Only loaded while a new message would make a sound or a desktop notification. */
export function useMyChatIds(enabled: boolean) {
  return useQuery({ ...myChatIdsQueryOptions(), enabled });
}
