import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import type { CpuMessage, CustomerSearchTarget, ParentMessage, ReadyMessage } from './bench-child';

export interface LoadSettings {
  connections: number;
  warmUpSeconds: number;
  durationSeconds: number;
}

export interface Measurement {
  label: string;
  requestsPerSecond: number;
  /** autocannon's percentiles (its histogram keeps whole milliseconds). */
  p50Ms: number;
  p99Ms: number;
  /** The same percentiles of the same responses from autocannon's per-response times (µs resolution). */
  p50PreciseMs: number;
  p99PreciseMs: number;
  requests: number;
  /** CPU time (user + system) of the server's Node process per request; excludes PostgreSQL's own processes. */
  serverCpuMicrosPerRequest: number;
  details: string[];
}

interface RunningServer extends ReadyMessage {
  cpuMicros(): Promise<number>;
  stop(): Promise<void>;
}

const serverDir = fileURLToPath(new URL('..', import.meta.url));
/** Long enough for the Parley server to seed a million customers into PGlite on a busy machine. */
const START_TIMEOUT_MS = 900_000;
const STOP_TIMEOUT_MS = 15_000;

/** Starts one benchmark server (a script in this folder) in its own Node process. */
async function startServer(script: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const child = fork(fileURLToPath(new URL(script, import.meta.url)), [], {
    cwd: serverDir,
    // PARLEY_BENCH_CPU_PROF=<folder> writes a V8 CPU profile of each benchmark server there.
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.PARLEY_BENCH_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PARLEY_BENCH_CPU_PROF}`]
        : []),
    ],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const send = (message: ParentMessage) => child.send(message);
  const ready = await new Promise<ReadyMessage>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} did not start within ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve(message as ReadyMessage);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited (code ${code}) before it listened`));
    });
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return {
    ...ready,
    cpuMicros: () =>
      new Promise<number>((resolve) => {
        child.once('message', (message) => resolve((message as CpuMessage).micros));
        send({ type: 'cpu' });
      }),
    async stop() {
      if (child.connected) send({ type: 'stop' });
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** One request by hand first: a benchmark of 401s or 500s would measure nothing. */
async function checkResponse(server: RunningServer, check: (body: unknown) => boolean, url = server.url) {
  const response = await fetch(url, { headers: server.headers });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // reported below
  }
  if (response.status !== 200 || !check(body))
    throw new Error(`GET ${url} answered ${response.status}: ${text.slice(0, 300)}`);
}

/** Warm-up run (discarded), then the measured run, with the same settings for every target. */
async function load(
  label: string,
  server: RunningServer,
  settings: LoadSettings,
  url = server.url,
): Promise<Measurement> {
  const options = { url, headers: server.headers, connections: settings.connections, pipelining: 1 };
  await autocannon({ ...options, duration: settings.warmUpSeconds });
  const cpuBefore = await server.cpuMicros();
  const times: number[] = [];
  const result = await autocannon({ ...options, duration: settings.durationSeconds }).on(
    'response',
    (_client, statusCode, _bytes, responseTime) => {
      if (Number(statusCode) >= 200 && Number(statusCode) < 300) times.push(responseTime);
    },
  );
  const cpuMicros = (await server.cpuMicros()) - cpuBefore;
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(
      `${label}: ${result.non2xx} non-2xx responses and ${result.errors} errors ` +
        `(status codes ${JSON.stringify(result.statusCodeStats)})`,
    );
  return {
    label,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    ...precisePercentiles(times),
    requests: result.requests.total,
    serverCpuMicrosPerRequest: cpuMicros / Math.max(1, result.requests.total),
    details: server.details,
  };
}

/** Nearest-rank p50 and p99 (the definition autocannon's histogram uses) of response times in ms. */
function precisePercentiles(times: number[]): { p50PreciseMs: number; p99PreciseMs: number } {
  const sorted = Float64Array.from(times).sort();
  const rank = (quantile: number) => sorted[Math.max(0, Math.ceil(quantile * sorted.length) - 1)] ?? 0;
  return { p50PreciseMs: rank(0.5), p99PreciseMs: rank(0.99) };
}

export async function measureHello(label: string, settings: LoadSettings): Promise<Measurement> {
  const server = await startServer('hello-server.ts');
  try {
    await checkResponse(server, (body) => (body as { hello?: string } | null)?.hello === 'world');
    return await load(label, server, settings);
  } finally {
    await server.stop();
  }
}

/** The Parley targets, measured on the same server one after the other. */
export interface ParleyMeasurements {
  item: Measurement;
  list: Measurement;
  /** The customers list with each search term, in the order the server announced them. */
  searches: SearchMeasurement[];
  /** Customers list queries explained (EXPLAIN ANALYZE) but not loaded. */
  customerPlans: { title: string; plan: string[] }[];
}
export interface SearchMeasurement {
  term: string;
  matches: number;
  measurement: Measurement;
}
export interface ParleyLabels {
  item: string;
  list: string;
  search: (search: { term: string; matches: number }) => string;
}

const isMail = (body: unknown) => typeof (body as { data?: { subject?: unknown } } | null)?.data?.subject === 'string';

async function measureParley(
  server: RunningServer,
  labels: ParleyLabels,
  settings: LoadSettings,
): Promise<ParleyMeasurements> {
  if (!server.itemUrl) throw new Error('the Parley bench server did not announce its by-id URL');
  await checkResponse(server, isAuditPage);
  await checkResponse(server, isMail, server.itemUrl);
  const targets = server.customerSearches ?? [];
  for (const target of targets) await checkResponse(server, isCustomersPage(target), target.url);
  // The searches right after the item they are compared with, so both meet the same load on the machine.
  const item = await load(labels.item, server, settings, server.itemUrl);
  const searches: SearchMeasurement[] = [];
  for (const target of targets) {
    const measurement = await load(labels.search(target), server, settings, target.url);
    searches.push({
      term: target.term,
      matches: target.matches,
      measurement: { ...measurement, details: target.details },
    });
  }
  const list = await load(labels.list, server, settings);
  return { item, list, searches, customerPlans: server.customerPlans ?? [] };
}

/**
 * The first page of a search: min(10, matches) customers whose name or phone contains the term,
 * and `hasMore` exactly when more than 10 match.
 */
const isCustomersPage = (target: CustomerSearchTarget) => (body: unknown) => {
  const data = (body as { data?: { customers?: { name: string; phoneNumber: string }[]; hasMore?: boolean } } | null)
    ?.data;
  const term = target.term.toLowerCase();
  return (
    data?.customers?.length === Math.min(10, target.matches) &&
    data.customers.every((customer) => `${customer.name.toLowerCase()} ${customer.phoneNumber}`.includes(term)) &&
    data.hasMore === target.matches > 10
  );
};

const isAuditPage = (body: unknown) => {
  const data = (body as { status?: boolean; data?: { entries?: unknown[]; more?: boolean } } | null)?.data;
  return data?.entries?.length === 20 && data.more === true;
};

export async function measureParleyOnPglite(labels: ParleyLabels, settings: LoadSettings): Promise<ParleyMeasurements> {
  const server = await startServer('parley-server.ts', { PARLEY_BENCH_DB: 'pglite', PARLEY_TEST_DB: 'pglite' });
  try {
    return await measureParley(server, labels, settings);
  } finally {
    await server.stop();
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Null when PostgreSQL is not reachable at `adminUrl` (the figure is then skipped, not failed). */
export async function measureParleyOnPostgres(
  labels: ParleyLabels,
  settings: LoadSettings,
  adminUrl: string,
): Promise<ParleyMeasurements | { skipped: string }> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    await admin.end().catch(() => undefined);
    return { skipped: `PostgreSQL not reachable at ${adminUrl} (${(error as Error).message})` };
  }
  // Databases left by an interrupted run; one still in use (a concurrent run) refuses the plain drop and stays.
  const leftovers = await admin.query(`select datname from pg_database where datname like 'parley\\_bench\\_%'`);
  for (const row of leftovers.rows as { datname: string }[])
    await admin.query(`drop database if exists "${row.datname}"`).catch(() => undefined);
  const name = `parley_bench_${crypto.randomBytes(5).toString('hex')}`;
  try {
    await admin.query(`create database ${name}`);
    const server = await startServer('parley-server.ts', {
      PARLEY_BENCH_DB: 'postgres',
      PARLEY_BENCH_DATABASE_URL: databaseUrl(adminUrl, name),
    });
    try {
      return await measureParley(server, labels, settings);
    } finally {
      await server.stop();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end();
  }
}
