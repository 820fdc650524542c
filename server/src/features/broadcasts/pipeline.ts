import { broadcastMessages } from '@parley/contracts/broadcasts';
import type { TemplateComponent, TemplateMedia, TemplateValues } from '@parley/contracts/templates';
import type { Config } from '../../config';
import { rawFor, type Db, type DbOrTx } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs';
import type { BlockReason, Blocklist, GuardVerdict, SendGuard } from '../../platform/messaging/broadcast-ports';
import type { ChannelMessaging } from '../../platform/messaging/channel-messaging';
import { VendorError, type TemplateMessage } from '../../platform/messaging/vendor-adapter';
import type { EventBus } from '../../platform/realtime/bus';
import type { SessionLocks } from '../../platform/session-locks';
import { progressOf, publicProgress } from './broadcast-progress';
import { createRateLimiter, systemClock, type Clock, type RateLimiter } from './pacing';

export const BROADCAST_SEND_JOB = 'broadcast.send';

export interface BroadcastSendJobData {
  broadcastId: string;
  channelId: string;
}

/**
 * Retries of a send the vendor could not take now (throughput 130429, maintenance 131057, 5xx,
 * timeouts): after 2 s, 4 s, 8 s, 16 s, 32 s; the sixth failure is final (and 'Retry failed'
 * may resend it).
 */
export const broadcastRetry = { maxAttempts: 6, baseSeconds: 2, capSeconds: 300 } as const;

/** Seconds before the next try after `attempts` failed ones: 2, 4, 8, ... up to the cap. */
export function backoffSeconds(attempts: number): number {
  return Math.min(broadcastRetry.capSeconds, broadcastRetry.baseSeconds ** Math.max(1, attempts));
}

/**
 * A process renews the claim on the rows it is sending every second; a row in 'sending' whose
 * claim is older than this belongs to a process that died.
 */
const STALE_SECONDS = 5;
const HEARTBEAT_MS = 1000;
/** Unfinished broadcasts are looked for every other heartbeat (a lost wake-up, another instance's work). */
const SWEEP_EVERY = 2;
const MAX_BATCH = 128;
/** How long status updates gather before the broadcasts they concern are looked up. */
const STATUS_LOOKUP_MS = 200;
/** Outcomes written back per statement, and the longest an outcome waits to be written. */
const RECORD_BATCH = 200;
const RECORD_MS = 100;

