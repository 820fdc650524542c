import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatConfigRoutes } from '@parley/contracts/conversations';
import { apiRequest } from '../../../lib/api-client';
import { chatConfigKeys } from './chat-config-keys';

export function getChatConfigs(signal?: AbortSignal) {
  return apiRequest(chatConfigRoutes.list, { signal });
}

export function chatConfigsQueryOptions() {
  return queryOptions({
    queryKey: chatConfigKeys.configs(),
    queryFn: ({ signal }) => getChatConfigs(signal),
    select: (data) => data.configs,
  });
}

/** The chat configuration of every channel that receives messages. */
export function useChatConfigs() {
  return useQuery(chatConfigsQueryOptions());
}
