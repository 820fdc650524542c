import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { migrationsFolder, openPglite, openPostgres, runMigrations, type Database } from '../src/db/client';

/** `PARLEY_TEST_DB=postgres` runs the suite on PostgreSQL (`PARLEY_TEST_PG_URL`, default local). */
export const testDbKind: 'pglite' | 'postgres' = process.env.PARLEY_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const pgAdminUrl = process.env.PARLEY_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TEMPLATE_DB = 'parley_test_template';

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
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  try {
    const stale = await admin.query(`select datname from pg_database where datname like 'parley_t_%'`);
    for (const row of stale.rows as { datname: string }[])
      await admin.query(`drop database if exists "${row.datname}" with (force)`);
    await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  const database = await openPostgres(urlFor(TEMPLATE_DB), 2);
  await runMigrations(database);
  await database.close();
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
  const name = `parley_t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
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
      await cleanup.query(`drop database if exists ${name} with (force)`).finally(() => cleanup.end());
    },
  };
}
