import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import WebSocket from 'ws';
import { AUTH_HEADER } from '@parley/contracts/constants';
import { conversationEvents, defaultWorkingHours, type AgentSelf } from '@parley/contracts/conversations';
import { REALTIME_PROTOCOL } from '@parley/contracts/realtime';
import type { Database } from '../src/db/client';
import { sessions, users } from '../src/db/schema/platform';
import { hashPassword } from '../src/platform/passwords';
import { randomToken, sha256 } from '../src/platform/secrets';
import { openPostgresTestDatabase, postgresAvailable } from '../test/test-database';
import { spawnLoadMeta, type LoadMeta } from '../test/fake-vendors/meta-load';
import {
  customer,
  messagesChange,
  metaMessage,
  metaWebhookBody,
  signedMetaWebhook,
} from '../test/fake-vendors/meta-webhooks';
import { processApi, startServerProcess, type ServerProcess } from '../test/server-process';
import { LOAD_PASSWORD, createLoadChannel, seedAdministrator } from '../test/broadcast-load-kit';
import { runBenchScript, type ReadyMessage } from './bench-child';
import { summariseCpuProfiles } from './cpu-profile';

/**
 * The realtime figures of issue 18, in its own process (`npm run bench` runs it through
 * measureRealtime; alone: `cd server && npx tsx bench/realtime.ts`). Black-box: Parley as a real
 * server process (src/main.ts) on a fresh PostgreSQL database; this process holds the agent
 * consoles as websocket clients and posts the customers' messages as signed Meta webhooks.
 *
 * 1. PARLEY_BENCH_REALTIME_CONSOLES (5,000) agents of one department, one session each, each
 *    console subscribed as the web console subscribes (`resume` with its AgentSelf.topics) until
 *    `ready`. The server's RSS and heap (after a forced collection) before and after, ÷ consoles.
 * 2. PARLEY_BENCH_REALTIME_CUSTOMERS (20) customers open their chats (not measured; ten agents are
 *    online, so the chats are assigned), then write PARLEY_BENCH_REALTIME_RATE (2) messages a second
 *    for PARLEY_BENCH_REALTIME_SECONDS (30), round robin; from each POST to its `conversation.updated`
 *    on PARLEY_BENCH_REALTIME_SAMPLE (100) consoles spread over the connection order: p50 and p99.
 *    Every console counts its events, so a lost one shows.
 * 3. The baseline in the same run: bare `ws` (bench/bare-ws-server.ts, its own process) holding as
 *    many sockets and sent the same events (Parley's payload, the same text) by an HTTP POST,
 *    measured the same way. The ratio is bare p99 / Parley p99.
 * PARLEY_BENCH_REALTIME_PROFILE=1 also CPU-profiles both servers during the measured messages and
 * prints where their time went. Prints one JSON line `{"realtime": …}` (or `{"skipped": …}`).
 */

const envCount = (name: string, fallback: number, min = 1) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value < min)
    throw new Error(`${name} must be a whole number of at least ${min} (it was ${process.env[name]})`);
  return value;
};
const CONSOLES = envCount('PARLEY_BENCH_REALTIME_CONSOLES', 5_000);
const CUSTOMERS = envCount('PARLEY_BENCH_REALTIME_CUSTOMERS', 20);
/**
 * Every message reaches every console, so 2 a second is 10,000 frames a second: a quarter of what
 * bare ws sustained on the 2-core machine of docs/benchmarks.md. At 20 a second bare ws fell
 * behind too (p99 17 s) and the figure measured a queue, not a latency.
 */
