import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** The message a benchmark server sends its parent once it listens. */
export interface ReadyMessage {
  type: 'ready';
  /** The URL autocannon requests. */
  url: string;
  /** A second target of the same server: one row by id (Parley only). */
  itemUrl?: string;
  headers: Record<string, string>;
  /** Lines worth printing with the results (database version, rows, query plan). */
  details: string[];
  /** Customers list requests with a search term (Parley only), measured against `itemUrl`. */
  customerSearches?: CustomerSearchTarget[];
  /** Other customers list queries worth a look, explained but not loaded (Parley only). */
  customerPlans?: { title: string; plan: string[] }[];
}

export interface CustomerSearchTarget {
  /** The term as typed in the search box. */
  term: string;
  /** `GET /api/customers?search=<term>&perPage=10`. */
  url: string;
  /** The signed-in enterprise's customers it matches (counted in SQL after seeding). */
  matches: number;
  /** Lines worth printing: the customers seeded, the EXPLAIN ANALYZE of the page query. */
  details: string[];
}

/** The parent asks for the server process's CPU time (user + system, µs) or for a stop. */
export type ParentMessage = { type: 'stop' } | { type: 'cpu' };
export interface CpuMessage {
  type: 'cpu';
  micros: number;
}

/**
 * Tells the parent (bench/run.ts) that the server listens, then serves its requests: CPU time on
 * demand; a stop message or a lost parent closes the server and ends the process. Every server
 * runs in its own process so that autocannon (in the parent) and the server never share an event loop.
 */
export function announceReady(message: Omit<ReadyMessage, 'type'>, close: () => Promise<void>): void {
  const send = process.send?.bind(process);
  if (!send) throw new Error('Start this script through `npm run bench` (it needs an IPC channel to its parent).');
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    try {
      await close();
    } finally {
      process.exit(0);
    }
  };
  process.on('message', (incoming: ParentMessage) => {
    if (incoming.type === 'stop') void stop();
    if (incoming.type === 'cpu') {
      const { user, system } = process.cpuUsage();
      send({ type: 'cpu', micros: user + system } satisfies CpuMessage);
    }
  });
  process.on('disconnect', () => void stop());
  send({ type: 'ready', ...message } satisfies ReadyMessage);
}

/**
 * Runs a benchmark script (`bench/<name>.ts`) in its own process, which starts its own server
 * processes, fake vendor and database in `pgAdminUrl`, and reads the `{ "<key>": … }` JSON line it
 * prints last; a `{ "skipped": … }` line, no line or a failure becomes `{ skipped }`.
 */
export function runBenchScript<T>(script: string, key: string, pgAdminUrl: string): T | { skipped: string } {
  try {
    const output = execFileSync(process.execPath, ['--import', 'tsx', script], {
      cwd: path.dirname(path.dirname(script)),
      encoding: 'utf8',
      maxBuffer: 16 << 20,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, PARLEY_TEST_PG_URL: pgAdminUrl },
    });
    const line = output
      .split('\n')
      .filter((text) => text.startsWith('{'))
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .at(-1);
    if (line?.[key] !== undefined) return line[key] as T;
    return { skipped: typeof line?.skipped === 'string' ? line.skipped : 'the benchmark printed no result' };
  } catch (error) {
    return { skipped: error instanceof Error ? error.message.split('\n')[0]! : String(error) };
  }
}
