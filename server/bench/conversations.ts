import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { AUTH_HEADER } from '@parley/contracts/constants';
import { defaultWorkingHours } from '@parley/contracts/conversations';
import { openPostgresTestDatabase, postgresAvailable } from '../test/test-database';
import { spawnLoadMeta, type LoadMeta, type PostInboundResult } from '../test/fake-vendors/meta-load';
import { PROCESS_CAPTCHA, processApi, startServerProcess, type ServerProcess } from '../test/server-process';
import { LOAD_PASSWORD, seedAdministrator } from '../test/broadcast-load-kit';
import { buildTravelAgent, waitForTraining } from '../test/travel-agent';
import { hashPassword } from '../src/platform/passwords';
import {
  countsStatement,
  listStatement,
  type Visibility,
} from '../src/features/conversations/conversations.repository';
import type { Database } from '../src/db/client';
import { summariseCpuProfiles } from './cpu-profile';
import { BOT_GOALS } from './conversations-report';
import { seedConversations, type ConversationSeedResult } from './seed-conversations';

/**
 * Conversation figures of issue 18, in its own process (`npm run bench` runs it; alone:
 * `cd server && npx tsx bench/conversations.ts`). Black-box like the broadcast bench: Parley as a
 * real server process (src/main.ts) on a fresh PostgreSQL database, the fake Cloud API
 * (test/fake-vendors/meta-load.ts) in a process of its own, this one drives and counts.
 *
 * (1) Bot answers: a Meta channel on the fake whose Chat Config puts a trained NLP agent (the
 *     travel agent of test/travel-agent.ts, built through the designer's routes) in front, open
 *     all week. The fake posts signed inbound text messages (Meta's `entry[].changes[].value` with
 *     `contacts`, `metadata` and `messages`), each from a number not seen before, at each offered
 *     rate of PARLEY_BENCH_BOT_RATES for PARLEY_BENCH_BOT_SECONDS, and times every message from
 *     its post to the bot's reply reaching the fake. Answers/s = answered ÷ (first post → last
 *     reply); p50 and p99 of those times. The figure is the best rate whose p99 meets the goal.
 *     Then sent, delivered and read callbacks for PARLEY_BENCH_BOT_STATUS_MESSAGES of the replies,
 *     16 in flight, on the same server: the status-callback ingest of the same run.
 * (2) Conversation list: a second enterprise gets PARLEY_BENCH_CONVERSATIONS conversations with
 *     PARLEY_BENCH_MESSAGES_PER_CONVERSATION messages each (bench/seed-conversations.ts), the
 *     server is restarted, an agent of one department signs in, and autocannon loads the indexed
 *     GET (`GET /api/admin/outbox/:id`, as the administrator), then the agent's list in three views
 *     right after it; p50 and p99 as multiples of the indexed GET's. The list's statements are
 *     explained (EXPLAIN ANALYZE).
 * PARLEY_BENCH_BOT_PROFILE=1 CPU-profiles the server during (1), PARLEY_BENCH_LIST_PROFILE=1 during
 * (2). Prints one JSON line `{"conversations": …}` (or `{"skipped": …}`).
 */

const envCount = (name: string, fallback: number, min = 1) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value < min)
    throw new Error(`${name} must be a whole number of at least ${min} (it was ${process.env[name]})`);
  return value;
};
const BOT_RATES = (process.env.PARLEY_BENCH_BOT_RATES ?? '25,50,100,200,300').split(',').map((part) => {
  const value = Number(part.trim());
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`PARLEY_BENCH_BOT_RATES must list positive numbers (it was ${part})`);
  return value;
});
const BOT_SECONDS = envCount('PARLEY_BENCH_BOT_SECONDS', 10);
const STATUS_MESSAGES = envCount('PARLEY_BENCH_BOT_STATUS_MESSAGES', 2000);
const STATUS_CONCURRENCY = 16;
const CONVERSATIONS = envCount('PARLEY_BENCH_CONVERSATIONS', 100_000, 100);
const MESSAGES_PER_CONVERSATION = envCount('PARLEY_BENCH_MESSAGES_PER_CONVERSATION', 10);
const flag = (name: string) => ['1', 'true', 'yes'].includes(process.env[name] ?? '');
const PROFILE = flag('PARLEY_BENCH_BOT_PROFILE');
const LIST_PROFILE = flag('PARLEY_BENCH_LIST_PROFILE');
const HTTP = {
  connections: envCount('PARLEY_BENCH_CONNECTIONS', 10),
  warmUpSeconds: envCount('PARLEY_BENCH_WARMUP', 2),
  durationSeconds: envCount('PARLEY_BENCH_DURATION', 8),
};
/** What customers write: phrases the travel agent's intents were trained on. */
const GREETINGS = ['hello', 'hi there', 'good morning', 'hello bot'];
const EXPECTED_REPLY = 'Hello! How can I help you today?';
/** How long the last replies of a level may take once its last message is posted. */
const REPLY_WAIT_MS = 60_000;
const BOT_EMAIL = 'bot-bench@bench.local';
const LIST_EMAIL = 'list-bench@bench.local';
const PAGE = 30;