export interface PipelineLogger {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface PipelineDeps {
  db: Db;
  jobs: Jobs;
  bus: EventBus;
  config: Pick<Config, 'broadcastUnpaced'>;
  messaging: ChannelMessaging;
  blocklist: Blocklist;
  log: PipelineLogger;
  /**
   * Asked about each claimed batch before it is sent (campaigns: quiet hours, frequency caps, click
   * tracking); rows it says nothing about are sent as they are.
   */
  guard?: SendGuard;
  /**
   * One process at a time sends through a channel (its pace is the channel's, not each process's):
   * the runner holds the channel's lock while it works. Without it, every process paces alone.
   */
  locks?: SessionLocks;
  /**
   * Test seams: the clock the pacing reads, sends in flight per channel, the progress interval,
   * and the length of a backoff second (1000 ms).
   */
  clock?: Clock;
  concurrency?: number;
  progressIntervalMs?: number;
  backoffUnitMs?: number;
}

export type { GuardVerdict, SendGuard };

interface ActiveBroadcast {
  id: string;
  enterpriseId: string;
  channelId: string;
  templateId: string | null;
  snapshot: Record<string, unknown>;
  media: Record<string, unknown>;
  messagesPerSecond: number;
  status: string;
}

interface ClaimedRecipient {
  id: string;
  phone: string;
  values: Record<string, unknown>;
  attempts: number;
}

/** What one send came to, written back to the outbox in one statement per batch. */
interface Outcome {
  id: string;
  state: 'accepted' | 'pending' | 'failed' | 'blocked';
  attempts: number;
  message_id: string | null;
  vendor_message_id: string | null;
  sent_at: string | null;
  error_code: string | null;
  error_text: string | null;
  retryable: boolean;
  next_attempt_at: string | null;
  /** The try ended in a timeout: the resend that follows may be a duplicate. */
  possible_duplicate?: boolean;
}

const blockTexts: Record<BlockReason, string> = {
  blacklisted: broadcastMessages.blacklisted,
  opted_out: broadcastMessages.optedOut,
};

export interface SendFailure {
  /** Tried again by itself, after a backoff (throughput, maintenance, 5xx, timeouts). */
  again: boolean;
  /** Resent by 'Retry failed' once final (what `again` covers, and refused credentials once fixed). */
  retryable: boolean;
  /** The request may have reached the vendor although no answer came (a timeout): a resend may duplicate it. */
  ambiguous: boolean;
  code: string;
  text: string;
}

function fromVendor(error: VendorError): SendFailure {
  return {
    again: error.kind === 'retryable',
    retryable: error.kind === 'retryable' || error.kind === 'auth',
    ambiguous: error.code === 'timeout',
    code: error.code,
    text: error.message,
  };
}

/** How a failed send goes on, with the vendor's code and text where it gave them. */
export function classifySendError(error: unknown): SendFailure {
  if (error instanceof AppError) {
    if (error.cause instanceof VendorError) return fromVendor(error.cause);
    const unreachable = error.key === 'CHANNEL_VENDOR_UNREACHABLE';
    return {
      again: unreachable,
      retryable: unreachable,
      ambiguous: false,
      code: String(error.code),
      text: error.message,
    };
  }
  if (error instanceof VendorError) return fromVendor(error);
  return {
    again: true,
    retryable: true,
    ambiguous: false,
    code: 'internal',
    text: 'The message could not be sent because of an internal error',
  };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** A broadcast attachment ({ fileId, fileName, type, url }) as a template's media. */
function asTemplateMedia(value: unknown): TemplateMedia | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const media = value as Record<string, unknown>;
  const fileId = text(media.fileId);
  const url = text(media.url) || (fileId ? `/api/files/${fileId}` : '');
  if (!url) return undefined;
  return { ...(fileId ? { fileId } : {}), url, fileName: text(media.fileName), contentType: text(media.contentType) };
}

/**
 * The message to one recipient: the broadcast's template as it was when sent, the recipient's
 * resolved values, and the broadcast's attachment (header and card media) where the values carry none.
 */
export function buildTemplateMessage(
  broadcast: Pick<ActiveBroadcast, 'snapshot' | 'media'>,
  recipient: Pick<ClaimedRecipient, 'phone' | 'values'>,
): TemplateMessage {
  const snapshot = broadcast.snapshot;
  const values = { ...(recipient.values as TemplateValues) };
  const headerMedia = asTemplateMedia(broadcast.media.media);
  if (!values.headerMedia && headerMedia) values.headerMedia = headerMedia;
  const cards = Array.isArray(broadcast.media.cards) ? (broadcast.media.cards as Record<string, unknown>[]) : [];
  if (cards.some((card) => asTemplateMedia(card?.media))) {
    const given = values.cards ?? [];
    const count = Math.max(given.length, cards.length);
    values.cards = Array.from({ length: count }, (_, index) => {
      const card = { ...(given[index] ?? {}) };
      const media = asTemplateMedia(cards[index]?.media);
      if (!card.media && media) card.media = media;
      return card;
    });
  }
  return {
    to: recipient.phone,
    template: {
      name: text(snapshot.name),
      language: text(snapshot.language),
      category: text(snapshot.category),
      parameterFormat: snapshot.parameterFormat === 'NAMED' ? 'NAMED' : 'POSITIONAL',
      components: (Array.isArray(snapshot.components) ? snapshot.components : []) as TemplateComponent[],
      vendorTemplateId: typeof snapshot.vendorTemplateId === 'string' ? snapshot.vendorTemplateId : null,
    },
    values,
  };
}

function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}

