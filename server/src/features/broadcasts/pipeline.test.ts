import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { broadcastRecipients } from '../../db/schema/broadcasts';
import { channelMessages } from '../../db/schema/channels';
import type { BlockReason } from '../../platform/messaging/broadcast-ports';
import type { ChannelMessaging } from '../../platform/messaging/channel-messaging';
import { AppError } from '../../platform/errors';
import { createTenant, createTestApp, type Tenant } from '../../../test/test-app';
import { openTestDatabase } from '../../../test/test-database';
import { createEventBus, type BusEvent, type EventBus } from '../../platform/realtime/bus';
import type { Jobs } from '../../platform/jobs';
import { startFakeMeta, type FakeMeta } from '../../../test/fake-vendors/meta';
import { createTestMessaging } from '../../../test/messaging-harness';
import {
  broadcastRow,
  createMetaChannel,
  insertBroadcast,
  mapBlocklist,
  phones,
  recipientsOf,
  statusCallback,
} from './broadcast-test-fixtures';
import { createPostgresLocks } from '../../platform/session-locks';
import { createBroadcastPipeline, type BroadcastPipeline } from './pipeline';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let bus: EventBus;
let meta: FakeMeta;
let tenant: Tenant;
let channel: { id: string; webhookKey: string };
let messaging: ReturnType<typeof createTestMessaging>;
let hasty: ReturnType<typeof createTestMessaging>;
let blocked: Map<string, BlockReason>;
let sendStarts: number[];
let pipeline: BroadcastPipeline | undefined;
let events: BusEvent[];
let unsubscribe: () => void;
const problems: string[] = [];
const log = {
  error: (details: object, message: string) =>
    problems.push(`${message}: ${String((details as { err?: unknown }).err)}`),
  warn: () => undefined,
};
const noJobs: Jobs = {
  send: async () => null,
  work: async () => undefined,
  isPending: async () => false,
  stop: async () => undefined,
};

beforeAll(async () => {
  meta = await startFakeMeta();
  database = await openTestDatabase();
  // The app makes the tenant and the Meta channel, and is closed: its own broadcast worker must not
  // compete with the pipeline under test.
  const context = await createTestApp({
    database,
    env: { PARLEY_VENDOR_BASE_URLS: JSON.stringify({ metaCloud: meta.baseUrl }), PARLEY_OUTBOUND_ALLOW: '127.0.0.1' },
  });
  tenant = await createTenant(context);
  channel = await createMetaChannel(context.app, tenant, meta.credentials());
  const config = context.config;
  await context.close();
  bus = await createEventBus({ db: database.db });
  const harness = (timeoutMs: number) =>
    createTestMessaging({
      db: database.db,
      bus,
      config,
      vendorBaseUrls: { metaCloud: meta.baseUrl },
      timeoutMs,
      onError: log.error,
    });
  messaging = harness(30_000);
  // A short vendor time limit for the test of a vendor that never answers. (Under load, an answer
  // that comes after it is a real duplicate: the vendor took the message the pipeline sends again.)
  hasty = harness(1500);
});
afterAll(async () => {
  await bus?.close();
  await database?.close();
  await meta?.close();
});
beforeEach(() => {
  meta.reset();
  meta.sent.length = 0;
  blocked = new Map();
  sendStarts = [];
  events = [];
  problems.length = 0;
  unsubscribe = bus.subscribe((event) => {
    if (event.name === 'broadcast.progress') events.push(event);
  });
});
afterEach(async () => {
  unsubscribe();
  await pipeline?.stop();
  pipeline = undefined;
  expect(problems).toEqual([]);
});

/** The real messaging service, with the moment each send starts written down. */
function timedMessaging(through: ChannelMessaging): ChannelMessaging {
  return {
    ...through,
    sendTemplate: (enterpriseId, channelId, input) => {
      sendStarts.push(Date.now());
      return through.sendTemplate(enterpriseId, channelId, input);
    },
  };
}