const RATE = envCount('PARLEY_BENCH_REALTIME_RATE', 2);
const SECONDS = envCount('PARLEY_BENCH_REALTIME_SECONDS', 30);
const SAMPLE = Math.min(CONSOLES, envCount('PARLEY_BENCH_REALTIME_SAMPLE', 100));
const PROFILE = ['1', 'true', 'yes'].includes(process.env.PARLEY_BENCH_REALTIME_PROFILE ?? '');
/** Agents set online, so the chats are assigned and every message also updates an owner's counts. */
const ONLINE_AGENTS = Math.min(CONSOLES, 10);
/** Sockets opening at once (each one costs the server a session lookup and a topic check). */
const CONNECTING = 100;
/** How long delivery may stall before the missing events are counted as lost. */
const DELIVERY_STALL_MS = 15_000;
const EMAIL = 'realtime-bench@bench.local';
const UPDATED = conversationEvents.updated;
/** How an event frame of that name starts once serialised, by Parley and by the baseline alike. */
const UPDATED_MARK = `"name":"${UPDATED}"`;
const MESSAGE_TEXT = 'Where is my order? #';
const PROBE_ARGS = [
  '--expose-gc',
  '--import',
  'tsx',
  '--import',
  fileURLToPath(new URL('./server-probe.ts', import.meta.url)),
];

export interface RealtimeSide {
  connectSeconds: number;
  memory: {
    /** RSS and V8 heap in MB (after a forced collection): no console, all connected, after the messages. */
    rssMb: [number, number, number];
    heapMb: [number, number, number];
    /** (all connected − none) ÷ consoles, in KB (1024 bytes). */
    rssPerConsoleKb: number;
    heapPerConsoleKb: number;
    /** (after the messages − none) ÷ consoles: what a socket keeps of the events it was sent. */
    rssPerConsoleAfterKb: number;
    heapPerConsoleAfterKb: number;
  };
  /** From the POST to the event on a sampled console, ms; `first`: to the first sampled console of each message. */
  latency: { p50: number; p99: number; max: number; samples: number; first: { p50: number; p99: number } };
  /** Events counted on all consoles during the measured messages, and how many were due. */
  delivered: number;
  expected: number;
  /**
   * Seconds from the last chat's event on every console until the server was idle: the live counts
   * of every agent of the department that each new chat in the queue asks for.
   */
  settleSeconds: number;
  /** CPU seconds of the server process and of this one (the consoles) over the measured messages, and wall seconds. */
  cpu: { server: number; consoles: number; seconds: number };
}

export interface RealtimeBench {
  consoles: number;
  sampled: number;
  customers: number;
  rate: number;
  messages: number;
  /** The topics every console subscribed to (what GET /api/conversations/agent-status gave). */
  topics: string[];
  /** Bytes of one `conversation.updated` frame as the consoles received it. */
  frameBytes: number;
  parley: RealtimeSide;
  bare: RealtimeSide;
  /** bare p99 / Parley p99 */
  ratio: number;
  openFilesLimit: number;
  /** With PARLEY_BENCH_REALTIME_PROFILE: where each server's CPU time went during the measured messages. */
  profile?: string[];
  loadAverage: [number, number];
}

const mb = (bytes: number) => +(bytes / 2 ** 20).toFixed(1);
const kbEach = (after: number, before: number) => +((after - before) / 1024 / CONSOLES).toFixed(1);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const step = (text: string) => process.stderr.write(`  realtime: ${text}\n`);

function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return 0;
  return +sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!.toFixed(1);
}

/** The soft limit on open files: every console is a socket in this process and one in the server's. */
function openFilesLimit(): number {
  const line = fs
    .readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((text) => text.startsWith('Max open files'));
  const limit = Number(line?.split(/\s{2,}/)[1]);
  return Number.isFinite(limit) ? limit : Infinity;
}

/** User + system CPU seconds a process has used (/proc/<pid>/stat, in clock ticks of 1/100 s). */
function cpuOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function rssOf(pid: number): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((text) => text.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) * 1024;
}

/**
 * Waits until a process has settled (under 5 % of a core for half a second): the counts that the
 * chats opening left to publish must not be charged to the measured messages.
 */
