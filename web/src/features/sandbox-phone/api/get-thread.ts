import { queryOptions, useQuery } from '@tanstack/react-query';
import { sandboxRoutes } from '@parley/contracts/channels';
import { apiRequest } from '../../../lib/api-client';
import { SANDBOX_POLL_MS } from './get-conversations';
import { sandboxPhoneKeys } from './sandbox-phone-keys';

export function getThread(channelId: string, phone: string, signal?: AbortSignal) {
  return apiRequest(sandboxRoutes.thread, { params: { id: channelId, phone }, signal });
}

/** What one Sandbox number received and replied, oldest first. */
export function useThread(channelId: string | undefined, phone: string | undefined, poll: boolean) {
  return useQuery(
    queryOptions({
      queryKey: sandboxPhoneKeys.thread(channelId ?? '', phone ?? ''),
      queryFn: ({ signal }) => getThread(channelId!, phone!, signal),
      enabled: Boolean(channelId && phone),
      staleTime: 0,
      refetchInterval: poll ? SANDBOX_POLL_MS : false,
    }),
  );
}
