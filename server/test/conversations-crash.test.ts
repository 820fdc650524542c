import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawFor } from '../src/db/client';
import { testDbKind } from './test-database';
import type { LoadMeta } from './fake-vendors/meta-load';
import {
  customer,
  messagesChange,
  metaMessage,
  metaWebhookBody,
  signedMetaWebhook,
} from './fake-vendors/meta-webhooks';
import { crashHarness } from './crash-harness';
import { LOAD_PASSWORD, createLoadChannel, loadNumbers, type LoadChannel } from './broadcast-load-kit';
import { buildTravelAgent, waitForTraining } from './travel-agent';

/**
 * The Reliability story of issue 18, black-box: a real server process whose Meta channel is
 * answered by a trained NLP bot receives 1,000 customer messages (one each from 1,000 numbers) as
 * Meta's signed webhooks, and is killed with SIGKILL several times while the bot answers them
 * through a fake Cloud API (its own process, counting what it accepts per number), restarted each
 * time. A webhook that gets no 200 is posted again, as Meta retries it. At the end every number
 * was answered, the numbers answered twice are no more than the replies the server marked as
 * sent again after a crash (resent_after_crash), every inbound message was routed, once.
 * Slow (a real server started six times; on 2 cores shared with other work, 2–2.5 minutes on
 * PostgreSQL, 2–4 on PGlite): its own file, like the broadcast reliability test.
 * Knobs: CONVERSATIONS_CRASH_MESSAGES (1000), CONVERSATIONS_CRASH_KILLS (5),
 * CONVERSATIONS_CRASH_RATE (webhooks a second, 50).
 */

const MESSAGES = Number(process.env.CONVERSATIONS_CRASH_MESSAGES ?? 1_000);
const KILLS = Number(process.env.CONVERSATIONS_CRASH_KILLS ?? 5);
/**
 * Customers write at this pace, so messages keep arriving while the server is killed and
 * restarted (a webhook due while it is down waits, as Meta's retries do).
 */
const RATE = Number(process.env.CONVERSATIONS_CRASH_RATE ?? 50);
const IN_FLIGHT = 8;
/** Meta retries a delivery that got no 200; the test waits this long before the next try. */
const RETRY_MS = 100;
/**
 * A reply a crash left 'sending' is sent again once it is 30 s old (the runtime cannot tell a dead
 * process's send from a slow one sooner): the test lets the last server run this long before it
 * compares what the vendor took twice with what the server counted.
 */
const SETTLE_MS = 40_000;
/** What customers write: greetings and requests the travel agent understands, and one it does not. */
const TEXTS = ['hi', 'hello bot', 'book a flight to Delhi', 'check my booking', 'do you sell umbrellas'];
const EMAIL = 'conversations-crash@test.local';

const harness = crashHarness({ dataDirPrefix: 'parley-conversations-crash-', email: EMAIL });
const { api } = harness;
const startServer = () => harness.start();
const stopServer = (signal: 'SIGKILL' | 'SIGTERM') => harness.stop(signal);
const serverOutput = harness.output;
// Bounds that tell a hang from a slow machine (PGlite on a loaded CI core answers about 5 a second), not speed goals.
const vendorAccepted = (count: number) => harness.vendorAccepted(count, 'replies', 300_000);
const withDatabase: typeof harness.withDatabase = (work) => harness.withDatabase(work);
let fake: LoadMeta;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until every number has a reply at the vendor (or the limit passes). */
async function everyNumberAnswered(limitMs = 300_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const stats = await fake.stats();
    if (stats.distinctNumbers >= MESSAGES) return;
    if (Date.now() > deadline)
      throw new Error(`${stats.distinctNumbers} of ${MESSAGES} numbers were answered in time:\n${serverOutput()}`);
    await sleep(100);
  }
}

/** Meta's webhook of one customer's text message, signed: the same bytes each time it is retried. */
function inboundWebhook(number: string, text: string) {
  const account = fake.account;
  const body = metaWebhookBody([
    {
      wabaId: account.wabaId,
      changes: [messagesChange(account, { from: number, contact: customer(number) }, [metaMessage.text(text)])],
    },
  ]);
  return signedMetaWebhook(body, account.appSecret);
}

