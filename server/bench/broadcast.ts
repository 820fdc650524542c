import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPostgresTestDatabase, postgresAvailable } from '../test/test-database';
import { spawnLoadMeta, type LoadMeta } from '../test/fake-vendors/meta-load';
import { processApi, startServerProcess, type ServerProcess } from '../test/server-process';
import {
  LOAD_PASSWORD,
  createLoadChannel,
  getBroadcast,
  loadNumbers,
  seedAdministrator,
  sendLoadBroadcast,
  waitUntilFinished,
} from '../test/broadcast-load-kit';
import { summariseCpuProfiles } from './cpu-profile';

/**
 * Broadcast figures of issue 8, in its own process (`npm run bench` runs it; alone:
 * `cd server && npx tsx bench/broadcast.ts`). Everything is black-box: Parley runs as a real
 * server process (src/main.ts) on a fresh PostgreSQL database, the fake Cloud API
 * (test/fake-vendors/meta-load.ts) in another process, and this one only drives and counts.
 *
 * (a) Throughput: a broadcast of PARLEY_BENCH_BROADCAST_RECIPIENTS (100,000) numbers through a Meta
 *     channel with pacing off (PARLEY_BROADCAST_UNPACED=1); messages/s as the vendor saw them (first
 *     to last request) and end to end (POST /api/broadcasts to COMPLETED).
 * (c) Webhook ingest capacity: then sent, delivered and read callbacks (one status each, signed
 *     with the app secret) for PARLEY_BENCH_BROADCAST_WEBHOOK_MESSAGES (20,000) of those messages,
 *     once for each number of callbacks in flight in PARLEY_BENCH_WEBHOOK_CONCURRENCY (16,64,256),
 *     each time for messages not yet touched; callbacks/s and answer times of each. The capacity is
 *     the best rate whose median answer stays under WEBHOOK_MEDIAN_LIMIT_MS (the 200 ms a vendor
 *     expects), as a ratio of (a)'s send rate.
 * (b) Pacing: a restarted server (pacing on) sends 80 × PARLEY_BENCH_BROADCAST_PACING_SECONDS (20)
 *     numbers through a channel of 80 messages/s; the seconds in which the vendor saw more than 80
 *     requests, and the achieved rate over the configured one.
 * PARLEY_BENCH_BROADCAST_PROFILE=1 also CPU-profiles the server during (a) and (c) and prints where
 * its time went. Prints one JSON line `{"broadcast": …}` (or `{"skipped": …}`).
 */

const envCount = (name: string, fallback: number, min = 1) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value < min)
    throw new Error(`${name} must be a whole number of at least ${min} (it was ${process.env[name]})`);
  return value;
};
const RECIPIENTS = envCount('PARLEY_BENCH_BROADCAST_RECIPIENTS', 100_000);
const PACING_SECONDS = envCount('PARLEY_BENCH_BROADCAST_PACING_SECONDS', 20);
const WEBHOOK_CONCURRENCY = (process.env.PARLEY_BENCH_WEBHOOK_CONCURRENCY ?? '16,64,256').split(',').map((part) => {
  const value = Number(part.trim());
  if (!Number.isSafeInteger(value) || value < 1)
    throw new Error(`PARLEY_BENCH_WEBHOOK_CONCURRENCY must list whole numbers (it was ${part})`);
  return value;
});
const WEBHOOK_MESSAGES = Math.min(
  Math.floor(RECIPIENTS / WEBHOOK_CONCURRENCY.length),
  envCount('PARLEY_BENCH_BROADCAST_WEBHOOK_MESSAGES', 20_000),
);
/** A vendor expects an answer within about 200 ms (360dialog: "your webhook responding in less than 200ms"). */
const WEBHOOK_MEDIAN_LIMIT_MS = 200;
const PROFILE = ['1', 'true', 'yes'].includes(process.env.PARLEY_BENCH_BROADCAST_PROFILE ?? '');
const PACED_RATE = 80;
const EMAIL = 'broadcast-bench@bench.local';

