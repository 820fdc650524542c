import type { BroadcastListItem } from '@parley/contracts/broadcasts';
import type { RawQuery } from '../../db/client';

export type BroadcastProgress = BroadcastListItem['progress'];

export interface ProgressCounts extends BroadcastProgress {
  /** Failed recipients whose error is retryable (what 'Retry failed' resends). */
  retryable: number;
}

/**
 * The counts of broadcasts from their outbox joined with the channel log: `sent` is what the
 * vendor accepted; delivered, read and failed follow the statuses webhooks brought in since
 * (a message read was delivered too); `failed` also holds sends the vendor refused.
 */
export async function progressOf(
  raw: RawQuery,
  broadcasts: readonly { id: string; total: number }[],
): Promise<Map<string, ProgressCounts>> {
  const result = new Map<string, ProgressCounts>();
  for (const broadcast of broadcasts)
    result.set(broadcast.id, {
      total: broadcast.total,
      sent: 0,
      delivered: 0,
      read: 0,
      failed: 0,
      blocked: 0,
      pending: 0,
      possibleDuplicates: 0,
      retryable: 0,
    });
  if (broadcasts.length === 0) return result;
  const { rows } = await raw(
    `SELECT r.broadcast_id,
       count(*) FILTER (WHERE r.state = 'accepted')::int AS sent,
       count(*) FILTER (WHERE r.state = 'accepted' AND m.status IN ('delivered', 'read'))::int AS delivered,
       count(*) FILTER (WHERE r.state = 'accepted' AND m.status = 'read')::int AS read,
       count(*) FILTER (WHERE r.state = 'failed' OR (r.state = 'accepted' AND m.status = 'failed'))::int AS failed,
       count(*) FILTER (WHERE r.state = 'blocked')::int AS blocked,
       count(*) FILTER (WHERE r.state IN ('pending', 'sending'))::int AS pending,
       count(*) FILTER (WHERE r.resent_after_crash)::int AS possible_duplicates,
       count(*) FILTER (WHERE r.state = 'failed' AND r.retryable)::int AS retryable
     FROM broadcast_recipients r
     LEFT JOIN channel_messages m ON m.id = r.message_id
     WHERE r.broadcast_id IN (SELECT jsonb_array_elements_text($1::jsonb)::uuid)
     GROUP BY r.broadcast_id`,
    [JSON.stringify(broadcasts.map((broadcast) => broadcast.id))],
  );
  for (const row of rows) {
    const counts = result.get(String(row.broadcast_id));
    if (!counts) continue;
    counts.sent = Number(row.sent);
    counts.delivered = Number(row.delivered);
    counts.read = Number(row.read);
    counts.failed = Number(row.failed);
    counts.blocked = Number(row.blocked);
    counts.pending = Number(row.pending);
    counts.possibleDuplicates = Number(row.possible_duplicates);
    counts.retryable = Number(row.retryable);
  }
  return result;
}

/** The progress as the contract sends it (without the retryable count). */
export function publicProgress(counts: ProgressCounts): BroadcastProgress {
  const { retryable, ...progress } = counts;
  void retryable;
  return progress;
}
