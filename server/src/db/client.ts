import path from 'node:path';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface RawResult {
  rows: Record<string, unknown>[];
}
/** Runs one statement with $n parameters, or (without values) a script of several statements. */
export type RawQuery = (text: string, values?: unknown[]) => Promise<RawResult>;

/** One transaction on one connection, with COPY: see `Database.bulk`. */
export interface BulkSession {
  /** One statement with $n parameters. */
  query(text: string, values?: unknown[]): Promise<RawResult>;
  /**
   * `COPY <table> (<columns>) FROM STDIN WITH (FORMAT csv)` fed with `csv` (CSV text, one row per
   * line). On PGlite the same statement runs from a blob (`FROM '/dev/blob'`).
   */
  copyFrom(copySql: string, csv: string): Promise<void>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  raw: RawQuery;
  /**
   * Runs `work` in one transaction on one connection (committed when it resolves, rolled back when
   * it throws), with COPY FROM STDIN on both drivers: the CSV import's batches.
   */
  bulk<T>(work: (session: BulkSession) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(new URL('../../drizzle', import.meta.url).pathname);

/** Turns `$1`-style SQL text and values into a drizzle SQL object (runs on any Db or Tx). */
export function toSql(text: string, values: unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, index) => {
    if (index % 2 === 0) chunks.push(sql.raw(part));
    else chunks.push(sql`${values[Number(part) - 1] ?? null}`);
  });
  return sql.join(chunks);
}

/** A raw executor bound to a transaction, for libraries that speak `$n` SQL (pg-boss). */
export function rawFor(tx: DbOrTx): RawQuery {
  return async (text, values) => {
    const result = (await tx.execute(toSql(text, values))) as unknown as RawResult;
    return { rows: result.rows };
  };
}

/** One statement run under a name: prepared once per connection on PostgreSQL (no parse or plan per call). */
export type NamedQuery = (name: string, text: string, values: unknown[]) => Promise<RawResult>;
const namedQueries = new WeakMap<object, NamedQuery>();

/**
 * For statements a hot path runs thousands of times a second (the status webhooks): prepared by
 * name on PostgreSQL; elsewhere (PGlite, a transaction) an ordinary statement.
 */
export function namedQueryFor(db: DbOrTx): NamedQuery {
  const named = namedQueries.get(db);
  if (named) return named;
  const raw = rawFor(db);
  return (_name, text, values) => raw(text, values);
}

export async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  // pg_trgm: the customer search index (migration 0004 creates the extension).
  const options = { extensions: { pg_trgm } };
  const client = dataDir ? await PGlite.create(dataDir, options) : await PGlite.create(options);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    raw: async (text, values) => {
      if (values && values.length > 0) return { rows: (await client.query(text, values)).rows as RawResult['rows'] };
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as RawResult['rows'] };
    },
    bulk: (work) =>
      client.transaction((tx) =>
        work({
          query: async (text, values) => ({ rows: (await tx.query(text, values ?? [])).rows as RawResult['rows'] }),
          copyFrom: async (copySql, csv) => {
            await tx.query(copySql.replace(/\bFROM\s+STDIN\b/i, "FROM '/dev/blob'"), [], { blob: new Blob([csv]) });
          },
        }),
      ),
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => {
    // idle client errors surface on the next query
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  namedQueries.set(db, async (name, text, values) => ({ rows: (await pool.query({ name, text, values })).rows }));
  return {
    kind: 'postgres',
    db,
    raw: async (text, values) => ({ rows: (await pool.query(text, values)).rows }),
    bulk: async (work) => {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await work({
          query: async (text, values) => ({ rows: (await client.query(text, values)).rows }),
          copyFrom: async (copySql, csv) => {
            await pipeline(Readable.from([Buffer.from(csv, 'utf8')]), client.query(copyStreams.from(copySql)));
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw error;
      } finally {
        // A connection whose rollback failed is dropped from the pool, not reused.
        client.release(broken);
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: async () => {
      await pool.end();
    },
  };
}

export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
  } else {
    await migratePg(database.db as never, { migrationsFolder });
  }
}
