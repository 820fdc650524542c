import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { isAlive } from '../src/db/data-dir-lock';
import { migrationsFolder, openPglite, openPostgres, runMigrations, type Database } from '../src/db/client';

/** `PARLEY_TEST_DB=postgres` runs the suite on PostgreSQL (`PARLEY_TEST_PG_URL`, default local). */
export const testDbKind: 'pglite' | 'postgres' = process.env.PARLEY_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const pgAdminUrl = process.env.PARLEY_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Advisory lock key that serialises template builds and clean-ups between concurrent test runs. */
const TEMPLATE_LOCK = 7_305_811;

function migrationsHash(): string {
  const hash = crypto.createHash('sha256');
  for (const file of fs.readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsFolder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

export function pgliteTemplateDir(): string {
  return path.join(os.tmpdir(), `parley-pglite-template-${migrationsHash()}`);
}

function urlFor(database: string): string {
  const url = new URL(pgAdminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Once per run: a migrated PGlite folder, or a migrated PostgreSQL template database. */
export async function prepareTemplate(): Promise<void> {
  if (testDbKind === 'pglite') {
    const dir = pgliteTemplateDir();
    if (fs.existsSync(path.join(dir, 'READY'))) return;
    const building = `${dir}.building-${process.pid}`;
    fs.rmSync(building, { recursive: true, force: true });
    const database = await openPglite(building);
    await runMigrations(database);
    await database.close();
    fs.writeFileSync(path.join(building, 'READY'), new Date().toISOString());
    try {
      fs.renameSync(building, dir);
    } catch {
      fs.rmSync(building, { recursive: true, force: true });
    }
    return;
  }
  await ensurePostgresTemplate();
}

function postgresTemplateName(): string {
  return `parley_test_template_${migrationsHash()}`;
}

/**
 * The migrated PostgreSQL template, built once per migration set. Safe for concurrent runs: builds
 * are serialised by an advisory lock, and only databases left by processes that are gone are dropped.
 */
async function ensurePostgresTemplate(): Promise<string> {
  const template = postgresTemplateName();
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const existing = await admin.query(
      `select datname from pg_database where datname like 'parley\\_t\\_%' or datname like 'parley\\_test\\_template%'`,
    );
    const names = (existing.rows as { datname: string }[]).map((row) => row.datname);
    for (const name of names) {
      const owner = /^parley_t_(\d+)_/.exec(name);
      const stale = name.startsWith('parley_t_') ? !owner || !isAlive(Number(owner[1])) : name !== template;
      if (stale) await admin.query(`drop database if exists "${name}" with (force)`);
    }
    if (!names.includes(template)) {
      const building = `${template}_building`;
      await admin.query(`drop database if exists "${building}" with (force)`);
      await admin.query(`create database "${building}"`);
      const database = await openPostgres(urlFor(building), 2);
      try {
        await runMigrations(database);
      } finally {
        await database.close();
      }
      await admin.query(`alter database "${building}" rename to "${template}"`);
    }
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
    await admin.end();
  }
  return template;
}

/** Whether the PostgreSQL server of `PARLEY_TEST_PG_URL` (default local) answers within a second. */
export async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: pgAdminUrl, connectionTimeoutMillis: 1000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A fresh PostgreSQL database made from the template, in either test mode (its `url` opens more pools). */
export async function openPostgresTestDatabase(): Promise<Database & { url: string }> {
  const template = await ensurePostgresTemplate();
  const name = `parley_t_${process.pid}_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  const url = urlFor(name);
  const database = await openPostgres(url, 5);
  const close = database.close;
  return {
    ...database,
    url,
    close: async () => {
      await close();
      const cleanup = new pg.Client({ connectionString: pgAdminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`).finally(() => cleanup.end());
    },
  };
}

/** A fresh database for one test file: a copy of the PGlite template, or a PostgreSQL database made from the template. */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  if (testDbKind === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-test-db-'));
    fs.cpSync(pgliteTemplateDir(), dir, { recursive: true });
    const database = await openPglite(dir);
    const close = database.close;
    return {
      ...database,
      close: async () => {
        await close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  return openPostgresTestDatabase();
}
