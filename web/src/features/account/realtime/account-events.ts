import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeClient } from '../../../lib/realtime-client';
import { accountKeys } from '../api/account-keys';

/** Keeps the sessions list current when one of my sessions is signed out elsewhere. */
export function subscribeAccountEvents(realtime: Pick<RealtimeClient, 'on'>, queryClient: QueryClient): () => void {
  return realtime.on('session.revoked', () => {
    void queryClient.invalidateQueries({ queryKey: accountKeys.sessions() });
  });
}
