import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite, type Database } from '../src/db/client';
import { openPostgresTestDatabase, pgliteTemplateDir, testDbKind } from './test-database';
import { spawnLoadMeta, type LoadMeta, type LoadMetaStats } from './fake-vendors/meta-load';
import { processApi, startServerProcess, type ServerProcess } from './server-process';
import { seedAdministrator } from './broadcast-load-kit';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What the crash tests share (broadcast-crash, conversations-crash): a data folder holding a copy of
 * the migrated PGlite template, or a fresh PostgreSQL database; the load fake Cloud API in its own
 * process; an administrator written before any server opens the data; and Parley as a server
 * process pointed at the fake, started and stopped (SIGKILL or SIGTERM) at will.
 */
export function crashHarness(options: { dataDirPrefix: string; email: string }) {
  let dataDir = '';
  let database: (Database & { url?: string }) | undefined;
  let server: ServerProcess | undefined;
  let fake: LoadMeta | undefined;
  const output = () => server?.output() ?? '';

  return {
    api: processApi(() => server!.url),
    /** The last output of the running server, for a readable failure. */
    output,
    /** The server process, while one runs. */
    running: () => server,
    /** Makes the data, the fake vendor and the administrator; answers the fake. */
    async setUp(): Promise<LoadMeta> {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), options.dataDirPrefix));
      if (testDbKind === 'pglite') fs.cpSync(pgliteTemplateDir(), path.join(dataDir, 'pglite'), { recursive: true });
      else database = await openPostgresTestDatabase();
      fake = await spawnLoadMeta();
      await this.withDatabase((db) => seedAdministrator(db, options.email));
      return fake;
    },
    async tearDown() {
      if (server) await this.stop('SIGKILL');
      await fake?.close();
      await database?.close();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async start() {
      server = await startServerProcess({
        dataDir,
        ...(database?.url ? { databaseUrl: database.url } : {}),
        env: {
          PARLEY_VENDOR_BASE_URLS: JSON.stringify({ metaCloud: fake!.baseUrl }),
          PARLEY_OUTBOUND_ALLOW: '127.0.0.1',
        },
      });
    },
    async stop(signal: 'SIGKILL' | 'SIGTERM') {
      const running = server;
      server = undefined;
      await running?.stop(signal);
    },
    /** Waits until the fake vendor has accepted `count` messages (or the limit passes). */
    async vendorAccepted(count: number, what = 'messages', limitMs = 120_000): Promise<LoadMetaStats> {
      const deadline = Date.now() + limitMs;
      for (;;) {
        const stats = await fake!.stats();
        if (stats.accepted >= count) return stats;
        if (Date.now() > deadline)
          throw new Error(`the vendor saw ${stats.accepted} of ${count} ${what} in time:\n${output()}`);
        await sleep(20);
      }
    },
    /** The database the server wrote, opened by the test (PGlite only once the server is stopped). */
    async withDatabase<T>(work: (db: Database['db']) => Promise<T>): Promise<T> {
      if (database) return work(database.db);
      const opened = await openPglite(path.join(dataDir, 'pglite'));
      try {
        return await work(opened.db);
      } finally {
        await opened.close();
      }
    },
  };
}
