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