export interface BotLevel {
  offeredRate: number;
  messages: number;
  answered: number;
  failedPosts: number;
  /** First post to last reply. */
  seconds: number;
  answersPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  webhookP50Ms: number;
  webhookP99Ms: number;
  /** CPU milliseconds per answer: the server's Node process, and the database's backends. */
  serverCpuMs: number;
  databaseCpuMs: number | null;
}

export interface HttpFigure {
  requestsPerSecond: number;
  /** From autocannon's time of every response (sub-millisecond). */
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** CPU microseconds per request: the server's Node process, and the database's backends. */
  serverCpuMicros: number;
  databaseCpuMicros: number | null;
}

export interface ListView {
  view: 'mine' | 'all' | 'closed';
  path: string;
  /** Conversations of the view the agent may see. */
  matches: number;
  load: HttpFigure;
  p50Ratio: number;
  p99Ratio: number;
  plan: string[];
}

export interface ConversationsBench {
  bot: {
    levels: BotLevel[];
    /** The level with the most answers/s among those whose p99 meets the goal. */
    best: BotLevel | null;
    /** Bot reply texts as stored, with how often. */
    replies: { text: string; count: number }[];
    statusIngest: {
      messages: number;
      callbacks: number;
      concurrency: number;
      seconds: number;
      /** Callbacks (one status each) stored per second. */
      rate: number;
      p50Ms: number;
      p99Ms: number;
    };
    profile?: string[];
    loadAverage: [number, number];
  };
  list: {
    database: string;
    seed: Omit<ConversationSeedResult, 'agent' | 'expected'>;
    item: HttpFigure;
    views: ListView[];
    countsPlan: string[];
    profile?: string[];
    settings: typeof HTTP;
    loadAverage: [number, number];
  };
}

type Api = ReturnType<typeof processApi>;
const load1 = () => +(os.loadavg()[0] ?? 0).toFixed(2);
const step = (text: string) => process.stderr.write(`  conversations: ${text}\n`);

/** Signs in through the real routes and returns the session token (for autocannon's headers). */
async function signIn(url: string, email: string): Promise<string> {
  const api = processApi(() => url);
  const { captchaId } = await api.call<{ captchaId: string }>('GET', '/api/account/captcha');
  const { token } = await api.call<{ token: string }>('POST', '/api/account/login', {
    email,
    password: LOAD_PASSWORD,
    captchaId,
    captcha: PROCESS_CAPTCHA,
  });
  return token;
}

/** A Meta channel on the fake with the trained travel agent answering first, open all week. */
async function setUpBotChannel(api: Api, fake: LoadMeta): Promise<string> {
  const created = await api.call<{ channelConfig: { id: string; webhookUrl: string } }>('POST', '/api/channels', {
    name: 'Bot answers',
    type: 4,
    vendor: 19,
    data: fake.credentials(),
    messagesPerSecond: 1000,
  });
  const ok = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    api.call<Record<string, never>>(method, url, payload);
  const { agentId } = await buildTravelAgent(ok, '');
  await ok('POST', `/api/agents/${agentId}/train`);
  const state = await waitForTraining(ok, agentId, '');
  if (state.trainingStatus !== 'trained') throw new Error(`the bot's training ended ${String(state.trainingStatus)}`);
  await ok('PUT', `/api/chat-config/${created.channelConfig.id}`, {
    botAgentId: agentId,
    departmentId: null,
    workingHours: defaultWorkingHours,
    outOfHoursMessage: '',
    inactivityMinutes: 30,
    missedMessage: '',
    handoffKeywords: [],
    offerAgentButton: true,
    handoffAfterMisses: 2,
  });
  return new URL(created.channelConfig.webhookUrl).pathname;
}

