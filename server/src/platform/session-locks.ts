import pg from 'pg';

/**
 * Locks that say "this process does X" across the server processes of one database: PostgreSQL
 * advisory locks held on a connection of their own, so that PostgreSQL drops them the moment the
 * process dies (kill -9 included) and another process can take over at once, with no lease to
 * wait out. On PGlite one process owns the database (the data-directory lock), so every lock is
 * granted.
 */
export interface SessionLocks {
  /** Takes the lock unless another process holds it; true when this process holds it now. */
  tryLock(key: string): Promise<boolean>;
  /** Whether this process still holds the lock (false once its connection broke). */
  holds(key: string): boolean;
  unlock(key: string): Promise<void>;
  close(): Promise<void>;
}

/** One process owns the database: every lock is granted. */
export function createLocalLocks(): SessionLocks {
  const held = new Set<string>();
  return {
    tryLock: async (key) => {
      held.add(key);
      return true;
    },
    holds: (key) => held.has(key),
    unlock: async (key) => {
      held.delete(key);
    },
    close: async () => {
      held.clear();
    },
  };
}

/** Advisory locks on a dedicated connection to `url`; reconnects after the connection breaks. */
export function createPostgresLocks(url: string, log: { warn(details: object, message: string): void }): SessionLocks {
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  const held = new Set<string>();
  let closed = false;

  function connection(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const fresh = new pg.Client({ connectionString: url });
      fresh.on('error', (error) => {
        // The connection is gone and PostgreSQL has dropped its locks with it.
        log.warn({ err: error, locks: held.size }, 'the lock connection broke; its locks are released');
        held.clear();
        if (client === fresh) client = undefined;
      });
      fresh.on('end', () => {
        held.clear();
        if (client === fresh) client = undefined;
      });
      try {
        await fresh.connect();
      } catch (error) {
        connecting = undefined;
        throw error;
      }
      client = fresh;
      connecting = undefined;
      return fresh;
    })();
    return connecting;
  }

  return {
    async tryLock(key) {
      if (closed) return false;
      if (held.has(key)) return true;
      const { rows } = await (
        await connection()
      ).query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked', [key]);
      if (rows[0]?.locked) held.add(key);
      return held.has(key);
    },
    holds: (key) => held.has(key),
    async unlock(key) {
      if (!held.delete(key) || !client) return;
      await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key]);
    },
    async close() {
      closed = true;
      held.clear();
      const open = client;
      client = undefined;
      await open?.end().catch(() => undefined);
    },
  };
}