/**
 * Posts each webhook at its time (RATE a second, IN_FLIGHT at once) to whichever server runs,
 * again and again until it is answered 200. Answers how many tries were needed beyond one each,
 * and a few of the reasons.
 */
async function postWebhooks(channel: LoadChannel, webhooks: ReturnType<typeof inboundWebhook>[], limitMs = 600_000) {
  const started = Date.now();
  const deadline = started + limitMs;
  let next = 0;
  let retries = 0;
  const reasons = new Map<string, number>();
  const fail = (reason: string) => {
    retries += 1;
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  };
  async function deliver(webhook: ReturnType<typeof inboundWebhook>) {
    for (;;) {
      if (Date.now() > deadline)
        throw new Error(`a webhook was not taken in time: ${JSON.stringify([...reasons])}\n${serverOutput()}`);
      const running = harness.running();
      if (!running) {
        await sleep(RETRY_MS);
        continue;
      }
      try {
        const response = await fetch(`${running.url}${channel.webhookPath}`, {
          method: 'POST',
          headers: webhook.headers,
          body: webhook.payload,
        });
        await response.arrayBuffer();
        if (response.status === 200) return;
        fail(`HTTP ${response.status}`);
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause;
        fail(cause?.code ?? (error as Error).message);
      }
      await sleep(RETRY_MS);
    }
  }
  async function worker() {
    for (let index = next++; index < webhooks.length; index = next++) {
      await sleep(started + (index * 1000) / RATE - Date.now());
      await deliver(webhooks[index]!);
    }
  }
  await Promise.all(Array.from({ length: IN_FLIGHT }, () => worker()));
  return { retries, reasons: Object.fromEntries(reasons), seconds: (Date.now() - started) / 1000 };
}

/** What the database holds of the channel's inbound messages, conversations and replies. */
async function threadsOf(channelId: string) {
  return withDatabase(async (db) => {
    const run = rawFor(db);
    const { rows: inbound } = await run(
      `select count(*)::int as total, count(routed_at)::int as routed, count(distinct customer_number)::int as numbers
       from channel_messages where channel_id = $1 and direction = 'in'`,
      [channelId],
    );
    const { rows: conversations } = await run(
      `select c.customer_number, c.handler,
         count(*) filter (where m.direction = 'in')::int as inbound,
         count(*) filter (where m.direction = 'out' and m.sender_kind = 'bot')::int as bot_replies,
         count(*) filter (where m.direction = 'out' and m.status in ('queued', 'sending'))::int as unsent,
         count(*) filter (where m.direction = 'out' and m.status not in ('queued', 'sending', 'accepted', 'sent', 'delivered', 'read'))::int as failed,
         count(*) filter (where m.resent_after_crash)::int as resent
       from conversations c left join conversation_messages m on m.conversation_id = c.id
       where c.channel_id = $1 group by c.id, c.customer_number, c.handler`,
      [channelId],
    );
    return { inbound: inbound[0]!, conversations };
  });
}

beforeAll(async () => {
  fake = await harness.setUp();
});
afterAll(async () => {
  await harness.tearDown();
});