/** `count` numbers not used before: +91 92 <level> <index>. */
const customerNumbers = (level: number, count: number) =>
  Array.from(
    { length: count },
    (_, index) => `+9192${String(level).padStart(2, '0')}${String(index).padStart(6, '0')}`,
  );

/** CPU ticks (user + system) so far, from /proc, of a process or of each PostgreSQL backend of a database. */
function cpuTicks(match: { pid: number } | { database: string }): Map<number, number> {
  const ticks = (stat: string) => {
    // After "(comm) ": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  if ('pid' in match) return new Map([[match.pid, ticks(fs.readFileSync(`/proc/${match.pid}/stat`, 'utf8'))]]);
  const found = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      // "postgres: [<cluster>: ]<user> <database> <client> <state>"
      const words = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split(/[\s\0]+/);
      if (words.slice(1, 5).includes(match.database)) found.set(Number(entry), ticks(stat));
    } catch {
      // ended meanwhile
    }
  }
  return found;
}
/** Linux's USER_HZ: /proc counts CPU time in these ticks. */
const CLOCK_TICKS = 100;

/**
 * Runs `work` and returns the CPU seconds the server and the database's backends spent meanwhile.
 * Per process: a backend that ends within takes its share with it (the figure can only come out
 * low), one that starts within counts in full, and those that lived through count their difference.
 */
async function withCpu<T>(serverPid: number, database: string, work: () => Promise<T>) {
  if (!fs.existsSync('/proc/self/stat')) return { result: await work(), server: 0, database: null };
  const before = [cpuTicks({ pid: serverPid }), cpuTicks({ database })];
  const result = await work();
  const after = [cpuTicks({ pid: serverPid }), cpuTicks({ database })];
  const spent = (index: number) =>
    [...after[index]!].reduce((sum, [pid, ticks]) => sum + ticks - (before[index]!.get(pid) ?? 0), 0) / CLOCK_TICKS;
  return { result, server: spent(0), database: spent(1) };
}

function toLevel(
  rate: number,
  { result, server, database }: { result: PostInboundResult; server: number; database: number | null },
): BotLevel {
  const perAnswer = (seconds: number) => +((seconds * 1000) / Math.max(1, result.answered)).toFixed(1);
  return {
    offeredRate: rate,
    messages: result.posted,
    answered: result.answered,
    failedPosts: result.failed,
    seconds: +result.seconds.toFixed(2),
    answersPerSecond: Math.round(result.answered / Math.max(result.seconds, 0.001)),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    webhookP50Ms: result.webhookLatency.p50,
    webhookP99Ms: result.webhookLatency.p99,
    serverCpuMs: perAnswer(server),
    databaseCpuMs: database === null ? null : perAnswer(database),
  };
}

/**
 * Figure (1). A level that leaves messages unanswered or answers fewer than 90 % of its offered
 * rate is saturated: the higher ones would only queue behind it, so they are skipped.
 */
