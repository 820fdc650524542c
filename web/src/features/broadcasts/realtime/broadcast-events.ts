import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { broadcastListItem, type BroadcastDetail, type BroadcastListItem } from '@parley/contracts/broadcasts';
import type { RealtimeClient } from '../../../lib/realtime-client';
import { broadcastsKeys } from '../api/broadcasts-keys';

export const BROADCAST_PROGRESS_EVENT = 'broadcast.progress';

/** What 'broadcast.progress' carries (contracts/src/realtime.ts): { broadcastId, status, progress }. */
export const broadcastProgressPayload = z.object({
  broadcastId: z.string(),
  status: z.string(),
  progress: broadcastListItem.shape.progress,
});
export type BroadcastProgressPayload = z.infer<typeof broadcastProgressPayload>;

type BroadcastsPage = { broadcastList: BroadcastListItem[]; more: boolean };

const finished = (status: string) => status === 'COMPLETED' || status === 'FAILED' || status === 'CANCELLED';

/**
 * An event never takes a broadcast back (events may arrive out of order after a reconnection):
 * a finished broadcast does not turn into a running one here (Retry failed refetches it), and
 * the pending count only falls.
 */
function isNewer(next: BroadcastProgressPayload, current: Pick<BroadcastListItem, 'status' | 'progress'>): boolean {
  if (finished(current.status) && !finished(next.status)) return false;
  if (finished(next.status) && !finished(current.status)) return true;
  return next.progress.pending <= current.progress.pending;
}

/**
 * 'broadcast.progress' replaces the status and counts of the broadcast in every cached list page
 * and in its detail, so the progress bars move without a request; the message table and any open
 * Message Status dialog of that broadcast refresh (the server sends at most about one event a
 * second per broadcast).
 */
export function subscribeBroadcastEvents(realtime: Pick<RealtimeClient, 'on'>, queryClient: QueryClient): () => void {
  return realtime.on(BROADCAST_PROGRESS_EVENT, (event) => {
    const parsed = broadcastProgressPayload.safeParse(event.payload);
    if (!parsed.success) return;
    const next = parsed.data;
    let listed = false;
    for (const [key, page] of queryClient.getQueriesData<BroadcastsPage>({ queryKey: broadcastsKeys.lists() })) {
      if (!page) continue;
      const index = page.broadcastList.findIndex((row) => row.id === next.broadcastId);
      if (index === -1) continue;
      listed = true;
      const row = page.broadcastList[index]!;
      if (!isNewer(next, row)) continue;
      const broadcastList = page.broadcastList.slice();
      broadcastList[index] = { ...row, status: next.status, progress: next.progress };
      queryClient.setQueryData<BroadcastsPage>(key, { ...page, broadcastList });
    }
    const detailKey = broadcastsKeys.detail(next.broadcastId);
    const detail = queryClient.getQueryData<BroadcastDetail>(detailKey);
    if (detail && isNewer(next, detail)) {
      queryClient.setQueryData<BroadcastDetail>(detailKey, { ...detail, status: next.status, progress: next.progress });
      // What 'Retry failed' could resend and the start and end times come only with the detail.
      if (finished(next.status) !== finished(detail.status))
        void queryClient.invalidateQueries({ queryKey: detailKey });
    }
    if (!listed)
      void queryClient.invalidateQueries({
        queryKey: broadcastsKeys.lists(),
        predicate: (query) => (query.queryKey[2] as { from?: number } | undefined)?.from === 0,
      });
    void queryClient.invalidateQueries({ queryKey: broadcastsKeys.messages(next.broadcastId) });
  });
}