async function settled(pid: number) {
  for (let quiet = 0, waited = 0; quiet < 2; waited += 250) {
    if (waited > 600_000) throw new Error('the server was still busy ten minutes after the chats opened');
    const before = cpuOf(pid);
    await sleep(250);
    quiet = cpuOf(pid) - before < 0.0125 ? quiet + 1 : 0;
  }
}

/** A server process started with PROBE_ARGS: its pid and the directory its probe answers in. */
interface Probed {
  pid: number;
  probeDir: string;
}

/** Asks a server through bench/server-probe.ts (a command file and SIGUSR2) and waits for the answer. */
async function probe(target: Probed, command: 'memory' | 'profile-start' | 'profile-stop'): Promise<unknown> {
  const answer = path.join(target.probeDir, 'answer.json');
  fs.rmSync(answer, { force: true });
  fs.writeFileSync(path.join(target.probeDir, 'command'), command);
  process.kill(target.pid, 'SIGUSR2');
  for (let waited = 0; !fs.existsSync(answer); waited += 20) {
    if (waited > 30_000) throw new Error(`the server did not answer the probe (${command})`);
    await sleep(20);
  }
  return JSON.parse(fs.readFileSync(answer, 'utf8')) as unknown;
}

interface Memory {
  rss: number;
  heap: number;
}

async function memoryOf(target: Probed): Promise<Memory> {
  const usage = (await probe(target, 'memory')) as NodeJS.MemoryUsage;
  return { rss: rssOf(target.pid), heap: usage.heapUsed };
}

function memoryFigures(before: Memory, connected: Memory, after: Memory): RealtimeSide['memory'] {
  return {
    rssMb: [mb(before.rss), mb(connected.rss), mb(after.rss)],
    heapMb: [mb(before.heap), mb(connected.heap), mb(after.heap)],
    rssPerConsoleKb: kbEach(connected.rss, before.rss),
    heapPerConsoleKb: kbEach(connected.heap, before.heap),
    rssPerConsoleAfterKb: kbEach(after.rss, before.rss),
    heapPerConsoleAfterKb: kbEach(after.heap, before.heap),
  };
}

/**
 * Consoles as websocket clients of one server. Sampled consoles parse every frame and report each
 * `conversation.updated` with its arrival time; the others only count theirs, so that this process
 * spends its time on the few it measures.
 */
interface Consoles {
  /** `conversation.updated` events per console since the last reset. */
  counts: Int32Array;
  reset(): void;
  close(): void;
}

interface ConsoleOptions {
  url: string;
  /** The subprotocols of console `index` (Parley: `parley` and its session token). */
  protocols?: (index: number) => string[];
  /** Parley's consoles send `resume` with their topics on open and wait for `ready`. */
  topics?: string[];
  sampled: ReadonlySet<number>;
  /** A sampled console's `conversation.updated`: its payload, arrival time and size on the wire. */
  onEvent: (payload: unknown, at: number, bytes: number) => void;
}

function openConsole(index: number, options: ConsoleOptions, counts: Int32Array): Promise<WebSocket> {
  const socket = new WebSocket(`${options.url}/api/ws`, options.protocols?.(index) ?? [], { perMessageDeflate: false });
  const sampled = options.sampled.has(index);
  return new Promise((resolve, reject) => {
    let ready = !options.topics;
    socket.on('message', (data: Buffer) => {
      const at = performance.now();
      if (!sampled && ready) {
        if (data.includes(UPDATED_MARK)) counts[index]! += 1;
        return;
      }
      const frame = JSON.parse(data.toString()) as { type: string; name?: string; payload?: unknown };
      if (frame.type === 'ready' && !ready) {
        ready = true;
        resolve(socket);
      } else if (frame.type === 'event' && frame.name === UPDATED) {
        counts[index]! += 1;
        if (sampled) options.onEvent(frame.payload, at, data.length);
      }
    });
    socket.once('open', () => {
      if (options.topics) socket.send(JSON.stringify({ type: 'resume', topics: options.topics }));
      else resolve(socket);
    });
    socket.once('error', reject);
    socket.once('close', (code) => {
      if (!ready) reject(new Error(`console ${index} was closed (${code}) before it was ready`));
    });
  });
}