async function measureBot(
  database: Database & { url: string },
  fake: LoadMeta,
  webhookUrl: string,
  serverPid: number,
): Promise<Omit<ConversationsBench['bot'], 'profile' | 'loadAverage'>> {
  step('warm-up: 40 messages at 20/s');
  const warm = await fake.postInbound({
    url: webhookUrl,
    numbers: customerNumbers(0, 40),
    texts: GREETINGS,
    rate: 20,
    waitMs: REPLY_WAIT_MS,
  });
  if (warm.answered !== warm.posted || warm.failed > 0)
    throw new Error(`warm-up: ${warm.answered} of ${warm.posted} answered (${warm.failures.join('; ')})`);
  const levels: BotLevel[] = [];
  for (const [index, rate] of BOT_RATES.entries()) {
    const count = Math.max(1, Math.round(rate * BOT_SECONDS));
    step(`${count.toLocaleString('en-US')} messages at ${rate}/s`);
    const measured = await withCpu(serverPid, new URL(database.url).pathname.slice(1), () =>
      fake.postInbound({
        url: webhookUrl,
        numbers: customerNumbers(index + 1, count),
        texts: GREETINGS,
        rate,
        waitMs: REPLY_WAIT_MS,
      }),
    );
    const { result } = measured;
    if (result.failed > 0) throw new Error(`inbound webhooks: ${result.failed} failed (${result.failures.join('; ')})`);
    const level = toLevel(rate, measured);
    levels.push(level);
    step(
      `  ${level.answersPerSecond}/s answered, p50 ${level.p50Ms} ms, p99 ${level.p99Ms} ms; CPU per answer: ` +
        `server ${level.serverCpuMs} ms, database ${level.databaseCpuMs} ms (load ${load1()})`,
    );
    if (level.answered < level.messages || level.answersPerSecond < 0.9 * rate) break;
  }
  const { rows } = await database.raw(
    `select text, count(*)::int as count from conversation_messages where sender_kind = 'bot' group by text order by 2 desc`,
  );
  const replies = rows.map((row) => ({ text: String(row.text), count: Number(row.count) }));
  if (replies[0]?.text !== EXPECTED_REPLY) throw new Error(`the bot answered ${JSON.stringify(replies.slice(0, 3))}`);

  // Sent, delivered and read for the replies the fake accepted (in the order it accepted them).
  const messages = Math.min(STATUS_MESSAGES, (await fake.stats()).accepted);
  step(`${(messages * 3).toLocaleString('en-US')} status callbacks for the replies, ${STATUS_CONCURRENCY} in flight`);
  const hooks = await fake.postStatuses({
    url: webhookUrl,
    count: messages,
    statuses: ['sent', 'delivered', 'read'],
    concurrency: STATUS_CONCURRENCY,
  });
  if (hooks.failed > 0) throw new Error(`status callbacks: ${hooks.failed} failed (${hooks.failures.join('; ')})`);
  // The thread follows the channel log after the callback is answered: every reply touched ends read.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { rows: read } = await database.raw(
      `select count(*)::int as read from conversation_messages where sender_kind = 'bot' and status = 'read'`,
    );
    if (Number(read[0]?.read) >= messages) break;
    if (Date.now() > deadline)
      throw new Error(`status callbacks: ${String(read[0]?.read)} of ${messages} replies read`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const within = levels.filter((level) => level.answered === level.messages && level.p99Ms <= BOT_GOALS.p99Ms);
  return {
    levels,
    best: within.reduce<BotLevel | null>(
      (top, level) => (!top || level.answersPerSecond > top.answersPerSecond ? level : top),
      null,
    ),
    replies,
    statusIngest: {
      messages,
      callbacks: hooks.posted,
      concurrency: STATUS_CONCURRENCY,
      seconds: +hooks.seconds.toFixed(2),
      rate: Math.round(hooks.ok / hooks.seconds),
      p50Ms: hooks.latency.p50,
      p99Ms: hooks.latency.p99,
    },
  };
}