describe(`${MESSAGES.toLocaleString('en-US')} customers writing to a bot through server crashes`, () => {
  it(
    `answers every message after ${KILLS} kill -9s, routes each once, and answers twice no more than it counts`,
    { timeout: 1_200_000 },
    async () => {
      const began = Date.now();
      await startServer();
      await api.signIn(EMAIL, LOAD_PASSWORD);
      const channel = await createLoadChannel(api, fake, { messagesPerSecond: 1000, name: 'Bot line' });
      // The designer's routes through the signed-in session (the helpers' token argument is unused).
      const ok = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
        api.call<Record<string, unknown>>(method, url, payload);
      const { agentId } = await buildTravelAgent(ok, '');
      await ok('POST', `/api/agents/${agentId}/train`);
      expect((await waitForTraining(ok, agentId, '')).trainingStatus).toBe('trained');
      // The bot answers everything itself: always open, no hand-over (keywords, misses), no timeout.
      await ok('PUT', `/api/chat-config/${channel.id}`, {
        botAgentId: agentId,
        departmentId: null,
        workingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: true, start: '00:00', end: '23:59' })),
        outOfHoursMessage: '',
        inactivityMinutes: 0,
        missedMessage: '',
        handoffKeywords: [],
        offerAgentButton: false,
        handoffAfterMisses: 0,
      });

      const numbers = loadNumbers('95', MESSAGES);
      const webhooks = numbers.map((number, index) => inboundWebhook(number, TEXTS[index % TEXTS.length]!));
      const answering = Date.now();
      const posting = postWebhooks(channel, webhooks);
      // A rejection is awaited below; until then it must not count as unhandled.
      posting.catch(() => undefined);

      const killedAt: number[] = [];
      let downMs = 0;
      for (let kill = 1; kill <= KILLS; kill += 1) {
        await vendorAccepted(Math.floor((kill * MESSAGES) / (KILLS + 1)));
        // A little later, so the kill lands anywhere: mid-webhook, mid-route, mid-send.
        await sleep(Math.floor(Math.random() * 150));
        const down = Date.now();
        await stopServer('SIGKILL');
        killedAt.push((await fake.stats()).accepted);
        await startServer();
        downMs += Date.now() - down;
      }
      const restartedAt = Date.now();
      const posted = await posting;
      await everyNumberAnswered();
      const answeredIn = (Date.now() - answering) / 1000;
      // Replies a crash left 'sending' are sent again only once they are stale.
      await sleep(restartedAt + SETTLE_MS - Date.now());
      await stopServer('SIGTERM');

      const stats = await fake.stats();
      const accepted = new Set(await fake.acceptedNumbers());
      const { inbound, conversations } = await threadsOf(channel.id);
      const counted = conversations.reduce((sum, row) => sum + Number(row.resent), 0);
      const resentNumbers = new Set(
        conversations.filter((row) => Number(row.resent) > 0).map((row) => row.customer_number),
      );
      process.stdout.write(
        `\n  ${testDbKind}: kill -9 ×${KILLS} at ${killedAt.join(', ')} replies accepted by the vendor ` +
          `(down ${(downMs / 1000).toFixed(1)} s in all); ` +
          `${MESSAGES} webhooks posted in ${posted.seconds.toFixed(1)} s with ${posted.retries} retries ` +
          `${JSON.stringify(posted.reasons)}; every number answered ${answeredIn.toFixed(1)} s after the first webhook; ` +
          `${stats.accepted} replies accepted for ${stats.distinctNumbers} numbers; ` +
          `answered twice at the vendor: ${stats.duplicateNumbers} numbers (${stats.duplicateSends} extra sends); ` +
          `counted as possible duplicates: ${counted}; ${((Date.now() - began) / 1000).toFixed(0)} s in all\n`,
      );

      expect(killedAt).toHaveLength(KILLS);
      expect(stats.refused, stats.refusals.join('\n')).toBe(0);
      expect(numbers.filter((number) => !accepted.has(number)).slice(0, 10)).toEqual([]);
      expect(accepted.size).toBe(MESSAGES);
      // Each number answered twice is one whose reply the server sent again after a crash.
      expect(stats.duplicateNumbers).toBeLessThanOrEqual(counted);
      expect(stats.duplicateExamples.filter((example) => !resentNumbers.has(example.phone))).toEqual([]);

      // Every inbound message was stored once and routed, into a conversation of its own.
      expect(inbound).toEqual({ total: MESSAGES, routed: MESSAGES, numbers: MESSAGES });
      expect(conversations).toHaveLength(MESSAGES);
      expect(new Set(conversations.map((row) => row.customer_number)).size).toBe(MESSAGES);
      const odd = conversations.filter(
        (row) =>
          row.handler !== 'bot' ||
          Number(row.inbound) !== 1 ||
          Number(row.bot_replies) !== 1 ||
          Number(row.unsent) !== 0 ||
          Number(row.failed) !== 0,
      );
      expect(odd.slice(0, 5)).toEqual([]);
    },
  );
});
