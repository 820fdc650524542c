import { queryOptions, useQuery } from '@tanstack/react-query';
import { sandboxRoutes } from '@parley/contracts/channels';
import { apiRequest } from '../../../lib/api-client';
import { sandboxPhoneKeys } from './sandbox-phone-keys';

/** While the websocket is down, the phone asks again this often (ms). */
export const SANDBOX_POLL_MS = 3000;

export function getConversations(channelId: string, signal?: AbortSignal) {
  return apiRequest(sandboxRoutes.conversations, { params: { id: channelId }, signal });
}

/** The numbers of a Sandbox channel that received messages, latest first. */
export function useConversations(channelId: string | undefined, poll: boolean) {
  return useQuery(
    queryOptions({
      queryKey: sandboxPhoneKeys.conversations(channelId ?? ''),
      queryFn: ({ signal }) => getConversations(channelId!, signal),
      enabled: Boolean(channelId),
      staleTime: 0,
      refetchInterval: poll ? SANDBOX_POLL_MS : false,
    }),
  );
}