/** Warm-up run (discarded), then the measured run; p50 and p99 from every response's own time. */
async function loadTarget(url: string, token: string, cpu: { pid: number; database: string }): Promise<HttpFigure> {
  const options = { url, headers: { [AUTH_HEADER]: token }, connections: HTTP.connections, pipelining: 1 };
  await autocannon({ ...options, duration: HTTP.warmUpSeconds });
  const times: number[] = [];
  const measured = await withCpu(cpu.pid, cpu.database, async () =>
    autocannon({ ...options, duration: HTTP.durationSeconds }).on(
      'response',
      (_client, statusCode, _bytes, responseTime) => {
        if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
      },
    ),
  );
  const { result } = measured;
  const perRequest = (seconds: number) => Math.round((seconds * 1e6) / Math.max(1, result.requests.total));
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx responses and ${result.errors} errors`);
  const sorted = Float64Array.from(times).sort();
  const rank = (quantile: number) => sorted[Math.max(0, Math.ceil(quantile * sorted.length) - 1)] ?? 0;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: +rank(0.5).toFixed(3),
    p99Ms: +rank(0.99).toFixed(3),
    requests: result.requests.total,
    serverCpuMicros: perRequest(measured.server),
    databaseCpuMicros: measured.database === null ? null : perRequest(measured.database),
  };
}

/** One request by hand before the load: the page the agent should see. */
async function checkPage(url: string, token: string, matches: number) {
  const response = await fetch(url, { headers: { [AUTH_HEADER]: token } });
  const body = (await response.json()) as {
    data?: { conversations?: { updatedAt: string }[]; hasMore?: boolean };
  };
  const rows = body.data?.conversations ?? [];
  const ordered = rows.every((row, index) => index === 0 || rows[index - 1]!.updatedAt >= row.updatedAt);
  if (
    response.status !== 200 ||
    rows.length !== Math.min(PAGE, matches) ||
    body.data?.hasMore !== matches > PAGE ||
    !ordered
  )
    throw new Error(
      `GET ${url} answered ${response.status} with ${rows.length} conversations (hasMore ${String(body.data?.hasMore)}); ` +
        `expected ${Math.min(PAGE, matches)} of ${matches}, newest first`,
    );
}

async function explain(database: Database, statement: { sql: string; values: unknown[] }): Promise<string[]> {
  const plan = await database.raw(`explain (analyze, buffers) ${statement.sql}`, statement.values);
  return plan.rows.map((row) => String(row['QUERY PLAN']));
}

/** Figure (2), on a server started after the seeding. */
async function measureList(
  database: Database & { url: string },
  server: ServerProcess,
  enterpriseId: string,
  seeded: ConversationSeedResult,
): Promise<Omit<ConversationsBench['list'], 'seed' | 'loadAverage' | 'settings'>> {
  const { rows: mails } = await database.raw(
    'select id from mail_outbox where enterprise_id = $1 order by created_at desc limit 1',
    [enterpriseId],
  );
  const serverUrl = server.url;
  const cpu = { pid: server.pid, database: new URL(database.url).pathname.slice(1) };
  const adminToken = await signIn(serverUrl, LIST_EMAIL);
  const agentToken = await signIn(serverUrl, seeded.agent.email);
  const itemUrl = `${serverUrl}/api/admin/outbox/${String(mails[0]?.id)}`;
  const item = await fetch(itemUrl, { headers: { [AUTH_HEADER]: adminToken } });
  if (item.status !== 200) throw new Error(`GET ${itemUrl} answered ${item.status}`);
  const visibility: Visibility = {
    userId: seeded.agent.userId,
    seesAll: false,
    departmentIds: [seeded.agent.departmentId],
  };
  const views = (['mine', 'all', 'closed'] as const).map((view) => ({
    view,
    path: `/api/conversations?view=${view}&perPage=${PAGE}`,
    matches: seeded.expected[view],
  }));
  for (const view of views) await checkPage(`${serverUrl}${view.path}`, agentToken, view.matches);

  step('indexed GET, then the list in each view');
  const itemLoad = await loadTarget(itemUrl, adminToken, cpu);
  const measured: ListView[] = [];
  for (const view of views) {
    const figure = await loadTarget(`${serverUrl}${view.path}`, agentToken, cpu);
    measured.push({
      ...view,
      load: figure,
      p50Ratio: +(figure.p50Ms / itemLoad.p50Ms).toFixed(2),
      p99Ratio: +(figure.p99Ms / itemLoad.p99Ms).toFixed(2),
      plan: await explain(database, listStatement(enterpriseId, visibility, { view: view.view, perPage: PAGE })),
    });
  }
  const version = await database.raw('show server_version');
  return {
    database: `PostgreSQL ${String(version.rows[0]?.server_version)}`,
    item: itemLoad,
    views: measured,
    countsPlan: await explain(database, countsStatement(enterpriseId, visibility)),
  };
}

async function main() {
  if (!(await postgresAvailable())) {
    process.stdout.write(`${JSON.stringify({ skipped: 'no PostgreSQL answered at PARLEY_TEST_PG_URL' })}\n`);
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-conversations-'));
  const profileDir = path.join(dataDir, 'profiles');
  const listProfileDir = path.join(dataDir, 'list-profiles');
  const database = await openPostgresTestDatabase();
  let fake: LoadMeta | undefined;
  let server: ServerProcess | undefined;
  const api = processApi(() => server!.url);
  const start = async (profile?: string) => {
    server = await startServerProcess({
      dataDir,
      databaseUrl: database.url,
      env: {
        PARLEY_VENDOR_BASE_URLS: JSON.stringify({ metaCloud: fake!.baseUrl }),
        PARLEY_OUTBOUND_ALLOW: '127.0.0.1',
      },
      ...(profile ? { nodeArgs: ['--cpu-prof', '--cpu-prof-dir', profile] } : {}),
    });
  };
  try {
    await seedAdministrator(database.db, BOT_EMAIL);
    const listEnterpriseId = await seedAdministrator(database.db, LIST_EMAIL);
    fake = await spawnLoadMeta();
    // Set-up (the bot's training among it) on a server of its own: the measured one starts fresh.
    await start();
    await api.signIn(BOT_EMAIL, LOAD_PASSWORD);
    const webhookPath = await setUpBotChannel(api, fake);
    // The list enterprise's channel through the API (it seals the channel's secrets); its chats never time out.
    await api.signIn(LIST_EMAIL, LOAD_PASSWORD);
    const channel = await api.call<{ channelConfig: { id: string } }>('POST', '/api/channels', {
      name: 'Sandbox WhatsApp',
      type: 4,
      vendor: 0,
      data: { contactId: '919000000001', failureRate: '0' },
    });
    await api.call('PUT', `/api/chat-config/${channel.channelConfig.id}`, {
      botAgentId: null,
      departmentId: null,
      workingHours: defaultWorkingHours,
      inactivityMinutes: 0,
      handoffKeywords: [],
      offerAgentButton: false,
      handoffAfterMisses: 0,
    });
    await server!.stop('SIGTERM');
    await start(PROFILE ? profileDir : undefined);
    const botLoadStart = load1();
    const bot = await measureBot(database, fake, `${server!.url}${webhookPath}`, server!.pid);
    await server!.stop('SIGTERM');
    server = undefined;
    const botLoadEnd = load1();

    const listLoadStart = load1();
    step(
      `seeding ${CONVERSATIONS.toLocaleString('en-US')} conversations, ` +
        `${(CONVERSATIONS * MESSAGES_PER_CONVERSATION).toLocaleString('en-US')} messages`,
    );
    const seeded = await seedConversations(database, {
      enterpriseId: listEnterpriseId,
      channelId: channel.channelConfig.id,
      conversations: CONVERSATIONS,
      messagesPerConversation: MESSAGES_PER_CONVERSATION,
      passwordHash: await hashPassword(LOAD_PASSWORD, 10),
    });
    step(`seeded in ${JSON.stringify(seeded.seconds)}`);
    // Mails for both enterprises, so the indexed GET is a tenant-scoped lookup in a full table.
    await database.raw(
      `insert into mail_outbox (enterprise_id, to_address, subject, text, created_at)
       select e.id, 'customer' || i || '@example.test', 'Your order ' || i, repeat('Thank you for your order. ', 8),
              now() - make_interval(secs => i * 60)
         from enterprises e cross join generate_series(1, 5000) as i`,
    );
    await database.raw('analyze mail_outbox');
    await start(LIST_PROFILE ? listProfileDir : undefined);
    const list = await measureList(database, server!, listEnterpriseId, seeded);
    await server!.stop('SIGTERM');
    server = undefined;
    const { agent: _agent, expected: _expected, ...seed } = seeded;

    const result: ConversationsBench = {
      bot: {
        ...bot,
        ...(PROFILE ? { profile: summariseCpuProfiles(profileDir) } : {}),
        loadAverage: [botLoadStart, botLoadEnd],
      },
      list: {
        ...list,
        seed,
        ...(LIST_PROFILE ? { profile: summariseCpuProfiles(listProfileDir) } : {}),
        settings: HTTP,
        loadAverage: [listLoadStart, load1()],
      },
    };
    process.stdout.write(`${JSON.stringify({ conversations: result })}\n`);
  } catch (error) {
    if (server) process.stderr.write(`server output:\n${server.output()}\n`);
    throw error;
  } finally {
    await server?.stop('SIGKILL');
    await fake?.close();
    await database.close();
    const keep = process.env.PARLEY_BENCH_KEEP_PROFILE;
    for (const dir of keep ? [profileDir, listProfileDir] : [])
      if (fs.existsSync(dir)) fs.cpSync(dir, path.join(keep!, path.basename(dir)), { recursive: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
