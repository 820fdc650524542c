import http from 'node:http';
import autocannon from 'autocannon';
import path from 'node:path';
import { fork, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { signBody, whatsAppCallback } from '../../src/platform/messaging/whatsapp-webhooks';
import type { DeliveryStatus } from '../../src/platform/messaging/vendor-adapter';
import type { FakeMetaAccount } from './meta';

/**
 * A fast fake WhatsApp Cloud API for load: the reliability tests and the broadcast benchmark. It
 * speaks only what a broadcast and a chat bot need — POST /v23.0/{phone-number-id}/messages of a
 * template or a text reply with the Bearer token (answering Meta's
 * `{messaging_product, contacts, messages:[{id:'wamid.…'}]}`), template
 * creation answered APPROVED at once, the template list for Sync and the phone number GET — and
 * counts: sends accepted per number (a number accepted twice is a duplicate message), message
 * requests per calendar second (pacing), injected failures. It can also play Meta's webhooks:
 * status callbacks (sent, delivered, read) for the messages it accepted, signed with the app
 * secret (X-Hub-Signature-256), posted as fast as the server takes them. It can play customers
 * writing in, too: inbound text messages from distinct numbers at a fixed rate, each timed until
 * the first reply to its number arrives (a bot's answer, from webhook in to reply out).
 *
 * `spawnLoadMeta()` runs it in a child process of its own, so the caller's event loop (a test
 * runner or a benchmark) is never the bottleneck; `startLoadMeta()` runs it in-process.
 * Meta's full behaviour (shapes, errors, templates) is the other fake, `meta.ts`.
 */

export interface LoadMetaOptions {
  account?: Partial<FakeMetaAccount>;
  /** Share (0–1) of message requests answered with a retryable error instead of a message id. */
  failureRate?: number;
  /** The retryable error injected: throughput 130429 (HTTP 400), maintenance 131057, or a 500. */
  failureKind?: 'throughput' | 'maintenance' | 'server';
}

export interface LoadMetaStats {
  /** Message requests (POST …/messages), whatever the answer. */
  requests: number;
  /** Message requests answered with a message id. */
  accepted: number;
  /** Message requests answered with an injected failure. */
  injectedFailures: number;
  /** Message requests refused as malformed or unauthorised (should stay 0). */
  refused: number;
  /** Numbers accepted at least once. */
  distinctNumbers: number;
  /** Numbers accepted more than once (each a duplicate message a customer would see). */
  duplicateNumbers: number;
  /** Sends beyond the first per number. */
  duplicateSends: number;
  /** Up to 20 numbers accepted more than once, with how often. */
  duplicateExamples: { phone: string; times: number }[];
  /** Message requests per calendar second (epoch second → count), in order. */
  perSecond: [number, number][];
  /** Time of the first and the last message request (ms since the epoch), 0 when none. */
  firstAt: number;
  lastAt: number;
  /** Refusals, for a readable failure (the first 5). */
  refusals: string[];
}

export interface PostStatusesOptions {
  /** The channel's webhook URL on the running server (http://127.0.0.1:<port>/api/webhooks/channels/<key>). */
  url: string;
  /** Which accepted messages (in the order they were accepted): from `offset`, `count` of them (default all). */
  offset?: number;
  count?: number;
  /** The statuses each message gets, in their natural order (timestamps increase in this order). */
  statuses: DeliveryStatus[];
  /** How often each callback is delivered (Meta retries; a replay must change nothing). */
  copies?: number;
  /** Deliver all callbacks in a random order instead of message by message. */
  shuffle?: boolean;
  /** Callbacks in flight at once. */
  concurrency?: number;
  /** Answer the vendor message ids targeted (leave off for big runs). */
  returnIds?: boolean;
}

export interface PostStatusesResult {
  /** Callbacks posted, copies included. */
  posted: number;
  /** Answered 2xx. */
  ok: number;
  /** Answers other than 2xx or broken connections, with the first few reasons. */
  failed: number;
  failures: string[];
  /** First request to last answer. */
  seconds: number;
  /** Answer times in milliseconds (autocannon's histogram: whole milliseconds). */
  latency: { p50: number; p99: number; max: number };
  ids?: string[];
}

export interface PostInboundOptions {
  /** The channel's webhook URL on the running server. */
  url: string;
  /** One customer per number (E.164), each writing one text message; numbers not replied to before. */
  numbers: string[];
  /** The messages' texts, used in turn. */
  texts: string[];
  /**
   * Messages posted per second, evenly spaced. An open loop: a slow answer never holds the next
   * message back, so a server that falls behind shows it in the reply times.
   */
  rate: number;
  /** How long to wait for the last replies once the last message is posted. */
  waitMs: number;
}

export interface PostInboundResult {
  posted: number;
  /** Webhook posts answered 2xx. */
  ok: number;
  /** Other answers and broken connections, with the first few reasons. */
  failed: number;
  failures: string[];
  /** Numbers whose first reply arrived within the wait. */
  answered: number;
  /** First message posted to the last reply arrived. */
  seconds: number;
  /** First to last message posted (count / rate when the fake keeps up). */
  postSeconds: number;
  /** Milliseconds from a message's post to the arrival of its number's first reply (answered ones). */
  latency: { p50: number; p99: number; max: number };
  /** Milliseconds until the webhook answered the post. */
  webhookLatency: { p50: number; p99: number; max: number };
}

export interface LoadMeta {
  /** http://127.0.0.1:<port> */
  url: string;
  /** The Graph API base for PARLEY_VENDOR_BASE_URLS `{"metaCloud": baseUrl}`. */
  baseUrl: string;
  account: FakeMetaAccount;
  /** Channel credentials (the `data` of POST /api/channels with vendor 19). */
  credentials(): Record<string, string>;
  stats(): Promise<LoadMetaStats>;
  /** Every number accepted at least once, E.164 with the plus. */
  acceptedNumbers(): Promise<string[]>;
  /** Changes the share of injected failures from now on. */
  setFailureRate(rate: number): Promise<void>;
  postStatuses(options: PostStatusesOptions): Promise<PostStatusesResult>;
  /** Customers write in: see PostInboundOptions. */
  postInbound(options: PostInboundOptions): Promise<PostInboundResult>;
  /** Forgets every count and message. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

const defaults: FakeMetaAccount = {
  phoneNumberId: '106540352242922',
  wabaId: '102290129340398',
  accessToken: 'EAAfake-load-token',
  appId: '1234567890',
  appSecret: 'fake-load-app-secret',
  displayPhoneNumber: '+91 98765 43210',
  verifiedName: 'Parley Load Test',
};

const failureBodies = {
  throughput: {
    status: 400,
    error: {
      message: '(#130429) Rate limit hit',
      code: 130429,
      details: 'Cloud API message throughput has been reached.',
    },
  },
  maintenance: {
    status: 400,
    error: {
      message: '(#131057) Account in maintenance mode',
      code: 131057,
      details: 'Business Account is in maintenance mode',
    },
  },
  server: {
    status: 500,
    error: {
      message: 'Something went wrong',
      code: 131000,
      details: 'Message failed to send due to an unknown error.',
    },
  },
} as const;

interface Core {
  url: string;
  account: FakeMetaAccount;
  stats(): LoadMetaStats;
  acceptedNumbers(): string[];
  setFailureRate(rate: number): void;
  postStatuses(options: PostStatusesOptions): Promise<PostStatusesResult>;
  postInbound(options: PostInboundOptions): Promise<PostInboundResult>;
  reset(): void;
  close(): Promise<void>;
}

/** Nearest-rank percentiles (autocannon's definition) of times in milliseconds. */
function percentiles(times: Float64Array) {
  const sorted = times.slice().sort();
  const rank = (quantile: number) => sorted[Math.max(0, Math.ceil(quantile * sorted.length) - 1)] ?? 0;
  const round = (value: number) => +value.toFixed(2);
  return { p50: round(rank(0.5)), p99: round(rank(0.99)), max: round(sorted.at(-1) ?? 0) };
}

function shuffleInPlace<T>(items: T[]) {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
}

async function startCore(options: LoadMetaOptions): Promise<Core> {
  const account: FakeMetaAccount = { ...defaults, ...options.account };
  let failureRate = options.failureRate ?? 0;
  const failure = failureBodies[options.failureKind ?? 'throughput'];

  let requests = 0;
  let injectedFailures = 0;
  const refusals: string[] = [];
  let refused = 0;
  let firstAt = 0;
  let lastAt = 0;
  const perSecond = new Map<number, number>();
  /** Number (digits) → times accepted. */
  const acceptedBy = new Map<string, number>();
  /** Accepted messages in order: [wamid, number digits]. */
  const messages: [string, string][] = [];
  /** Number (digits) → when the first text message to it arrived (performance.now()): a reply. */
  const firstReplyAt = new Map<string, number>();
  const templates: { id: string; name: string; language: string; category: string }[] = [];
  let counter = 0;
  const prefix = Date.now().toString(36);

  const reply = (response: http.ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    response.end(text);
  };
  const metaError = (response: http.ServerResponse, status: number, code: number, message: string, details = '') =>
    reply(response, status, {
      error: {
        message,
        type: 'OAuthException',
        code,
        error_data: { messaging_product: 'whatsapp', details },
        fbtrace_id: 'Aload',
      },
    });
  const refuse = (response: http.ServerResponse, why: string) => {
    refused += 1;
    if (refusals.length < 5) refusals.push(why);
    metaError(response, 400, 100, '(#100) Invalid parameter', why);
  };

  function sendMessage(response: http.ServerResponse, raw: string) {
    const arrived = performance.now();
    const now = Date.now();
    requests += 1;
    if (firstAt === 0) firstAt = now;
    lastAt = now;
    const second = Math.floor(now / 1000);
    perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
    let body: {
      messaging_product?: unknown;
      to?: unknown;
      type?: unknown;
      template?: { name?: unknown };
      text?: { body?: unknown };
    };
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      return refuse(response, 'The request body must be JSON');
    }
    if (body.messaging_product !== 'whatsapp') return refuse(response, 'messaging_product must be "whatsapp"');
    const to = String(body.to ?? '').replace(/^\+/, '');
    if (!/^\d{7,15}$/.test(to)) return refuse(response, `The parameter to (${String(body.to)}) is not a phone number`);
    const template = body.type === 'template' && typeof body.template?.name === 'string';
    const text = body.type === 'text' && typeof body.text?.body === 'string' && body.text.body.trim() !== '';
    if (!template && !text)
      return refuse(response, 'Only templates (template.name) and text replies (text.body) are taken here');
    if (failureRate > 0 && Math.random() < failureRate) {
      injectedFailures += 1;
      return metaError(response, failure.status, failure.error.code, failure.error.message, failure.error.details);
    }
    counter += 1;
    const id = `wamid.load${prefix}${counter.toString(36)}`;
    acceptedBy.set(to, (acceptedBy.get(to) ?? 0) + 1);
    messages.push([id, to]);
    if (text && !firstReplyAt.has(to)) firstReplyAt.set(to, arrived);
    reply(response, 200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: String(body.to), wa_id: to }],
      messages: [{ id, message_status: 'accepted' }],
    });
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake.local');
      const parts = url.pathname
        .replace(/^\/v\d+\.\d+/, '')
        .split('/')
        .filter(Boolean)
        .map(decodeURIComponent);
      const [id, edge] = parts;
      const raw = Buffer.concat(chunks).toString('utf8');
      const token = /^Bearer\s+(.+)$/i.exec(String(request.headers.authorization ?? ''))?.[1];
      if (token !== account.accessToken) {
        if (id === account.phoneNumberId && edge === 'messages') requests += 1;
        refused += 1;
        if (refusals.length < 5) refusals.push(`bad token on ${request.method} ${url.pathname}`);
        return metaError(response, 401, 190, 'Invalid OAuth access token - Cannot parse access token');
      }
      if (id === account.phoneNumberId && edge === 'messages' && request.method === 'POST')
        return sendMessage(response, raw);
      if (id === account.phoneNumberId && !edge && request.method === 'GET')
        return reply(response, 200, {
          id: account.phoneNumberId,
          display_phone_number: account.displayPhoneNumber,
          verified_name: account.verifiedName,
        });
      if (id === account.wabaId && edge === 'message_templates' && request.method === 'POST') {
        let body: { name?: unknown; language?: unknown; category?: unknown };
        try {
          body = JSON.parse(raw) as typeof body;
        } catch {
          return metaError(response, 400, 100, '(#100) Invalid parameter', 'The request body must be JSON');
        }
        const template = {
          id: `9${prefix}${templates.length + 1}`,
          name: String(body.name ?? ''),
          language: String(body.language ?? 'en_US'),
          category: String(body.category ?? 'UTILITY'),
        };
        templates.push(template);
        // Approved at once: a load test has no review to wait for.
        return reply(response, 200, { id: template.id, status: 'APPROVED', category: template.category });
      }
      if (id === account.wabaId && edge === 'message_templates' && request.method === 'GET') {
        const name = url.searchParams.get('name');
        const data = templates
          .filter((template) => !name || template.name === name)
          .map((template) => ({ ...template, status: 'APPROVED', rejected_reason: 'NONE' }));
        return reply(response, 200, { data });
      }
      return metaError(response, 400, 100, `Unsupported request ${request.method} ${url.pathname}`);
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function postStatuses(input: PostStatusesOptions): Promise<PostStatusesResult> {
    const offset = input.offset ?? 0;
    const chosen = messages.slice(offset, input.count === undefined ? undefined : offset + input.count);
    const copies = input.copies ?? 1;
    const base = Math.floor(Date.now() / 1000);
    // One callback per message, status and copy; timestamps increase sent → delivered → read.
    const jobs: { id: string; to: string; status: DeliveryStatus; timestamp: number }[] = [];
    for (const [id, to] of chosen)
      input.statuses.forEach((status, rank) => {
        for (let copy = 0; copy < copies; copy += 1) jobs.push({ id, to, status, timestamp: base + rank });
      });
    if (input.shuffle) shuffleInPlace(jobs);
    // Bodies and signatures are made before the clock starts (the vendor's own work), and the
    // callbacks go out through autocannon, whose client costs far less CPU than node:http's on the
    // cores Parley shares with it.
    const target = new URL(input.url);
    const prepared = jobs.map((job) => {
      const raw = JSON.stringify(
        whatsAppCallback(
          account.phoneNumberId,
          { statuses: [{ id: job.id, status: job.status, timestamp: job.timestamp, recipient_id: job.to }] },
          account.displayPhoneNumber,
        ),
      );
      return { raw, signature: signBody(account.appSecret, raw) };
    });
    let next = 0;
    let ok = 0;
    let failed = 0;
    const failures: string[] = [];
    const started = performance.now();
    let lastAnswerAt = started;
    const latency = { p50: 0, p99: 0, max: 0 };
    if (prepared.length > 0) {
      const result = await autocannon({
        url: target.origin,
        connections: Math.min(input.concurrency ?? 8, prepared.length),
        pipelining: 1,
        amount: prepared.length,
        timeout: 30,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              const item = prepared[next++ % prepared.length]!;
              return {
                ...request,
                method: 'POST',
                path: target.pathname,
                headers: { 'content-type': 'application/json', 'x-hub-signature-256': item.signature },
                body: item.raw,
              };
            },
            onResponse: (status, body) => {
              lastAnswerAt = performance.now();
              if (status >= 200 && status < 300) ok += 1;
              else {
                failed += 1;
                if (failures.length < 5) failures.push(`${status} ${body.slice(0, 200)}`);
              }
            },
          },
        ],
      });
      latency.p50 = result.latency.p50;
      latency.p99 = result.latency.p99;
      latency.max = result.latency.max;
      const lost = result.errors + result.timeouts;
      if (lost > 0) {
        failed += lost;
        failures.push(`${result.errors} connection errors, ${result.timeouts} timeouts`);
      }
    }
    // Until the last answer: autocannon itself only notices it is done at its next one-second tick.
    const seconds = (lastAnswerAt - started) / 1000;
    return {
      posted: jobs.length,
      ok,
      failed,
      failures,
      seconds,
      latency,
      ...(input.returnIds ? { ids: chosen.map(([id]) => id) } : {}),
    };
  }

  async function postInbound(input: PostInboundOptions): Promise<PostInboundResult> {
    const target = new URL(input.url);
    const timestamp = String(Math.floor(Date.now() / 1000));
    // Bodies and signatures before the clock starts (Meta's own work), as for status callbacks.
    const prepared = input.numbers.map((number, index) => {
      const digits = number.replace(/^\+/, '');
      const raw = JSON.stringify(
        whatsAppCallback(
          account.phoneNumberId,
          {
            contacts: [{ wa_id: digits, profile: { name: `Customer ${digits.slice(-4)}` } }],
            messages: [
              {
                from: digits,
                id: `wamid.in${prefix}${digits}`,
                timestamp,
                type: 'text',
                text: { body: input.texts[index % input.texts.length] },
              },
            ],
          },
          account.displayPhoneNumber,
        ),
      );
      return { digits, raw, signature: signBody(account.appSecret, raw) };
    });
    const agent = new http.Agent({ keepAlive: true });
    const postedAt = new Float64Array(prepared.length);
    const answerTimes = new Float64Array(prepared.length);
    let ok = 0;
    let failed = 0;
    const failures: string[] = [];
    const fail = (why: string) => {
      failed += 1;
      if (failures.length < 5) failures.push(why);
    };
    const started = performance.now();
    await new Promise<void>((resolve) => {
      let pending = prepared.length;
      const settle = () => {
        pending -= 1;
        if (pending === 0) resolve();
      };
      const post = (index: number) => {
        const item = prepared[index]!;
        postedAt[index] = performance.now();
        const request = http.request(
          {
            host: target.hostname,
            port: target.port,
            path: target.pathname,
            method: 'POST',
            agent,
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(item.raw),
              'x-hub-signature-256': item.signature,
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => {
              answerTimes[index] = performance.now() - postedAt[index]!;
              const status = response.statusCode ?? 0;
              if (status >= 200 && status < 300) ok += 1;
              else fail(`${status} ${Buffer.concat(chunks).toString('utf8').slice(0, 200)}`);
              settle();
            });
          },
        );
        request.on('error', (error) => {
          fail(error.message);
          settle();
        });
        request.end(item.raw);
      };
      // Message i is due at started + i / rate: every due one goes out at each tick.
      let next = 0;
      const tick = () => {
        const due = Math.min(prepared.length, Math.floor(((performance.now() - started) * input.rate) / 1000) + 1);
        while (next < due) post(next++);
        if (next < prepared.length)
          setTimeout(tick, Math.max(0, started + (next * 1000) / input.rate - performance.now()));
      };
      if (prepared.length === 0) resolve();
      else tick();
    });
    const postSeconds = ((prepared.length > 0 ? postedAt[prepared.length - 1]! : started) - started) / 1000;
    const deadline = performance.now() + input.waitMs;
    const unanswered = () => prepared.some((item) => !firstReplyAt.has(item.digits));
    while (unanswered() && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    agent.destroy();
    const latencies: number[] = [];
    let lastReply = started;
    prepared.forEach((item, index) => {
      const at = firstReplyAt.get(item.digits);
      if (at === undefined) return;
      latencies.push(at - postedAt[index]!);
      lastReply = Math.max(lastReply, at);
    });
    return {
      posted: prepared.length,
      ok,
      failed,
      failures,
      answered: latencies.length,
      seconds: (lastReply - started) / 1000,
      postSeconds,
      latency: percentiles(Float64Array.from(latencies)),
      webhookLatency: percentiles(answerTimes),
    };
  }

  return {
    url,
    account,
    stats() {
      let duplicateNumbers = 0;
      let duplicateSends = 0;
      const duplicateExamples: { phone: string; times: number }[] = [];
      for (const [phone, times] of acceptedBy) {
        if (times < 2) continue;
        duplicateNumbers += 1;
        duplicateSends += times - 1;
        if (duplicateExamples.length < 20) duplicateExamples.push({ phone: `+${phone}`, times });
      }
      return {
        requests,
        accepted: messages.length,
        injectedFailures,
        refused,
        distinctNumbers: acceptedBy.size,
        duplicateNumbers,
        duplicateSends,
        duplicateExamples,
        perSecond: [...perSecond.entries()].sort((a, b) => a[0] - b[0]),
        firstAt,
        lastAt,
        refusals,
      };
    },
    acceptedNumbers: () => [...acceptedBy.keys()].map((digits) => `+${digits}`),
    setFailureRate(rate) {
      failureRate = rate;
    },
    postStatuses,
    postInbound,
    reset() {
      requests = 0;
      injectedFailures = 0;
      refused = 0;
      refusals.length = 0;
      firstAt = 0;
      lastAt = 0;
      perSecond.clear();
      acceptedBy.clear();
      messages.length = 0;
      firstReplyAt.clear();
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function wrap(
  core: Pick<Core, 'url' | 'account'>,
  calls: Omit<LoadMeta, 'url' | 'baseUrl' | 'account' | 'credentials'>,
): LoadMeta {
  return {
    url: core.url,
    baseUrl: `${core.url}/v23.0`,
    account: core.account,
    credentials: () => ({
      phoneNumberId: core.account.phoneNumberId,
      wabaId: core.account.wabaId,
      accessToken: core.account.accessToken,
      appSecret: core.account.appSecret,
      appId: core.account.appId,
      contactId: core.account.displayPhoneNumber.replace(/[^\d]/g, ''),
    }),
    ...calls,
  };
}

/** The fake on the caller's event loop (fine for a few hundred messages a second). */
export async function startLoadMeta(options: LoadMetaOptions = {}): Promise<LoadMeta> {
  const core = await startCore(options);
  return wrap(core, {
    stats: async () => core.stats(),
    acceptedNumbers: async () => core.acceptedNumbers(),
    setFailureRate: async (rate) => core.setFailureRate(rate),
    postStatuses: (input) => core.postStatuses(input),
    postInbound: (input) => core.postInbound(input),
    reset: async () => core.reset(),
    close: () => core.close(),
  });
}

type Request =
  | { id: number; call: 'stats' | 'acceptedNumbers' | 'reset' | 'close' }
  | { id: number; call: 'setFailureRate'; rate: number }
  | { id: number; call: 'postStatuses'; input: PostStatusesOptions }
  | { id: number; call: 'postInbound'; input: PostInboundOptions };
type Answer = { id: number; result?: unknown; error?: string };

/** The fake in a child process of its own, driven over IPC. */
export async function spawnLoadMeta(options: LoadMetaOptions = {}): Promise<LoadMeta> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--load-meta-child'], {
    cwd: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'),
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, LOAD_META_OPTIONS: JSON.stringify(options) },
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let exited = false;
  const started = await new Promise<{ url: string; account: FakeMetaAccount }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { url: string; account: FakeMetaAccount }));
    child.once('exit', (code) => reject(new Error(`the load fake stopped before it listened (${code})`)));
  });
  child.on('message', (message: Answer) => {
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.error !== undefined) waiting.reject(new Error(message.error));
    else waiting.resolve(message.result);
  });
  child.on('exit', () => {
    exited = true;
    for (const waiting of pending.values()) waiting.reject(new Error('the load fake process ended'));
    pending.clear();
  });
  const ask = <T>(request: Omit<Request, 'id'>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (exited) return reject(new Error('the load fake process has ended'));
      nextId += 1;
      pending.set(nextId, { resolve: resolve as (value: unknown) => void, reject });
      child.send({ ...request, id: nextId });
    });
  return wrap(started, {
    stats: () => ask<LoadMetaStats>({ call: 'stats' }),
    acceptedNumbers: () => ask<string[]>({ call: 'acceptedNumbers' }),
    setFailureRate: (rate) => ask<void>({ call: 'setFailureRate', rate } as Omit<Request, 'id'>),
    postStatuses: (input) => ask<PostStatusesResult>({ call: 'postStatuses', input } as Omit<Request, 'id'>),
    postInbound: (input) => ask<PostInboundResult>({ call: 'postInbound', input } as Omit<Request, 'id'>),
    reset: () => ask<void>({ call: 'reset' }),
    async close() {
      if (exited) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      await ask<void>({ call: 'close' }).catch(() => undefined);
      await gone;
    },
  });
}