async function openConsoles(options: ConsoleOptions): Promise<Consoles> {
  const counts = new Int32Array(CONSOLES);
  const sockets: WebSocket[] = [];
  let next = 0;
  const worker = async () => {
    while (next < CONSOLES) {
      const index = next++;
      sockets[index] = await openConsole(index, options, counts);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONNECTING, CONSOLES) }, worker));
  return {
    counts,
    reset: () => counts.fill(0),
    close: () => {
      for (const socket of sockets) socket.terminate();
    },
  };
}

/** Every `CONSOLES / SAMPLE`-th console, so the sample spans the order in which a server fans out. */
const sampled = new Set(Array.from({ length: SAMPLE }, (_, index) => Math.floor((index * CONSOLES) / SAMPLE)));

const sum = (counts: Int32Array) => counts.reduce((total, count) => total + count, 0);

/** Waits until every console has `each` events, or delivery stalls; answers the events counted. */
async function waitForDelivery(consoles: Consoles, each: number): Promise<number> {
  const due = consoles.counts.length * each;
  let seen = -1;
  let since = performance.now();
  for (;;) {
    const now = sum(consoles.counts);
    if (now >= due) return now;
    if (now !== seen) {
      seen = now;
      since = performance.now();
    } else if (performance.now() - since > DELIVERY_STALL_MS) return now;
    await sleep(20);
  }
}

/** The number in an updated conversation's last message (`… #17`). */
function numberOf(payload: unknown): number | undefined {
  const text = (payload as { conversation?: { lastMessage?: { text?: string } } }).conversation?.lastMessage?.text;
  const match = /#(\d+)$/.exec(text ?? '');
  return match ? Number(match[1]) : undefined;
}

/** Arrival times of sampled events against the time their message was posted, by its number. */
function createClock() {
  const postedAt = new Map<number, number>();
  let latencies: number[] = [];
  let firsts = new Map<number, number>();
  return {
    posted: (seq: number) => postedAt.set(seq, performance.now()),
    arrived(payload: unknown, at: number) {
      const seq = numberOf(payload);
      const posted = seq === undefined ? undefined : postedAt.get(seq);
      if (posted === undefined) return;
      latencies.push(at - posted);
      firsts.set(seq!, Math.min(firsts.get(seq!) ?? Infinity, at - posted));
    },
    /** Forgets what was measured so far (the warm-up). */
    restart() {
      latencies = [];
      firsts = new Map();
    },
    summary(): RealtimeSide['latency'] {
      const sorted = [...latencies].sort((a, b) => a - b);
      const first = [...firsts.values()].sort((a, b) => a - b);
      return {
        p50: percentile(sorted, 0.5),
        p99: percentile(sorted, 0.99),
        max: percentile(sorted, 1),
        samples: sorted.length,
        first: { p50: percentile(first, 0.5), p99: percentile(first, 0.99) },
      };
    },
  };
}

/**
 * Posts messages `first` … `first + count - 1` at RATE a second (on a schedule, not one after the
 * other: a slow answer does not slow the next message), then waits for their delivery.
 */
async function drive(
  consoles: Consoles,
  options: { first: number; count: number; post: (seq: number) => Promise<void> },
): Promise<number> {
  consoles.reset();
  const start = performance.now();
  const posts: Promise<void>[] = [];
  for (let index = 0; index < options.count; index += 1) {
    const wait = start + (index * 1000) / RATE - performance.now();
    if (wait > 0) await sleep(wait);
    posts.push(options.post(options.first + index));
  }
  await Promise.all(posts);
  return waitForDelivery(consoles, options.count);
}

