import { useQuery } from '@tanstack/react-query';
import { conversationRoutes } from '@parley/contracts/conversations';
import { apiRequest } from '../../../lib/api-client';
import { chatNotificationsKeys } from './chat-notifications-keys';

/** The realtime topics (the user's queues) whose chat messages the console should hear on every page. */
export async function getChatTopics(signal?: AbortSignal): Promise<string[]> {
  const self = await apiRequest(conversationRoutes.myStatus, { signal });
  return self.topics;
}

export function useChatTopics(enabled: boolean) {
  return useQuery({
    queryKey: chatNotificationsKeys.topics(),
    queryFn: ({ signal }) => getChatTopics(signal),
    enabled,
  });
}
