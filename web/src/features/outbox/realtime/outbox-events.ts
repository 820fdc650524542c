import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeClient } from '../../../lib/realtime-client';
import { outboxKeys } from '../api/outbox-keys';

/** A newly queued mail refreshes the outbox list. */
export function subscribeOutboxEvents(realtime: Pick<RealtimeClient, 'on'>, queryClient: QueryClient): () => void {
  return realtime.on('mail.queued', () => {
    void queryClient.invalidateQueries({ queryKey: outboxKeys.all });
  });
}