/** A server under test: where its consoles connect, how a message reaches it, and its probe. */
interface Target extends Probed {
  name: string;
  wsUrl: string;
  protocols?: (index: number) => string[];
  topics?: string[];
  /** Sends customer message `seq`; the clock is told the moment it goes. */
  post(seq: number, clock: ReturnType<typeof createClock>): Promise<void>;
}

/**
 * The same steps for Parley and the baseline: memory before, the consoles, memory again, the chats
 * opening (not measured), the measured messages (profiled when asked), memory after.
 */
async function measure(target: Target) {
  const clock = createClock();
  let payload: unknown;
  let frameBytes = 0;
  const before = await memoryOf(target);
  step(`${CONSOLES.toLocaleString('en-US')} consoles connecting to ${target.name}`);
  const connectStart = performance.now();
  const consoles = await openConsoles({
    url: target.wsUrl,
    protocols: target.protocols,
    topics: target.topics,
    sampled,
    onEvent: (event, at, bytes) => {
      payload = event;
      frameBytes = bytes;
      clock.arrived(event, at);
    },
  });
  try {
    const connectSeconds = (performance.now() - connectStart) / 1000;
    const connected = await memoryOf(target);
    const post = (seq: number) => target.post(seq, clock);
    step(`${CUSTOMERS} customers open their chats (not measured)`);
    const opened = await drive(consoles, { first: 0, count: CUSTOMERS, post });
    if (opened !== CONSOLES * CUSTOMERS)
      throw new Error(`${target.name}: ${opened} of ${CONSOLES * CUSTOMERS} events arrived while the chats opened`);
    const settling = performance.now();
    await settled(target.pid);
    const settleSeconds = +((performance.now() - settling) / 1000).toFixed(1);
    clock.restart();
    const messages = RATE * SECONDS;
    step(`${messages} customer messages at ${RATE}/s`);
    if (PROFILE) await probe(target, 'profile-start');
    const server = cpuOf(target.pid);
    const own = process.cpuUsage();
    const start = performance.now();
    const delivered = await drive(consoles, { first: CUSTOMERS, count: messages, post });
    const used = process.cpuUsage(own);
    const cpu = {
      server: +(cpuOf(target.pid) - server).toFixed(2),
      consoles: +((used.user + used.system) / 1e6).toFixed(2),
      seconds: +((performance.now() - start) / 1000).toFixed(1),
    };
    if (PROFILE) await probe(target, 'profile-stop');
    const latency = clock.summary();
    step(
      `${target.name}: p50 ${latency.p50} ms, p99 ${latency.p99} ms (first console p50 ${latency.first.p50} ms); ` +
        `${delivered} of ${CONSOLES * messages} events; CPU s: server ${cpu.server}, consoles ${cpu.consoles} in ${cpu.seconds} s`,
    );
    const after = await memoryOf(target);
    const side: RealtimeSide = {
      connectSeconds: +connectSeconds.toFixed(1),
      memory: memoryFigures(before, connected, after),
      latency,
      delivered,
      expected: CONSOLES * messages,
      settleSeconds,
      cpu,
    };
    return { side, payload, frameBytes };
  } finally {
    consoles.close();
  }
}

/** N agents (role Handle Chats) and one session each, written straight into the database. */
async function seedAgents(db: Database['db'], enterpriseId: string) {
  const passwordHash = await hashPassword(LOAD_PASSWORD, 10);
  const agents: { id: string; token: string }[] = [];
  for (let from = 0; from < CONSOLES; from += 1000) {
    const made = await db
      .insert(users)
      .values(
        Array.from({ length: Math.min(1000, CONSOLES - from) }, (_, offset) => ({
          enterpriseId,
          email: `agent-${from + offset}@bench.local`,
          name: `Agent ${from + offset}`,
          passwordHash,
          roles: [3],
        })),
      )
      .returning({ id: users.id });
    const batch = made.map((row) => ({ id: row.id, token: randomToken() }));
    await db.insert(sessions).values(
      batch.map(({ id, token }) => ({
        userId: id,
        enterpriseId,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
      })),
    );
    agents.push(...batch);
  }
  return agents;
}

