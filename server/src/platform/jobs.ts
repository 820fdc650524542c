import PgBoss from 'pg-boss';
import { rawFor, type DbOrTx, type RawQuery } from '../db/client';

const SCHEMA = 'pgboss';

export type JobHandler<T> = (data: T, job: { id: string; name: string }) => Promise<void>;

export interface Jobs {
  /** Enqueue a job; pass `tx` to enqueue inside the caller's transaction (rolled back with it). */
  send<T extends object>(
    name: string,
    data: T,
    options?: {
      tx?: DbOrTx;
      singletonKey?: string;
      startAfterSeconds?: number;
      /** Tries after the first failure, the first delay, and whether delays grow (pg-boss's backoff). */
      retry?: { limit: number; delaySeconds: number; backoff?: boolean };
    },
  ): Promise<string | null>;
  work<T extends object>(name: string, handler: JobHandler<T>, options?: { batchSize?: number }): Promise<void>;
  /**
   * Like work, but hands every job of one fetch (up to batchSize) to the handler at once, for
   * handlers that apply many jobs in a few statements. A failure fails (and retries) the whole fetch.
   * (Optional for test doubles, which may offer work alone.)
   */
  workBatch?<T extends object>(
    name: string,
    handler: (jobs: { id: string; data: T }[]) => Promise<void>,
    options: { batchSize: number },
  ): Promise<void>;
  /** True when a job of `name` whose data has these string fields waits or runs. */
  isPending(name: string, data: Record<string, string>): Promise<boolean>;
  stop(): Promise<void>;
}

/**
 * pg-boss on the same database. On PGlite it runs through an adapter (`raw`: parameterised
 * statements through query, multi-statement scripts through exec); on PostgreSQL through the pool.
 */
export async function createJobs(deps: {
  raw: RawQuery;
  onError?: (error: Error) => void;
  pollingIntervalSeconds?: number;
}): Promise<Jobs> {
  const boss = new PgBoss({
    db: { executeSql: deps.raw },
    schema: SCHEMA,
    supervise: true,
  } as unknown as PgBoss.ConstructorOptions);
  boss.on('error', (error) => deps.onError?.(error));
  await boss.start();
  const queues = new Set<string>();
  async function ensureQueue(name: string) {
    if (queues.has(name)) return;
    await boss.createQueue(name);
    queues.add(name);
  }
  return {
    async send(name, data, options = {}) {
      const sendOptions: Record<string, unknown> = {};
      if (options.singletonKey) sendOptions.singletonKey = options.singletonKey;
      // As a moment, not a number of seconds: pg-boss passes its startAfter into both branches of a
      // CASE, and a bare number there fails the timestamp cast when the parameters are bound.
      if (options.startAfterSeconds) sendOptions.startAfter = new Date(Date.now() + options.startAfterSeconds * 1000);
      if (options.retry) {
        sendOptions.retryLimit = options.retry.limit;
        sendOptions.retryDelay = options.retry.delaySeconds;
        sendOptions.retryBackoff = options.retry.backoff ?? true;
      }
      if (options.tx) {
        const executeSql = rawFor(options.tx);
        // Inside the caller's transaction: PGlite has one connection, so a statement outside it would
        // wait for the transaction that waits for it. A new queue is made in the transaction (and
        // rolled back with it, so it is not remembered).
        if (!queues.has(name))
          await executeSql(`SELECT ${SCHEMA}.create_queue($1, $2)`, [name, JSON.stringify({ policy: 'standard' })]);
        sendOptions.db = { executeSql };
      } else {
        await ensureQueue(name);
      }
      return boss.send(name, data, sendOptions as PgBoss.SendOptions);
    },
    async work(name, handler, options = {}) {
      await ensureQueue(name);
      await boss.work(
        name,
        { batchSize: options.batchSize ?? 1, pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 1 },
        async (jobs: PgBoss.Job<object>[]) => {
          for (const job of jobs) await handler(job.data as never, { id: job.id, name: job.name });
        },
      );
    },
    async workBatch(name, handler, options) {
      await ensureQueue(name);
      await boss.work(
        name,
        { batchSize: options.batchSize, pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 1 },
        async (jobs: PgBoss.Job<object>[]) => {
          await handler(jobs.map((job) => ({ id: job.id, data: job.data as never })));
        },
      );
    },
    async isPending(name, data) {
      const result = await deps.raw(
        `SELECT 1 FROM ${SCHEMA}.job WHERE name = $1 AND data @> $2::jsonb AND state IN ('created', 'retry', 'active') LIMIT 1`,
        [name, JSON.stringify(data)],
      );
      return result.rows.length > 0;
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