/** Lets `limit` tasks run at once. */
function createSemaphore(limit: number) {
  let free = limit;
  const waiting: (() => void)[] = [];
  return {
    async acquire() {
      if (free > 0) {
        free -= 1;
        return;
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    },
    release() {
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    },
  };
}

/**
 * The broadcast pipeline (issue 8): a transactional outbox drained by one runner per channel.
 * The runner claims due rows (FOR UPDATE SKIP LOCKED), checks the blocklist again, sends each
 * through the channel at the broadcast's messages per second with a bounded number in flight,
 * and writes the batch's outcomes back in one statement. Retryable refusals come back after an
 * exponential backoff; a row found in 'sending' after a crash is marked accepted when the channel
 * log holds its send, else sent again and counted as a possible duplicate. stop() (SIGTERM)
 * lets the sends in flight finish and be recorded and hands back what was claimed but not sent.
 */
export function createBroadcastPipeline(deps: PipelineDeps) {
  const raw = rawFor(deps.db);
  const clock = deps.clock ?? systemClock;
  const concurrency = deps.concurrency ?? 64;
  const progressIntervalMs = deps.progressIntervalMs ?? 1000;
  const backoffUnitMs = deps.backoffUnitMs ?? 1000;
  const runners = new Map<string, { again: boolean; done: Promise<void> }>();
  const limiters = new Map<string, RateLimiter>();
  /** Rows this process has claimed and not yet written back: never "recovered" from under it. */
  const inFlight = new Set<string>();
  /** The lock a process holds while it sends through a channel (see PipelineDeps.locks). */
  const lockKey = (channelId: string) => `broadcast-channel:${channelId}`;
  let started = false;
  let stopping = false;
  let listening = false;
  let sweepTimer: ReturnType<typeof setInterval> | undefined;

  // ---- progress events, at most one per broadcast per interval ------------------------------
  const lastPublished = new Map<string, number>();
  const scheduled = new Map<string, ReturnType<typeof setTimeout>>();

  async function publishProgress(broadcastId: string) {
    const { rows } = await raw('SELECT id, enterprise_id, status, total FROM broadcasts WHERE id = $1', [broadcastId]);
    const row = rows[0];
    if (!row) return;
    const counts = (await progressOf(raw, [{ id: broadcastId, total: Number(row.total) }])).get(broadcastId)!;
    await deps.bus.publish({
      enterpriseId: String(row.enterprise_id),
      name: 'broadcast.progress',
      payload: { broadcastId, status: String(row.status), progress: publicProgress(counts) },
    });
  }

  /** Publishes the broadcast's progress now or, when one went out less than an interval ago, then. */
  /** Broadcast recipients whose message a status moved, waiting to be turned into progress events. */
  const movedRecipients = new Set<string>();
  let movedTimer: ReturnType<typeof setTimeout> | undefined;
  async function touchMoved() {
    const ids = [...movedRecipients];
    movedRecipients.clear();
    const { rows } = await raw(
      `SELECT DISTINCT broadcast_id FROM broadcast_recipients
       WHERE id IN (SELECT value::uuid FROM jsonb_array_elements_text($1::jsonb))`,
      [JSON.stringify(ids)],
    );
    for (const row of rows) touch(String(row.broadcast_id));
  }

  function touch(broadcastId: string) {
    if (scheduled.has(broadcastId)) return;
    const delay = Math.max(0, (lastPublished.get(broadcastId) ?? 0) + progressIntervalMs - Date.now());
    const timer = setTimeout(() => {
      scheduled.delete(broadcastId);
      lastPublished.set(broadcastId, Date.now());
      publishProgress(broadcastId).catch((error: unknown) =>
        deps.log.error({ err: error, broadcastId }, 'could not publish broadcast.progress'),
      );
    }, delay);
    timer.unref?.();
    scheduled.set(broadcastId, timer);
  }

  // ---- the outbox ----------------------------------------------------------------------------
  async function activeBroadcasts(channelId: string): Promise<ActiveBroadcast[]> {
    const { rows } = await raw(
      `SELECT id, enterprise_id, channel_id, template_id, template_snapshot, media, messages_per_second, status
       FROM broadcasts WHERE channel_id = $1 AND status IN ('QUEUED', 'SENDING') ORDER BY created_at, id`,
      [channelId],
    );
    return rows.map((row) => ({
      id: String(row.id),
      enterpriseId: String(row.enterprise_id),
      channelId: String(row.channel_id),
      templateId: row.template_id ? String(row.template_id) : null,
      snapshot: (row.template_snapshot ?? {}) as Record<string, unknown>,
      media: (row.media ?? {}) as Record<string, unknown>,
      messagesPerSecond: Number(row.messages_per_second),
      status: String(row.status),
    }));
  }

  function rateOf(broadcast: ActiveBroadcast) {
    return deps.config.broadcastUnpaced ? 0 : Math.max(0, broadcast.messagesPerSecond);
  }

  async function claim(broadcast: ActiveBroadcast): Promise<ClaimedRecipient[]> {
    const rate = rateOf(broadcast);
    // About a second's worth: rows do not sit in 'sending' long, and a crash leaves few behind.
    const size = rate === 0 ? MAX_BATCH : Math.min(MAX_BATCH, Math.max(20, rate));
    const { rows } = await raw(
      `UPDATE broadcast_recipients SET state = 'sending', claimed_at = now()
       WHERE id IN (
         SELECT id FROM broadcast_recipients
         WHERE broadcast_id = $1 AND state = 'pending' AND next_attempt_at <= now()
         ORDER BY next_attempt_at
         LIMIT $2
         FOR UPDATE SKIP LOCKED)
       RETURNING id, phone, "values", attempts`,
      [broadcast.id, size],
    );
    const claimed = rows.map((row) => ({
      id: String(row.id),
      phone: String(row.phone),
      values: (row.values ?? {}) as Record<string, unknown>,
      attempts: Number(row.attempts),
    }));
    for (const row of claimed) inFlight.add(row.id);
    return claimed;
  }

  async function markSending(broadcast: ActiveBroadcast) {
    if (broadcast.status !== 'QUEUED') return;
    await raw(
      `UPDATE broadcasts SET status = 'SENDING', started_at = coalesce(started_at, now())
       WHERE id = $1 AND status = 'QUEUED'`,
      [broadcast.id],
    );
    broadcast.status = 'SENDING';
  }

  async function record(outcomes: Outcome[], released: string[]) {
    try {
      if (outcomes.length > 0)
        await raw(
          `UPDATE broadcast_recipients r SET
             state = x.state, attempts = x.attempts, message_id = x.message_id,
             vendor_message_id = x.vendor_message_id, sent_at = x.sent_at, error_code = x.error_code,
             error_text = x.error_text, retryable = x.retryable,
             next_attempt_at = coalesce(x.next_attempt_at, r.next_attempt_at), claimed_at = NULL,
             resent_after_crash = r.resent_after_crash OR coalesce(x.possible_duplicate, false)
           FROM jsonb_to_recordset($1::jsonb) AS x(
             id uuid, state text, attempts int, message_id uuid, vendor_message_id text, sent_at timestamptz,
             error_code text, error_text text, retryable boolean, next_attempt_at timestamptz,
             possible_duplicate boolean)
           WHERE r.id = x.id AND r.state = 'sending'`,
          [JSON.stringify(outcomes)],
        );
      if (released.length > 0)
        await raw(
          `UPDATE broadcast_recipients SET state = 'pending', claimed_at = NULL
           WHERE id IN (SELECT jsonb_array_elements_text($1::jsonb)::uuid) AND state = 'sending'`,
          [JSON.stringify(released)],
        );
    } finally {
      for (const outcome of outcomes) inFlight.delete(outcome.id);
      for (const id of released) inFlight.delete(id);
    }
  }

  async function sendOne(broadcast: ActiveBroadcast, recipient: ClaimedRecipient): Promise<Outcome> {
    const attempts = recipient.attempts + 1;
    const base = {
      id: recipient.id,
      attempts,
      message_id: null,
      vendor_message_id: null,
      next_attempt_at: null,
    };
    try {
      const sent = await deps.messaging.sendTemplate(broadcast.enterpriseId, broadcast.channelId, {
        message: buildTemplateMessage(broadcast, recipient),
        ...(broadcast.templateId ? { templateId: broadcast.templateId } : {}),
        source: 'broadcast',
        sourceId: recipient.id,
        bulk: true,
      });
      return {
        ...base,
        state: 'accepted',
        message_id: sent.id,
        vendor_message_id: sent.vendorMessageId,
        sent_at: sent.createdAt,
        error_code: null,
        error_text: null,
        retryable: false,
      };
    } catch (error) {
      const failure = classifySendError(error);
      if (failure.code === 'internal')
        deps.log.error({ err: error, broadcastId: broadcast.id, recipientId: recipient.id }, 'broadcast send failed');
      const now = new Date();
      const common = {
        ...base,
        sent_at: now.toISOString(),
        error_code: failure.code.slice(0, 100),
        error_text: failure.text.slice(0, 1000),
      };
      if (failure.again && attempts < broadcastRetry.maxAttempts)
        return {
          ...common,
          state: 'pending',
          retryable: true,
          possible_duplicate: failure.ambiguous,
          next_attempt_at: new Date(now.getTime() + backoffSeconds(attempts) * backoffUnitMs).toISOString(),
        };
      return { ...common, state: 'failed', retryable: failure.retryable };
    }
  }

  /**
   * Outcomes are written back in groups (one UPDATE for up to RECORD_BATCH rows, or what came within
   * RECORD_MS), one write at a time, while the sends go on: the database is off the sending path.
   */
  const recorder = (() => {
    let outcomes: Outcome[] = [];
    let released: string[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    let writing: Promise<void> = Promise.resolve();
    function flush(): Promise<void> {
      if (timer) clearTimeout(timer);
      timer = undefined;
      writing = writing.then(async () => {
        const batch = outcomes;
        const back = released;
        outcomes = [];
        released = [];
        if (batch.length === 0 && back.length === 0) return;
        // A failed write leaves the rows in 'sending' without a heartbeat: recovered as after a crash.
        await record(batch, back).catch((error: unknown) =>
          deps.log.error({ err: error }, 'could not record broadcast outcomes'),
        );
      });
      return writing;
    }
    function schedule() {
      if (outcomes.length + released.length >= RECORD_BATCH) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), RECORD_MS);
        timer.unref?.();
      }
    }
    return {
      add(outcome: Outcome) {
        outcomes.push(outcome);
        schedule();
      },
      release(ids: string[]) {
        if (ids.length === 0) return;
        released.push(...ids);
        schedule();
      },
      flush,
    };
  })();

  /** A channel runner's sends in flight: bounded, and awaited before the runner looks for the end. */
  interface Lane {
    semaphore: ReturnType<typeof createSemaphore>;
    tasks: Set<Promise<void>>;
  }

  async function settle(lane: Lane) {
    await Promise.all([...lane.tasks]);
    await recorder.flush();
  }

  /** Starts the batch's sends at the broadcast's pace; returns once each is started (or handed back). */
  async function sendBatch(broadcast: ActiveBroadcast, rows: ClaimedRecipient[], lane: Lane) {
    const handled = new Set<string>();
    try {
      const blocked = await deps.blocklist.blocked(
        broadcast.enterpriseId,
        rows.map((row) => row.phone),
      );
      const rate = rateOf(broadcast);
      let limiter = limiters.get(broadcast.channelId);
      if (!limiter || limiter.rate !== rate) {
        limiter = createRateLimiter(rate, clock);
        limiters.set(broadcast.channelId, limiter);
      }
      const verdicts = deps.guard
        ? await deps.guard.check(
            broadcast,
            rows.filter((row) => !blocked.has(row.phone)),
          )
        : new Map<string, GuardVerdict>();
      for (const row of rows) {
        if (stopping) break;
        const verdict = verdicts.get(row.id);
        if (verdict?.skip || verdict?.deferUntil) {
          handled.add(row.id);
          recorder.add({
            id: row.id,
            state: verdict.skip ? 'blocked' : 'pending',
            attempts: row.attempts,
            message_id: null,
            vendor_message_id: null,
            sent_at: verdict.skip ? new Date().toISOString() : null,
            error_code: (verdict.skip ?? verdict.deferReason)?.code ?? null,
            error_text: (verdict.skip ?? verdict.deferReason)?.text ?? null,
            retryable: false,
            next_attempt_at: verdict.deferUntil?.toISOString() ?? null,
          });
          continue;
        }
        if (verdict?.values) row.values = verdict.values;
        const reason = blocked.get(row.phone);
        if (reason) {
          handled.add(row.id);
          recorder.add({
            id: row.id,
            state: 'blocked',
            attempts: row.attempts,
            message_id: null,
            vendor_message_id: null,
            sent_at: new Date().toISOString(),
            error_code: reason,
            error_text: blockTexts[reason],
            retryable: false,
            next_attempt_at: null,
          });
          continue;
        }
        await lane.semaphore.acquire();
        await limiter.take();
        // Stopping, or the channel's lock was lost (another process may be sending now).
        if (stopping || (deps.locks && !deps.locks.holds(lockKey(broadcast.channelId)))) {
          lane.semaphore.release();
          break;
        }
        handled.add(row.id);
        const task: Promise<void> = sendOne(broadcast, row)
          .then((outcome) => recorder.add(outcome))
          .finally(() => {
            lane.semaphore.release();
            lane.tasks.delete(task);
          });
        lane.tasks.add(task);
      }
    } catch (error) {
      // The blocklist or the database failed: what was not sent goes back to the queue.
      deps.log.error({ err: error, broadcastId: broadcast.id }, 'broadcast batch failed');
    }
    // Claimed but not started (stopping, or a failure above): back to the queue, not a duplicate.
    recorder.release(rows.filter((row) => !handled.has(row.id)).map((row) => row.id));
  }

  /** Completes the broadcast when no row waits any more: COMPLETED, or FAILED when none was accepted. */
  async function finalize(broadcastId: string): Promise<boolean> {
    const { rows } = await raw(
      `UPDATE broadcasts b SET
         status = CASE WHEN EXISTS (
           SELECT 1 FROM broadcast_recipients r WHERE r.broadcast_id = b.id AND r.state = 'accepted')
           THEN 'COMPLETED' ELSE 'FAILED' END,
         started_at = coalesce(b.started_at, now()),
         completed_at = now()
       WHERE b.id = $1 AND b.status IN ('QUEUED', 'SENDING')
         AND NOT EXISTS (
           SELECT 1 FROM broadcast_recipients r WHERE r.broadcast_id = b.id AND r.state IN ('pending', 'sending'))
       RETURNING b.status`,
      [broadcastId],
    );
    return rows.length > 0;
  }

  /**
   * Rows left in 'sending' by a process that died: accepted when the channel log holds their send
   * (the vendor took it and the answer was recorded), else back to pending; those may have reached
   * the vendor unrecorded, so their resend is counted as a possible duplicate. A send the log shows
   * the vendor refused goes back without that mark.
   */
  async function recover(channelId: string | null): Promise<number> {
    const { rows } = await raw(
      `WITH stale AS (
         SELECT r.id, r.claimed_at FROM broadcast_recipients r
         JOIN broadcasts b ON b.id = r.broadcast_id
         WHERE r.state = 'sending' AND r.claimed_at < now() - make_interval(secs => $2)
           AND ($1::uuid IS NULL OR b.channel_id = $1::uuid)
           AND r.id NOT IN (SELECT jsonb_array_elements_text($3::jsonb)::uuid)
         FOR UPDATE OF r SKIP LOCKED),
       logged AS (
         SELECT DISTINCT ON (m.source_id) m.source_id AS id, m.id AS message_id, m.vendor_message_id, m.created_at
         FROM channel_messages m JOIN stale s ON m.source_id = s.id
         WHERE m.source = 'broadcast' AND m.direction = 'out' AND m.vendor_message_id IS NOT NULL
         ORDER BY m.source_id, m.created_at DESC),
       refused AS (
         SELECT DISTINCT m.source_id AS id
         FROM channel_messages m JOIN stale s ON m.source_id = s.id
         WHERE m.source = 'broadcast' AND m.vendor_message_id IS NULL AND m.created_at >= s.claimed_at)
       UPDATE broadcast_recipients r SET
         state = CASE WHEN logged.id IS NULL THEN 'pending' ELSE 'accepted' END,
         message_id = logged.message_id,
         vendor_message_id = logged.vendor_message_id,
         sent_at = logged.created_at,
         error_code = CASE WHEN logged.id IS NULL THEN r.error_code END,
         error_text = CASE WHEN logged.id IS NULL THEN r.error_text END,
         attempts = r.attempts + CASE WHEN logged.id IS NULL THEN 0 ELSE 1 END,
         resent_after_crash = r.resent_after_crash OR (logged.id IS NULL AND refused.id IS NULL),
         next_attempt_at = now(),
         claimed_at = NULL
       FROM stale s LEFT JOIN logged ON logged.id = s.id LEFT JOIN refused ON refused.id = s.id
       WHERE r.id = s.id
       RETURNING r.broadcast_id, r.state`,
      [channelId, STALE_SECONDS, JSON.stringify([...inFlight])],
    );
    if (rows.length > 0) {
      const resent = rows.filter((row) => row.state === 'pending').length;
      deps.log.warn(
        { recovered: rows.length, resent, accepted: rows.length - resent },
        'broadcast rows left sending by a stopped process were recovered',
      );
      for (const id of new Set(rows.map((row) => String(row.broadcast_id)))) touch(id);
    }
    return rows.length;
  }

  /** Milliseconds until the channel's next retry comes due; null when nothing waits, 0 when a row is left 'sending'. */
  async function nextDue(channelId: string): Promise<number | null> {
    const { rows } = await raw(
      `SELECT min(r.next_attempt_at) FILTER (WHERE r.state = 'pending') AS due,
              bool_or(r.state = 'sending') AS sending
       FROM broadcast_recipients r JOIN broadcasts b ON b.id = r.broadcast_id
       WHERE b.channel_id = $1 AND b.status IN ('QUEUED', 'SENDING') AND r.state IN ('pending', 'sending')`,
      [channelId],
    );
    const row = rows[0];
    if (!row) return null;
    if (row.due) return Math.max(0, new Date(iso(row.due)!).getTime() - Date.now());
    return row.sending ? STALE_SECONDS * 1000 : null;
  }

  async function runChannel(channelId: string, runner: { again: boolean }) {
    // Another process sending through this channel keeps it; if that process dies, its lock goes
    // with its connection and the next sweep here takes over.
    if (deps.locks && !(await deps.locks.tryLock(lockKey(channelId)))) return;
    const lane: Lane = { semaphore: createSemaphore(concurrency), tasks: new Set() };
    try {
      await work(channelId, runner, lane);
    } finally {
      await settle(lane);
      await deps.locks
        ?.unlock(lockKey(channelId))
        .catch((error: unknown) => deps.log.error({ err: error, channelId }, 'could not release a channel lock'));
    }
  }

  async function work(channelId: string, runner: { again: boolean }, lane: Lane) {
    await recover(channelId);
    for (;;) {
      if (stopping) return;
      if (deps.locks && !deps.locks.holds(lockKey(channelId))) return;
      runner.again = false;
      const active = await activeBroadcasts(channelId);
      if (active.length === 0) return;
      let worked = false;
      // The oldest broadcast with due rows goes first; the list is read again after each batch.
      for (const broadcast of active) {
        if (stopping) return;
        const rows = await claim(broadcast);
        if (rows.length === 0) continue;
        worked = true;
        await markSending(broadcast);
        await sendBatch(broadcast, rows, lane);
        touch(broadcast.id);
        break;
      }
      if (worked) continue;
      // Nothing due to start: the sends in flight finish and are recorded before the end is judged.
      if (lane.tasks.size > 0 || stopping) {
        await settle(lane);
        continue;
      }
      await recorder.flush();
      for (const broadcast of active) if (await finalize(broadcast.id)) touch(broadcast.id);
      if ((await recover(channelId)) > 0) continue;
      const wait = await nextDue(channelId);
      if (wait === null) {
        if (runner.again) continue;
        return;
      }
      await clock.sleep(Math.min(Math.max(wait, 50), 1000));
    }
  }

  /** Makes sure a runner works through the channel's broadcasts (idempotent). */
  function wake(channelId: string) {
    if (!started || stopping) return;
    const running = runners.get(channelId);
    if (running) {
      running.again = true;
      return;
    }
    const runner = { again: false, done: Promise.resolve() };
    runner.done = runChannel(channelId, runner)
      .catch((error: unknown) => deps.log.error({ err: error, channelId }, 'broadcast runner failed'))
      .finally(() => {
        runners.delete(channelId);
        if (runner.again && !stopping) wake(channelId);
      });
    runners.set(channelId, runner);
  }

  /** Renews this process's claims, so that no other process takes its sends in flight for a crash's leftovers. */
  async function heartbeat() {
    if (inFlight.size === 0) return;
    await raw(
      `UPDATE broadcast_recipients SET claimed_at = now()
       WHERE id IN (SELECT jsonb_array_elements_text($1::jsonb)::uuid) AND state = 'sending'`,
      [JSON.stringify([...inFlight])],
    );
  }

  async function sweep() {
    const { rows } = await raw(`SELECT DISTINCT channel_id FROM broadcasts WHERE status IN ('QUEUED', 'SENDING')`);
    for (const row of rows) wake(String(row.channel_id));
  }

  return {
    /** Queues the broadcast's sending in the caller's transaction (nothing is sent unless it commits). */
    async enqueue(broadcastId: string, options: { tx: DbOrTx }) {
      const { rows } = await rawFor(options.tx)('SELECT channel_id FROM broadcasts WHERE id = $1', [broadcastId]);
      const channelId = rows[0]?.channel_id;
      if (!channelId) throw new Error(`broadcast ${broadcastId} is not in this transaction`);
      await deps.jobs.send<BroadcastSendJobData>(
        BROADCAST_SEND_JOB,
        { broadcastId, channelId: String(channelId) },
        { tx: options.tx, singletonKey: String(channelId) },
      );
    },

    /** Failed recipients whose error is retryable go back to the queue; returns how many. */
    async retryFailed(enterpriseId: string, broadcastId: string): Promise<number> {
      const found = await raw('SELECT channel_id FROM broadcasts WHERE id = $1 AND enterprise_id = $2', [
        broadcastId,
        enterpriseId,
      ]);
      const channelId = found.rows[0]?.channel_id;
      if (!channelId) throw new AppError('NOT_FOUND');
      const queued = await deps.db.transaction(async (tx) => {
        const run = rawFor(tx);
        const { rows } = await run(
          `UPDATE broadcast_recipients SET state = 'pending', attempts = 0, retryable = false,
             next_attempt_at = now(), claimed_at = NULL
           WHERE broadcast_id = $1 AND enterprise_id = $2 AND state = 'failed' AND retryable
           RETURNING id`,
          [broadcastId, enterpriseId],
        );
        if (rows.length === 0) return 0;
        await run(
          `UPDATE broadcasts SET status = 'SENDING', completed_at = NULL WHERE id = $1 AND enterprise_id = $2`,
          [broadcastId, enterpriseId],
        );
        await deps.jobs.send<BroadcastSendJobData>(
          BROADCAST_SEND_JOB,
          { broadcastId, channelId: String(channelId) },
          { tx, singletonKey: String(channelId) },
        );
        return rows.length;
      });
      if (queued === 0) throw new AppError('BROADCAST_NOTHING_TO_RETRY');
      touch(broadcastId);
      wake(String(channelId));
      return queued;
    },

    /** Recovers what a stopped process left, starts the job handler, the status listener and the sweep. */
    async start() {
      if (started) return;
      started = true;
      stopping = false;
      await recover(null);
      await deps.jobs.work<BroadcastSendJobData>(BROADCAST_SEND_JOB, async (data) => {
        wake(data.channelId);
      });
      if (!listening) {
        listening = true;
        // Only an event that moved a broadcast's message changes its progress. The broadcasts they
        // belong to are looked up together a few times a second (progress goes out once a second
        // anyway), not once per batch of callbacks.
        deps.messaging.onStatus(async (updates) => {
          if (!started) return;
          for (const update of updates)
            if (update.message?.source === 'broadcast' && update.message.sourceId)
              movedRecipients.add(update.message.sourceId);
          if (movedRecipients.size > 0 && !movedTimer) {
            movedTimer = setTimeout(() => {
              movedTimer = undefined;
              touchMoved().catch((error: unknown) =>
                deps.log.error({ err: error }, 'could not find the broadcasts of new statuses'),
              );
            }, STATUS_LOOKUP_MS);
            movedTimer.unref?.();
          }
        });
      }
      let ticks = 0;
      sweepTimer = setInterval(() => {
        ticks += 1;
        heartbeat().catch((error: unknown) => deps.log.error({ err: error }, 'broadcast heartbeat failed'));
        if (ticks % SWEEP_EVERY === 0)
          sweep().catch((error: unknown) => deps.log.error({ err: error }, 'broadcast sweep failed'));
      }, HEARTBEAT_MS);
      sweepTimer.unref?.();
      await sweep();
    },

    /** SIGTERM: no new claims; sends in flight finish and are recorded; claimed rows not yet sent go back. */
    async stop() {
      stopping = true;
      if (sweepTimer) clearInterval(sweepTimer);
      sweepTimer = undefined;
      await Promise.all([...runners.values()].map((runner) => runner.done));
      for (const timer of scheduled.values()) clearTimeout(timer);
      scheduled.clear();
      if (movedTimer) clearTimeout(movedTimer);
      movedTimer = undefined;
      movedRecipients.clear();
      started = false;
    },

    /** For tests: resolves when no runner is working. */
    async idle() {
      while (runners.size > 0) await Promise.all([...runners.values()].map((runner) => runner.done));
    },
  };
}
export type BroadcastPipeline = ReturnType<typeof createBroadcastPipeline>;