/** A call as one agent (their session token). */
async function asAgent<T>(server: ServerProcess, token: string, method: string, url: string, body?: unknown) {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: { [AUTH_HEADER]: token, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await response.json()) as { status: boolean; data: T; message: string };
  if (!json.status) throw new Error(`${method} ${url}: ${response.status} ${json.message}`);
  return json.data;
}

/**
 * The Parley half: a department of agents with a session each, a Meta channel whose Chat Config
 * sends every chat to that department's people (no bot, no automatic notice), ten agents online;
 * every customer message a signed webhook of the channel.
 */
async function measureParley(database: Database & { url: string }, fake: LoadMeta, dataDir: string) {
  const probeDir = fs.mkdtempSync(path.join(dataDir, 'parley-probe-'));
  const server = await startServerProcess({
    dataDir,
    databaseUrl: database.url,
    env: {
      PARLEY_VENDOR_BASE_URLS: JSON.stringify({ metaCloud: fake.baseUrl }),
      PARLEY_OUTBOUND_ALLOW: '127.0.0.1',
      PARLEY_PROBE_DIR: probeDir,
    },
    nodeArgs: PROBE_ARGS,
  });
  try {
    const api = processApi(() => server.url);
    const enterpriseId = await seedAdministrator(database.db, EMAIL);
    await api.signIn(EMAIL, LOAD_PASSWORD);
    step(`${CONSOLES.toLocaleString('en-US')} agents, a department, a Meta channel and its Chat Config`);
    const agents = await seedAgents(database.db, enterpriseId);
    const department = await api.call<{ id: string }>('POST', '/api/departments', { name: 'Support' });
    for (let from = 0; from < agents.length; from += 500)
      await api.call('PUT', `/api/departments/${department.id}/add_users`, {
        users: agents.slice(from, from + 500).map((agent) => agent.id),
      });
    const channel = await createLoadChannel(api, fake, { messagesPerSecond: 80, name: 'Realtime' });
    await api.call('PUT', `/api/chat-config/${channel.id}`, {
      botAgentId: null,
      departmentId: department.id,
      workingHours: defaultWorkingHours,
      outOfHoursMessage: '',
      inactivityMinutes: 0,
      missedMessage: '',
      handoffMessage: '',
      handoffKeywords: [],
      offerAgentButton: false,
      handoffAfterMisses: 0,
    });
    for (const agent of agents.slice(0, ONLINE_AGENTS))
      await asAgent(server, agent.token, 'PUT', '/api/conversations/agent-status', { agentStatus: 'online' });
    const { topics } = await asAgent<AgentSelf>(server, agents[0]!.token, 'GET', '/api/conversations/agent-status');

    const { account } = fake;
    const numbers = Array.from({ length: CUSTOMERS }, (_, index) => `+9197${String(index).padStart(8, '0')}`);
    const result = await measure({
      name: 'Parley',
      pid: server.pid,
      probeDir,
      wsUrl: server.url.replace(/^http/, 'ws'),
      protocols: (index) => [REALTIME_PROTOCOL, agents[index]!.token],
      topics,
      async post(seq, clock) {
        const number = numbers[seq % CUSTOMERS]!;
        const sender = { from: number, contact: customer(number, `Customer ${seq % CUSTOMERS}`) };
        const body = metaWebhookBody([
          {
            wabaId: account.wabaId,
            changes: [messagesChange(account, sender, [metaMessage.text(`${MESSAGE_TEXT}${seq}`)])],
          },
        ]);
        const signed = signedMetaWebhook(body, account.appSecret);
        clock.posted(seq);
        const response = await fetch(`${server.url}${channel.webhookPath}`, {
          method: 'POST',
          headers: signed.headers,
          body: signed.payload,
        });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`the webhook answered ${response.status}`);
      },
    });
    await server.stop('SIGTERM');
    return { ...result, topics, profileDir: path.join(probeDir, 'profiles') };
  } finally {
    await server.stop('SIGKILL');
  }
}