export interface BroadcastBench {
  recipients: number;
  throughput: {
    /** Messages the vendor accepted per second, first request to last. */
    vendorRate: number;
    /** Recipients per second from POST /api/broadcasts to COMPLETED (storing the outbox included). */
    endToEndRate: number;
    /** Seconds the POST took (resolving and storing the recipients). */
    postSeconds: number;
    sendSeconds: number;
    accepted: number;
    duplicates: number;
  };
  webhooks: {
    /** Messages per level (each gets sent, delivered and read). */
    messages: number;
    levels: {
      concurrency: number;
      callbacks: number;
      failed: number;
      seconds: number;
      /** Callbacks (one status each) stored per second. */
      rate: number;
      /** rate / throughput.vendorRate */
      ratio: number;
      p50Ms: number;
      p99Ms: number;
    }[];
    /** The best rate among the levels whose median answer stays under the limit. */
    rate: number;
    ratio: number;
    concurrency: number;
    medianLimitMs: number;
  };
  pacing: {
    configured: number;
    recipients: number;
    seconds: number;
    achievedRate: number;
    ratio: number;
    /** Calendar seconds in which the vendor saw more than the configured rate. */
    secondsOver: number;
    busiestSecond: number;
    perSecond: number[];
  };
  profile?: string[];
  loadAverage: [number, number];
}

