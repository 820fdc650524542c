import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountRoutes } from '@parley/contracts/account';
import { apiRequest } from '../../../lib/api-client';
import { chatNotificationsKeys } from './chat-notifications-keys';

export function getChatPreferences(signal?: AbortSignal) {
  return apiRequest(accountRoutes.preferences, { signal });
}

/** The user's notification and sound settings (saved on the Profile page). */
export function chatPreferencesQueryOptions() {
  return queryOptions({
    queryKey: chatNotificationsKeys.preferences(),
    queryFn: ({ signal }) => getChatPreferences(signal),
  });
}

export function useChatPreferences() {
  return useQuery(chatPreferencesQueryOptions());
}