/** bench/bare-ws-server.ts in its own process, once it listens. */
async function startBare(probeDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(fileURLToPath(new URL('./bare-ws-server.ts', import.meta.url)), {
    execArgv: PROBE_ARGS,
    env: { ...process.env, PARLEY_PROBE_DIR: probeDir },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (message: ReadyMessage) => resolve(message.url));
    child.once('exit', (code) => reject(new Error(`the bare ws server stopped (${code})`)));
  });
  return { child, url };
}

/** The baseline half: the same consoles, events and timing against bare `ws`. */
async function measureBare(payload: unknown, dataDir: string) {
  const probeDir = fs.mkdtempSync(path.join(dataDir, 'bare-probe-'));
  const bare = await startBare(probeDir);
  const exited = new Promise((resolve) => bare.child.once('exit', resolve));
  try {
    const { conversation } = payload as { conversation: { lastMessage: object } };
    const result = await measure({
      name: 'bare ws',
      pid: bare.child.pid!,
      probeDir,
      wsUrl: bare.url.replace(/^http/, 'ws'),
      async post(seq, clock) {
        // Parley's payload with this message's text, so both send frames of the same size.
        const lastMessage = { ...conversation.lastMessage, text: `${MESSAGE_TEXT}${seq}` };
        const body = JSON.stringify({ name: UPDATED, payload: { conversation: { ...conversation, lastMessage } } });
        clock.posted(seq);
        const response = await fetch(`${bare.url}/broadcast`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`the bare server answered ${response.status}`);
      },
    });
    return { ...result, profileDir: path.join(probeDir, 'profiles') };
  } finally {
    bare.child.send({ type: 'stop' });
    await exited;
  }
}

async function main() {
  if (!(await postgresAvailable())) {
    process.stdout.write(`${JSON.stringify({ skipped: 'no PostgreSQL answered at PARLEY_TEST_PG_URL' })}\n`);
    return;
  }
  const limit = openFilesLimit();
  if (limit < CONSOLES + 500)
    throw new Error(`${CONSOLES} consoles need more open files than this shell allows (ulimit -n ${limit})`);
  const loadStart = os.loadavg()[0] ?? 0;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-realtime-'));
  const database = await openPostgresTestDatabase();
  let fake: LoadMeta | undefined;
  try {
    fake = await spawnLoadMeta();
    const parley = await measureParley(database, fake, dataDir);
    const bare = await measureBare(parley.payload, dataDir);
    const result: RealtimeBench = {
      consoles: CONSOLES,
      sampled: SAMPLE,
      customers: CUSTOMERS,
      rate: RATE,
      messages: RATE * SECONDS,
      topics: parley.topics,
      frameBytes: parley.frameBytes,
      parley: parley.side,
      bare: bare.side,
      ratio: +(bare.side.latency.p99 / parley.side.latency.p99).toFixed(2),
      openFilesLimit: limit,
      ...(PROFILE
        ? {
            profile: [
              'Parley:',
              ...summariseCpuProfiles(parley.profileDir),
              'bare ws:',
              ...summariseCpuProfiles(bare.profileDir),
            ],
          }
        : {}),
      loadAverage: [+loadStart.toFixed(2), +(os.loadavg()[0] ?? 0).toFixed(2)],
    };
    process.stdout.write(`${JSON.stringify({ realtime: result })}\n`);
  } finally {
    await fake?.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Runs this file in its own process (it starts its own server processes and database) and reads
 * its JSON line; `pgAdminUrl` is where it makes its database.
 */
export function measureRealtime(pgAdminUrl: string): RealtimeBench | { skipped: string } {
  return runBenchScript(fileURLToPath(import.meta.url), 'realtime', pgAdminUrl);
}

// bench/run.ts imports this file for measureRealtime; run as a script, it measures.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