async function main() {
  if (!(await postgresAvailable())) {
    process.stdout.write(`${JSON.stringify({ skipped: 'no PostgreSQL answered at PARLEY_TEST_PG_URL' })}\n`);
    return;
  }
  const loadStart = os.loadavg()[0] ?? 0;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-broadcast-'));
  const profileDir = path.join(dataDir, 'profiles');
  const database = await openPostgresTestDatabase();
  let fake: LoadMeta | undefined;
  let server: ServerProcess | undefined;
  const api = processApi(() => server!.url);
  const step = (text: string) => process.stderr.write(`  broadcast: ${text}\n`);
  const start = async (env: Record<string, string>, profile = false) => {
    server = await startServerProcess({
      dataDir,
      databaseUrl: database.url,
      env: {
        PARLEY_VENDOR_BASE_URLS: JSON.stringify({ metaCloud: fake!.baseUrl }),
        PARLEY_OUTBOUND_ALLOW: '127.0.0.1',
        ...env,
      },
      ...(profile ? { nodeArgs: ['--cpu-prof', '--cpu-prof-dir', profileDir] } : {}),
    });
    await api.signIn(EMAIL, LOAD_PASSWORD);
  };
  try {
    await seedAdministrator(database.db, EMAIL);
    fake = await spawnLoadMeta();

    // (a) Throughput with pacing off.
    step(`${RECIPIENTS.toLocaleString('en-US')} recipients, pacing off`);
    await start({ PARLEY_BROADCAST_UNPACED: '1' }, PROFILE);
    const unpaced = await createLoadChannel(api, fake, { messagesPerSecond: 1000, name: 'Unpaced' });
    const numbers = loadNumbers('95', RECIPIENTS);
    const posted = performance.now();
    const sent = await sendLoadBroadcast(api, unpaced, numbers);
    const postSeconds = (performance.now() - posted) / 1000;
    const done = await waitUntilFinished(api, sent.id, 1_800_000, 200);
    const endSeconds = (performance.now() - posted) / 1000;
    const sending = await fake.stats();
    if (done.status !== 'COMPLETED' || sending.distinctNumbers !== RECIPIENTS || sending.refused > 0)
      throw new Error(
        `the broadcast ended ${done.status} with ${sending.distinctNumbers} of ${RECIPIENTS} numbers messaged ` +
          `(${sending.refused} refused: ${sending.refusals.join('; ')})`,
      );
    const sendSeconds = (sending.lastAt - sending.firstAt) / 1000;
    const vendorRate = (sending.accepted - 1) / sendSeconds;

    // (c) Webhook ingest for the messages just sent: at each number in flight, for fresh messages.
    const levels: BroadcastBench['webhooks']['levels'] = [];
    for (const [index, concurrency] of WEBHOOK_CONCURRENCY.entries()) {
      step(`${(WEBHOOK_MESSAGES * 3).toLocaleString('en-US')} status callbacks, ${concurrency} in flight`);
      const hooks = await fake.postStatuses({
        url: `${server!.url}${unpaced.webhookPath}`,
        offset: index * WEBHOOK_MESSAGES,
        count: WEBHOOK_MESSAGES,
        statuses: ['sent', 'delivered', 'read'],
        concurrency,
      });
      if (hooks.failed > 0) throw new Error(`status callbacks: ${hooks.failed} failed (${hooks.failures.join('; ')})`);
      const rate = hooks.ok / hooks.seconds;
      levels.push({
        concurrency,
        callbacks: hooks.posted,
        failed: hooks.failed,
        seconds: +hooks.seconds.toFixed(2),
        rate: Math.round(rate),
        ratio: +(rate / vendorRate).toFixed(2),
        p50Ms: hooks.latency.p50,
        p99Ms: hooks.latency.p99,
      });
    }
    const afterHooks = await getBroadcast(api, sent.id);
    const touched = WEBHOOK_MESSAGES * WEBHOOK_CONCURRENCY.length;
    if (afterHooks.progress.read !== touched)
      throw new Error(`status callbacks: ${afterHooks.progress.read} of ${touched} messages read`);
    await server!.stop('SIGTERM');
    server = undefined;
    const within = levels.filter((level) => level.p50Ms < WEBHOOK_MEDIAN_LIMIT_MS);
    const best = within.reduce<(typeof levels)[number] | undefined>(
      (top, level) => (!top || level.rate > top.rate ? level : top),
      undefined,
    );

    // (b) Pacing at 80/s, on a server with pacing on.
    step(`pacing at ${PACED_RATE}/s for ${PACING_SECONDS} s`);
    await fake.reset();
    await start({});
    const paced = await createLoadChannel(api, fake, { messagesPerSecond: PACED_RATE, name: 'Paced' });
    const pacedCount = PACED_RATE * PACING_SECONDS;
    const pacedBroadcast = await sendLoadBroadcast(api, paced, loadNumbers('94', pacedCount));
    const pacedDone = await waitUntilFinished(api, pacedBroadcast.id, 600_000, 200);
    const pacing = await fake.stats();
    if (pacedDone.status !== 'COMPLETED' || pacing.distinctNumbers !== pacedCount)
      throw new Error(`the paced broadcast ended ${pacedDone.status} with ${pacing.distinctNumbers} of ${pacedCount}`);
    await server!.stop('SIGTERM');
    server = undefined;
    const pacedSeconds = (pacing.lastAt - pacing.firstAt) / 1000;
    const achievedRate = (pacing.accepted - 1) / pacedSeconds;
    const counts = pacing.perSecond.map(([, count]) => count);

    const result: BroadcastBench = {
      recipients: RECIPIENTS,
      throughput: {
        vendorRate: Math.round(vendorRate),
        endToEndRate: Math.round(RECIPIENTS / endSeconds),
        postSeconds: +postSeconds.toFixed(1),
        sendSeconds: +sendSeconds.toFixed(1),
        accepted: sending.accepted,
        duplicates: sending.duplicateSends,
      },
      webhooks: {
        messages: WEBHOOK_MESSAGES,
        levels,
        rate: best?.rate ?? 0,
        ratio: best?.ratio ?? 0,
        concurrency: best?.concurrency ?? 0,
        medianLimitMs: WEBHOOK_MEDIAN_LIMIT_MS,
      },
      pacing: {
        configured: PACED_RATE,
        recipients: pacedCount,
        seconds: +pacedSeconds.toFixed(1),
        achievedRate: +achievedRate.toFixed(1),
        ratio: +(achievedRate / PACED_RATE).toFixed(3),
        secondsOver: counts.filter((count) => count > PACED_RATE).length,
        busiestSecond: Math.max(0, ...counts),
        perSecond: counts,
      },
      ...(PROFILE ? { profile: summariseCpuProfiles(profileDir) } : {}),
      loadAverage: [+loadStart.toFixed(2), +(os.loadavg()[0] ?? 0).toFixed(2)],
    };
    process.stdout.write(`${JSON.stringify({ broadcast: result })}\n`);
  } finally {
    await server?.stop('SIGKILL');
    await fake?.close();
    await database.close();
    if (process.env.PARLEY_BENCH_KEEP_PROFILE)
      fs.cpSync(profileDir, process.env.PARLEY_BENCH_KEEP_PROFILE, { recursive: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
