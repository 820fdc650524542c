import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { channelMessageEvents, channelMessages } from '../src/db/schema/channels';
import { broadcastRecipients } from '../src/db/schema/broadcasts';
import type { LoadMeta } from './fake-vendors/meta-load';
import { crashHarness } from './crash-harness';
import {
  LOAD_PASSWORD,
  createLoadChannel,
  getBroadcast,
  loadNumbers,
  sendLoadBroadcast,
  waitUntilFinished,
  type LoadChannel,
} from './broadcast-load-kit';

/**
 * The Reliability story of issue 8, black-box: a real server process sends a 20,000-recipient
 * broadcast through a Meta channel to a fake Cloud API (its own process, counting what it accepts
 * per number) and is killed with SIGKILL ten times while sending, restarted each time. At the end
 * every recipient was messaged at least once, none is missing, and the numbers the vendor accepted
 * twice are no more than the broadcast reports as possible duplicates. A second broadcast is
 * stopped with SIGTERM instead: then nothing is sent twice. Finally every status webhook of its
 * messages arrives three times, shuffled: one stored event per message and status, and no status
 * moves back. Slow (on 2 cores, fairly quiet: 2 minutes on PostgreSQL, 3.3 on PGlite; 6.5 and 9 when busy): its own file so CI
 * can run it on its own.
 * Knobs: BROADCAST_CRASH_RECIPIENTS (20000 on PostgreSQL, 5000 on PGlite), BROADCAST_CRASH_KILLS (10),
 * BROADCAST_CRASH_STOPS (3).
 */

// The 20,000 on PostgreSQL; 5,000 on PGlite, where the same ten kills take three times as
// long (CI runs the server suite on both and must stay under 30 minutes).
const RECIPIENTS = Number(
  process.env.BROADCAST_CRASH_RECIPIENTS ?? (process.env.PARLEY_TEST_DB === 'postgres' ? 20_000 : 5_000),
);
const KILLS = Number(process.env.BROADCAST_CRASH_KILLS ?? 10);
const STOPS = Number(process.env.BROADCAST_CRASH_STOPS ?? 3);
/** Messages per webhook group (statuses up to read, and up to delivered). */
const WEBHOOK_GROUP = Math.min(1_000, Math.floor(RECIPIENTS / 4));
const EMAIL = 'broadcast-crash@test.local';

const harness = crashHarness({ dataDirPrefix: 'parley-broadcast-crash-', email: EMAIL });
const { api } = harness;
const startServer = () => harness.start();
const stopServer = (signal: 'SIGKILL' | 'SIGTERM') => harness.stop(signal);
const vendorAccepted = (count: number) => harness.vendorAccepted(count, 'messages');
const withDatabase: typeof harness.withDatabase = (work) => harness.withDatabase(work);
let fake: LoadMeta;
/** Set up by the first test, used by the next. */
let channel: LoadChannel | undefined;
let stoppedBroadcast: { id: string; numbers: string[] } | undefined;

const signIn = () => api.signIn(EMAIL, LOAD_PASSWORD);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the outbox and the channel log hold for a broadcast. */
async function outboxOf(broadcastId: string) {
  return withDatabase(async (db) => {
    const states = await db
      .select({ state: broadcastRecipients.state, n: sql<number>`count(*)::int` })
      .from(broadcastRecipients)
      .where(eq(broadcastRecipients.broadcastId, broadcastId))
      .groupBy(broadcastRecipients.state);
    const [logged] = await db
      .select({
        rows: sql<number>`count(*)::int`,
        recipients: sql<number>`count(distinct ${channelMessages.sourceId})::int`,
      })
      .from(channelMessages)
      .innerJoin(broadcastRecipients, eq(broadcastRecipients.id, channelMessages.sourceId))
      .where(and(eq(broadcastRecipients.broadcastId, broadcastId), eq(channelMessages.source, 'broadcast')));
    const [resent] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(broadcastRecipients)
      .where(and(eq(broadcastRecipients.broadcastId, broadcastId), eq(broadcastRecipients.resentAfterCrash, true)));
    return {
      states: Object.fromEntries(states.map((row) => [row.state, Number(row.n)])),
      loggedRows: Number(logged!.rows),
      loggedRecipients: Number(logged!.recipients),
      resentAfterCrash: Number(resent!.n),
    };
  });
}