/** Child process entry: start the core, announce its address, answer the parent's calls. */
async function runChild() {
  const core = await startCore(JSON.parse(process.env.LOAD_META_OPTIONS ?? '{}') as LoadMetaOptions);
  const send = (message: unknown) => process.send!(message);
  process.on('message', (request: Request) => {
    void (async () => {
      try {
        let result: unknown;
        if (request.call === 'stats') result = core.stats();
        else if (request.call === 'acceptedNumbers') result = core.acceptedNumbers();
        else if (request.call === 'reset') core.reset();
        else if (request.call === 'setFailureRate') core.setFailureRate(request.rate);
        else if (request.call === 'postStatuses') result = await core.postStatuses(request.input);
        else if (request.call === 'postInbound') result = await core.postInbound(request.input);
        else if (request.call === 'close') {
          await core.close();
          send({ id: request.id });
          process.disconnect();
          return;
        }
        send({ id: request.id, result });
      } catch (error) {
        send({ id: request.id, error: error instanceof Error ? error.message : String(error) });
      }
    })();
  });
  // The parent is gone: so is the fake.
  process.on('disconnect', () => {
    void core.close().finally(() => process.exit(0));
  });
  send({ url: core.url, account: core.account });
}

if (process.argv.includes('--load-meta-child') && process.send) await runChild();