function startPipeline(options: { unpaced?: boolean; concurrency?: number; hasty?: boolean } = {}) {
  pipeline = createBroadcastPipeline({
    db: database.db,
    jobs: noJobs,
    bus,
    config: { broadcastUnpaced: options.unpaced ?? false },
    messaging: timedMessaging(options.hasty ? hasty : messaging),
    blocklist: mapBlocklist(blocked),
    log,
    backoffUnitMs: 10,
    progressIntervalMs: 50,
    ...(options.concurrency ? { concurrency: options.concurrency } : {}),
  });
  return pipeline;
}

async function run(options: { unpaced?: boolean; hasty?: boolean } = {}) {
  const started = startPipeline(options);
  await started.start();
  await started.idle();
  return started;
}

const broadcastOf = (numbers: string[], messagesPerSecond = 1000) =>
  insertBroadcast(database.db, {
    enterpriseId: tenant.enterpriseId,
    channelId: channel.id,
    userId: tenant.userId,
    phones: numbers,
    messagesPerSecond,
  });

const sentTo = () => meta.sent.map((message) => `+${message.to}`);

describe('the broadcast pipeline', () => {
  it('sends every recipient its own values once, records the vendor’s ids and completes the broadcast', async () => {
    const numbers = phones(25);
    const broadcast = await broadcastOf(numbers);
    await run();

    expect(sentTo().sort()).toEqual([...numbers].sort());
    const first = meta.sent.find((message) => message.to === numbers[0]!.slice(1))!;
    expect(first.payload.template).toMatchObject({
      name: 'order_update',
      components: [{ type: 'body', parameters: [{ text: 'Customer 1' }, { text: 'A-1' }] }],
    });
    const rows = await recipientsOf(database.db, broadcast.id);
    expect(rows.every((row) => row.state === 'accepted' && row.attempts === 1 && row.sentAt !== null)).toBe(true);
    const logged = await database.db.select().from(channelMessages).where(eq(channelMessages.id, rows[0]!.messageId!));
    expect(logged[0]).toMatchObject({ source: 'broadcast', sourceId: rows[0]!.id, status: 'accepted' });
    expect(rows[0]!.vendorMessageId).toBe(logged[0]!.vendorMessageId);
    const after = await broadcastRow(database.db, broadcast.id);
    expect(after.status).toBe('COMPLETED');
    expect(after.startedAt).not.toBeNull();
    expect(after.completedAt).not.toBeNull();

    await new Promise((resolve) => setTimeout(resolve, 150));
    const last = events
      .filter((event) => (event.payload as { broadcastId: string }).broadcastId === broadcast.id)
      .at(-1);
    expect(last?.enterpriseId).toBe(tenant.enterpriseId);
    expect(last?.payload).toMatchObject({
      status: 'COMPLETED',
      progress: { total: 25, sent: 25, pending: 0, failed: 0, possibleDuplicates: 0 },
    });
  });

  it('paces a broadcast at its messages per second: no second holds more than 80 sends', async () => {
    const numbers = phones(200, 100);
    const broadcast = await broadcastOf(numbers, 80);
    const began = Date.now();
    await run();
    const took = Date.now() - began;

    expect(sendStarts).toHaveLength(200);
    const perSecond = new Map<number, number>();
    for (const moment of sendStarts) {
      const second = Math.floor(moment / 1000);
      perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
    }
    expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(80);
    // Any one-second window, not only calendar seconds.
    const sorted = [...sendStarts].sort((a, b) => a - b);
    let start = 0;
    for (let end = 0; end < sorted.length; end += 1) {
      while (sorted[end]! - sorted[start]! >= 1000) start += 1;
      expect(end - start + 1).toBeLessThanOrEqual(80);
    }
    // 200 at 80 a second cannot be done in less than two seconds.
    expect(took).toBeGreaterThanOrEqual(2000);
    expect((await broadcastRow(database.db, broadcast.id)).status).toBe('COMPLETED');
  });

  it('paces a channel at its rate across two server processes: one sends, the other takes over when the first lets go', async (context) => {
    if (database.kind !== 'postgres' || !database.url) return context.skip();
    const numbers = phones(240, 1200);
    const broadcast = await broadcastOf(numbers, 80);
    const locks = [createPostgresLocks(database.url, log), createPostgresLocks(database.url, log)];
    const processes = locks.map((lock) =>
      createBroadcastPipeline({
        db: database.db,
        jobs: noJobs,
        bus,
        config: { broadcastUnpaced: false },
        messaging: timedMessaging(messaging),
        blocklist: mapBlocklist(blocked),
        log,
        locks: lock,
        backoffUnitMs: 10,
        progressIntervalMs: 50,
      }),
    );
    try {
      await Promise.all(processes.map((process) => process.start()));
      // The first to take the channel's lock sends; the other waits. Part-way, the sender's lock
      // connection goes (as when its process dies): it stops, and the other takes over.
      await vi.waitFor(() => expect(sendStarts.length).toBeGreaterThanOrEqual(60), { timeout: 5000 });
      const sentBeforeHandOver = sendStarts.length;
      const sender = await Promise.any(
        locks.map(async (lock, index) => (lock.holds(`broadcast-channel:${channel.id}`) ? index : Promise.reject())),
      );
      await locks[sender]!.close();
      await vi.waitFor(async () => expect((await broadcastRow(database.db, broadcast.id)).status).toBe('COMPLETED'), {
        timeout: 15_000,
        interval: 200,
      });
      expect(sentBeforeHandOver).toBeLessThan(numbers.length);
    } finally {
      await Promise.all(processes.map((process) => process.stop()));
      await Promise.all(locks.map((lock) => lock.close()));
    }

    expect(sentTo().sort()).toEqual([...numbers].sort());
    const sorted = [...sendStarts].sort((a, b) => a - b);
    let start = 0;
    for (let end = 0; end < sorted.length; end += 1) {
      while (sorted[end]! - sorted[start]! >= 1000) start += 1;
      expect(end - start + 1, 'sends in one second across both processes').toBeLessThanOrEqual(80);
    }
  });

  it('retries throughput (130429), 5xx and timeouts with backoff, then records the success', async () => {
    const [number] = phones(1, 400);
    const broadcast = await broadcastOf([number!]);
    meta.failNext('throughput', { path: '/messages' });
    meta.failNext('server', { path: '/messages' });
    meta.failNext('hang', { path: '/messages' });
    await run({ hasty: true });

    const [row] = await recipientsOf(database.db, broadcast.id);
    // The timed-out try may have reached the vendor: its resend is counted as a possible duplicate.
    expect(row).toMatchObject({
      state: 'accepted',
      attempts: 4,
      errorCode: null,
      retryable: false,
      resentAfterCrash: true,
    });
    expect(sentTo()).toEqual([number]);
    const attempts = meta.requests.filter((request) => request.path.endsWith('/messages'));
    expect(attempts).toHaveLength(4);
    // The refused tries are in the channel log as failed sends of this recipient.
    const log = await database.db.select().from(channelMessages).where(eq(channelMessages.sourceId, row!.id));
    expect(log.map((entry) => entry.status).sort()).toEqual(['accepted', 'failed', 'failed', 'failed']);
    expect((await broadcastRow(database.db, broadcast.id)).status).toBe('COMPLETED');
  });

  it('records a permanent refusal with the vendor’s code and text, without retrying; none accepted → FAILED', async () => {
    const [number] = phones(1, 500);
    const broadcast = await broadcastOf([number!]);
    meta.failNext('permanent', { path: '/messages' });
    await run();

    const [row] = await recipientsOf(database.db, broadcast.id);
    expect(row).toMatchObject({ state: 'failed', attempts: 1, errorCode: '132001', retryable: false });
    expect(row!.errorText).toContain('does not exist');
    expect(meta.requests.filter((request) => request.path.endsWith('/messages'))).toHaveLength(1);
    expect((await broadcastRow(database.db, broadcast.id)).status).toBe('FAILED');
  });

  it('fails at once when the vendor refuses the credentials, kept retryable for after they are fixed', async () => {
    const [number] = phones(1, 550);
    const broadcast = await broadcastOf([number!]);
    meta.failNext('auth', { path: '/messages' });
    await run();

    const [row] = await recipientsOf(database.db, broadcast.id);
    expect(row).toMatchObject({ state: 'failed', attempts: 1, errorCode: '190', retryable: true });
    expect(meta.requests.filter((request) => request.path.endsWith('/messages'))).toHaveLength(1);
  });

  it('checks the blacklist again at send time: a number blocked since the broadcast was queued is not messaged', async () => {
    const numbers = phones(3, 600);
    blocked.set(numbers[1]!, 'blacklisted');
    blocked.set(numbers[2]!, 'opted_out');
    const broadcast = await broadcastOf(numbers);
    await run();

    expect(sentTo()).toEqual([numbers[0]]);
    const rows = await recipientsOf(database.db, broadcast.id);
    const byPhone = new Map(rows.map((row) => [row.phone, row]));
    expect(byPhone.get(numbers[1]!)).toMatchObject({ state: 'blocked', errorText: 'Number is on the blacklist' });
    expect(byPhone.get(numbers[2]!)).toMatchObject({ state: 'blocked', errorText: 'Number opted out (replied STOP)' });
    expect((await broadcastRow(database.db, broadcast.id)).status).toBe('COMPLETED');
  });

  it('gives up after six retryable failures (kept retryable); Retry failed resends only those', async () => {
    const numbers = phones(2, 700);
    const broadcast = await broadcastOf(numbers);
    // The first number is refused for good; the second hits the throughput limit six times.
    meta.failNext('permanent', { path: '/messages' });
    meta.failNext('throughput', { path: '/messages', times: 6 });
    const first = await run();
    await first.stop();

    let rows = await recipientsOf(database.db, broadcast.id);
    const failed = rows.filter((row) => row.state === 'failed');
    expect(failed).toHaveLength(2);
    const retryable = failed.find((row) => row.retryable)!;
    expect(retryable).toMatchObject({ attempts: 6, errorCode: '130429' });
    expect((await broadcastRow(database.db, broadcast.id)).status).toBe('FAILED');

    const second = startPipeline();
    await second.start();
    await expect(second.retryFailed(tenant.enterpriseId, broadcast.id)).resolves.toBe(1);
    await second.idle();
    rows = await recipientsOf(database.db, broadcast.id);
    expect(rows.find((row) => row.id === retryable.id)).toMatchObject({ state: 'accepted', attempts: 1 });
    expect(rows.filter((row) => row.state === 'failed')).toHaveLength(1);
    expect(sentTo()).toEqual([retryable.phone]);
    expect((await broadcastRow(database.db, broadcast.id)).status).toBe('COMPLETED');

    // Nothing left that a retry could fix; another enterprise cannot retry this broadcast at all.
    await expect(second.retryFailed(tenant.enterpriseId, broadcast.id)).rejects.toMatchObject({
      key: 'BROADCAST_NOTHING_TO_RETRY',
    });
    const refused = await second
      .retryFailed('7b0c8f5e-0000-4000-8000-0000000000e9', broadcast.id)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).key).toBe('NOT_FOUND');
  });

  it('after a crash, marks a row whose send was logged accepted and resends one whose was not, as a possible duplicate', async () => {
    const numbers = phones(3, 800);
    const broadcast = await broadcastOf(numbers);
    const db = database.db;
    const rows = await recipientsOf(db, broadcast.id);
    const byPhone = new Map(rows.map((row) => [row.phone, row]));
    const crashedAt = new Date(Date.now() - 60_000);
    // A dead process claimed the first two: the first one's send reached the vendor and was logged.
    const [logged] = await db
      .insert(channelMessages)
      .values({
        enterpriseId: tenant.enterpriseId,
        channelId: channel.id,
        direction: 'out',
        customerNumber: numbers[0]!,
        vendorMessageId: 'wamid.before-the-crash',
        kind: 'template',
        status: 'accepted',
        source: 'broadcast',
        sourceId: byPhone.get(numbers[0]!)!.id,
      })
      .returning();
    for (const phone of numbers.slice(0, 2))
      await db
        .update(broadcastRecipients)
        .set({ state: 'sending', claimedAt: crashedAt })
        .where(eq(broadcastRecipients.id, byPhone.get(phone)!.id));

    await run();

    expect(sentTo().sort()).toEqual(numbers.slice(1).sort());
    const after = new Map((await recipientsOf(db, broadcast.id)).map((row) => [row.phone, row]));
    expect(after.get(numbers[0]!)).toMatchObject({
      state: 'accepted',
      messageId: logged!.id,
      vendorMessageId: 'wamid.before-the-crash',
      resentAfterCrash: false,
    });
    expect(after.get(numbers[1]!)).toMatchObject({ state: 'accepted', resentAfterCrash: true });
    expect(after.get(numbers[2]!)).toMatchObject({ state: 'accepted', resentAfterCrash: false });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const last = events
      .filter((event) => (event.payload as { broadcastId: string }).broadcastId === broadcast.id)
      .at(-1);
    expect(last?.payload).toMatchObject({ status: 'COMPLETED', progress: { sent: 3, possibleDuplicates: 1 } });
  });

  it('on stop (SIGTERM) finishes the sends in flight, hands back the rest, and a restart sends each number once', async () => {
    const numbers = phones(150, 900);
    const broadcast = await broadcastOf(numbers, 50);
    const first = startPipeline();
    await first.start();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await first.stop();

    const db = database.db;
    let rows = await recipientsOf(db, broadcast.id);
    expect(rows.filter((row) => row.state === 'sending')).toHaveLength(0);
    const accepted = rows.filter((row) => row.state === 'accepted');
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.length).toBeLessThan(150);
    expect(meta.sent).toHaveLength(accepted.length);
    expect((await broadcastRow(db, broadcast.id)).status).toBe('SENDING');

    const second = startPipeline({ unpaced: true });
    await second.start();
    await second.idle();
    rows = await recipientsOf(db, broadcast.id);
    expect(rows.every((row) => row.state === 'accepted' && !row.resentAfterCrash)).toBe(true);
    expect(new Set(sentTo()).size).toBe(150);
    expect(meta.sent).toHaveLength(150);
    expect((await broadcastRow(db, broadcast.id)).status).toBe('COMPLETED');
  });

  it('publishes progress when delivery statuses arrive by webhook', async () => {
    const numbers = phones(2, 1100);
    const broadcast = await broadcastOf(numbers);
    await run();
    await new Promise((resolve) => setTimeout(resolve, 100));
    events.length = 0;
    const account = meta.accounts[0]!;
    const verdict = await statusCallback(messaging, channel.webhookKey, account.appSecret, account.phoneNumberId, [
      { id: meta.sent[0]!.id, status: 'delivered', at: new Date(), to: `+${meta.sent[0]!.to}` },
      { id: meta.sent[0]!.id, status: 'read', at: new Date(), to: `+${meta.sent[0]!.to}` },
      { id: meta.sent[1]!.id, status: 'delivered', at: new Date(), to: `+${meta.sent[1]!.to}` },
    ]);
    expect(verdict).toEqual({ kind: 'accept' });
    const mine = () =>
      events.filter((event) => (event.payload as { broadcastId: string }).broadcastId === broadcast.id);
    await vi.waitFor(
      () => expect(mine().at(-1)?.payload).toMatchObject({ progress: { sent: 2, delivered: 2, read: 1 } }),
      { timeout: 3000 },
    );
    // Throttled: three statuses within the interval make one or two events, not three.
    expect(mine().length).toBeLessThanOrEqual(2);
  });
});