beforeAll(async () => {
  fake = await harness.setUp();
});
afterAll(async () => {
  await harness.tearDown();
});

describe(`a ${RECIPIENTS.toLocaleString('en-US')}-recipient broadcast through server crashes`, () => {
  it(
    `messages every recipient after ${KILLS} kill -9s, and sends twice no more than it reports`,
    { timeout: 900_000 },
    async () => {
      await startServer();
      await signIn();
      channel = await createLoadChannel(api, fake, { messagesPerSecond: 1000 });
      const numbers = loadNumbers('97', RECIPIENTS);
      const sent = await sendLoadBroadcast(api, channel, numbers);
      expect(sent).toMatchObject({ messagesPerSecond: 1000, progress: { total: RECIPIENTS } });
      const broadcastId = sent.id;

      const killedAt: number[] = [];
      for (let kill = 1; kill <= KILLS; kill += 1) {
        await vendorAccepted(Math.floor((kill * RECIPIENTS) / (KILLS + 1)));
        // A little later, so the kill lands anywhere: mid-request, mid-batch, mid-update.
        await sleep(Math.floor(Math.random() * 150));
        await stopServer('SIGKILL');
        killedAt.push((await fake.stats()).accepted);
        await startServer();
      }
      await signIn();
      const done = await waitUntilFinished(api, broadcastId);
      const stats = await fake.stats();
      const accepted = new Set(await fake.acceptedNumbers());
      const missing = numbers.filter((number) => !accepted.has(number));

      process.stdout.write(
        `\n  kill -9 ×${KILLS} at ${killedAt.join(', ')} messages accepted by the vendor; ` +
          `${stats.requests} requests, ${stats.accepted} accepted for ${stats.distinctNumbers} numbers; ` +
          `duplicates at the vendor: ${stats.duplicateNumbers} numbers (${stats.duplicateSends} extra sends); ` +
          `reported possible duplicates: ${done.progress.possibleDuplicates}\n`,
      );
      expect(killedAt).toHaveLength(KILLS);
      expect(stats.refused, stats.refusals.join('\n')).toBe(0);
      expect(missing.slice(0, 10)).toEqual([]);
      expect(accepted.size).toBe(RECIPIENTS);
      expect(done.status).toBe('COMPLETED');
      expect(done.progress).toMatchObject({ total: RECIPIENTS, failed: 0, blocked: 0, pending: 0 });
      expect(stats.duplicateNumbers).toBeLessThanOrEqual(done.progress.possibleDuplicates);

      await stopServer('SIGTERM');
      const outbox = await outboxOf(broadcastId);
      expect(outbox.states).toEqual({ accepted: RECIPIENTS });
      expect(outbox.loggedRecipients).toBe(RECIPIENTS);
      expect(outbox.resentAfterCrash).toBe(done.progress.possibleDuplicates);
    },
  );

  it(`sends nothing twice when stopped ${STOPS} times with SIGTERM`, { timeout: 900_000 }, async () => {
    expect(channel, 'the first test made the channel').toBeDefined();
    await stopServer('SIGKILL'); // left running by a failed first test
    await fake.reset();
    await startServer();
    await signIn();
    const numbers = loadNumbers('96', RECIPIENTS);
    const broadcastId = (await sendLoadBroadcast(api, channel!, numbers)).id;
    const stoppedAt: number[] = [];
    for (let stop = 1; stop <= STOPS; stop += 1) {
      await vendorAccepted(Math.floor((stop * RECIPIENTS) / (STOPS + 1)));
      await sleep(Math.floor(Math.random() * 150));
      await stopServer('SIGTERM');
      stoppedAt.push((await fake.stats()).accepted);
      await startServer();
    }
    await signIn();
    const done = await waitUntilFinished(api, broadcastId);
    const stats = await fake.stats();
    const accepted = new Set(await fake.acceptedNumbers());
    process.stdout.write(
      `\n  SIGTERM ×${STOPS} at ${stoppedAt.join(', ')} messages accepted; ${stats.accepted} accepted for ` +
        `${stats.distinctNumbers} numbers; duplicates ${stats.duplicateNumbers}; reported ${done.progress.possibleDuplicates}\n`,
    );
    expect(stoppedAt).toHaveLength(STOPS);
    expect(stats.refused, stats.refusals.join('\n')).toBe(0);
    expect(numbers.filter((number) => !accepted.has(number)).slice(0, 10)).toEqual([]);
    expect(stats.duplicateExamples).toEqual([]);
    expect(stats.accepted).toBe(RECIPIENTS);
    expect(done.status).toBe('COMPLETED');
    expect(done.progress).toMatchObject({ total: RECIPIENTS, failed: 0, pending: 0, possibleDuplicates: 0 });
    stoppedBroadcast = { id: broadcastId, numbers };
  });

  it(
    'stores each status webhook once when it arrives three times, shuffled, and never moves a status back',
    {
      timeout: 900_000,
    },
    async () => {
      expect(stoppedBroadcast, 'the second test sent the broadcast').toBeDefined();
      const url = `${harness.running()!.url}${channel!.webhookPath}`;
      // Two groups of messages, their callbacks shuffled together: one goes up to read, the other
      // up to delivered. Each callback is delivered three times.
      const [toRead, toDelivered] = await Promise.all([
        fake.postStatuses({
          url,
          offset: 0,
          count: WEBHOOK_GROUP,
          statuses: ['sent', 'delivered', 'read'],
          copies: 3,
          shuffle: true,
          concurrency: 6,
          returnIds: true,
        }),
        fake.postStatuses({
          url,
          offset: WEBHOOK_GROUP,
          count: WEBHOOK_GROUP,
          statuses: ['sent', 'delivered'],
          copies: 3,
          shuffle: true,
          concurrency: 6,
          returnIds: true,
        }),
      ]);
      expect(toRead.failures).toEqual([]);
      expect(toDelivered.failures).toEqual([]);
      expect(toRead.ok).toBe(WEBHOOK_GROUP * 9);
      expect(toDelivered.ok).toBe(WEBHOOK_GROUP * 6);

      const progress = (await getBroadcast(api, stoppedBroadcast!.id)).progress;
      // A message read was delivered too.
      expect(progress).toMatchObject({ delivered: WEBHOOK_GROUP * 2, read: WEBHOOK_GROUP, failed: 0 });

      await stopServer('SIGTERM');
      const readIds = toRead.ids!;
      const deliveredIds = toDelivered.ids!;
      const { events, statuses } = await withDatabase(async (db) => {
        const ids = [...readIds, ...deliveredIds];
        const events = await db
          .select({ id: channelMessageEvents.vendorMessageId, status: channelMessageEvents.status })
          .from(channelMessageEvents)
          .where(
            and(eq(channelMessageEvents.channelId, channel!.id), inArray(channelMessageEvents.vendorMessageId, ids)),
          );
        const statuses = await db
          .select({ id: channelMessages.vendorMessageId, status: channelMessages.status })
          .from(channelMessages)
          .where(and(eq(channelMessages.channelId, channel!.id), inArray(channelMessages.vendorMessageId, ids)));
        return { events, statuses };
      });
      // One stored event per message and status, however often it came.
      expect(events).toHaveLength(WEBHOOK_GROUP * 5);
      expect(new Set(events.map((event) => `${event.id} ${event.status}`)).size).toBe(WEBHOOK_GROUP * 5);
      // The highest status stays, whatever arrived after it.
      const statusOf = new Map(statuses.map((row) => [row.id, row.status]));
      expect(statusOf.size).toBe(WEBHOOK_GROUP * 2);
      expect(readIds.filter((id) => statusOf.get(id) !== 'read')).toEqual([]);
      expect(deliveredIds.filter((id) => statusOf.get(id) !== 'delivered')).toEqual([]);
    },
  );
});
