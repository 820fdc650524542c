import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import copyStreams from 'pg-copy-streams';
import pg from 'pg';
import { openPostgresTestDatabase, pgliteTemplateDir, prepareTemplate } from '../test/test-database';
import { openPglite, type Database } from '../src/db/client';
import { enterprises } from '../src/db/schema/platform';
import { customerFields, customerSegments, customerUploads } from '../src/db/schema/customers';
import { createFileStore } from '../src/platform/files';
import { createEventBus } from '../src/platform/realtime/bus';
import { saveCsvUpload } from '../src/features/customer-uploads/csv-file-store';
import { createCustomerFieldsReader } from '../src/platform/customer-fields';
import { normalizePhone } from '../src/platform/phone';
import { createCustomerUploadsRepository } from '../src/features/customer-uploads/customer-uploads.repository';
import { createImportJob } from '../src/features/customer-uploads/customer-uploads.jobs';

/**
 * CSV import figures of issue 6 (not part of `npm run bench`):
 *
 *   cd server && npx tsx bench/customer-import.ts [--rows 1000000] [--db pglite|postgres|both] [--no-rss]
 *
 * 1. Import rows/s end to end (stored file → parse → validate → batched COPY + upsert + segment +
 *    error rows + checkpoints, the job as the server runs it) as a ratio of a raw `COPY` of the same
 *    file into a bare table of text columns, measured in the same run on the same database.
 * 2. Peak RSS of a whole process importing 1M rows / one importing 100k rows (each a child
 *    process doing only that, on PGlite, the embedded default).
 * The file: 10 attribute columns (text, number, decimal, email, dropdowns), 2 % invalid rows.
 * PostgreSQL: PARLEY_TEST_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1]! : fallback;
};
const ROWS = Number(option('rows', '1000000'));
const DB = option('db', 'both');
const CHILD = args.includes('--child');

const FIELDS = [
  { fieldName: 'city', fieldType: 'text', inputType: 'alphabets', maxLength: 40 },
  { fieldName: 'company', fieldType: 'text', inputType: 'alphanumeric', maxLength: 60 },
  { fieldName: 'age', fieldType: 'text', inputType: 'number' },
  { fieldName: 'score', fieldType: 'text', inputType: 'decimal' },
  { fieldName: 'email', fieldType: 'text', inputType: 'email' },
  { fieldName: 'tier', fieldType: 'selectbox-singlevalue', defaultValues: ['Gold', 'Silver', 'Bronze'] },
  { fieldName: 'tags', fieldType: 'selectbox-multiplevalue', defaultValues: ['a', 'b', 'c', 'd'] },
  { fieldName: 'notes', fieldType: 'textarea', inputType: 'alphanumeric', maxLength: 200 },
  { fieldName: 'code', fieldType: 'text', inputType: 'alphanumeric', maxLength: 12 },
  { fieldName: 'region', fieldType: 'text', inputType: 'alphabets', maxLength: 30 },
] as const;
const HEADER = ['Name', 'Phone Number', ...FIELDS.map((field) => field.fieldName)];

/** Writes the test file; every 50th row is invalid (age not a number). */
function writeFile(file: string, rows: number) {
  const out = fs.openSync(file, 'w');
  let chunk = `${HEADER.join(',')}\n`;
  for (let index = 0; index < rows; index += 1) {
    const age = index % 50 === 7 ? 'old' : String(18 + (index % 60));
    chunk +=
      `Person ${index},98${String(index).padStart(8, '0')},Pune,Acme Widgets ${index % 97},${age},${(index % 1000) / 10},` +
      `p${index}@example.com,${['Gold', 'Silver', 'Bronze'][index % 3]},a|c,"Met at the fair, wants a call back",C${index % 100000},Deccan\n`;
    if (chunk.length > 1 << 20) {
      fs.writeSync(out, chunk);
      chunk = '';
    }
  }
  fs.writeSync(out, chunk);
  fs.closeSync(out);
}

async function seed(database: Database) {
  const [enterprise] = await database.db.insert(enterprises).values({ name: 'Bench' }).returning();
  const enterpriseId = enterprise!.id;
  await database.db.insert(customerFields).values(
    FIELDS.map((field, position) => ({
      enterpriseId,
      fieldName: field.fieldName,
      fieldLabel: field.fieldName,
      fieldHelptext: field.fieldName,
      fieldType: field.fieldType,
      inputType: 'inputType' in field ? field.inputType : null,
      maxLength: 'maxLength' in field ? field.maxLength : null,
      allowSpecialChars: field.fieldName === 'notes' || field.fieldName === 'email',
      commaIncluded: field.fieldName === 'notes',
      defaultValues: 'defaultValues' in field ? [...field.defaultValues] : [],
      position,
    })),
  );
  const [segment] = await database.db.insert(customerSegments).values({ enterpriseId, name: 'Bench' }).returning();
  return { enterpriseId, segmentId: segment!.id };
}

/** The import as the job runs it; answers seconds and the final counts. */
async function runImport(database: Database & { url?: string }, file: string, dataDir: string) {
  const { enterpriseId, segmentId } = await seed(database);
  const saved = await saveCsvUpload(
    { db: database.db, dataDir },
    {
      enterpriseId,
      uploadedBy: null,
      fileName: 'bench.csv',
      stream: fs.createReadStream(file),
      truncated: () => false,
    },
  );
  const repository = createCustomerUploadsRepository(database);
  // Time inside the batch transactions (the rest is reading, parsing and validating).
  let databaseSeconds = 0;
  const commitBatch = repository.commitBatch;
  repository.commitBatch = async (input) => {
    const started = performance.now();
    try {
      return await commitBatch(input);
    } finally {
      databaseSeconds += (performance.now() - started) / 1000;
    }
  };
  const uploadId = await repository.insertDraft({
    enterpriseId,
    createdBy: null,
    fileId: saved.fileId,
    fileName: 'bench.csv',
    fileBytes: saved.size,
    headers: saved.headers,
    headerMapping: [
      { src: 'name', des: 'Name' },
      { src: 'phoneNumber', des: 'Phone Number' },
      ...FIELDS.map((field) => ({ src: field.fieldName, des: field.fieldName })),
    ],
  });
  await database.db
    .update(customerUploads)
    .set({ state: 'WAITING', segmentId, submittedAt: new Date() })
    .where(eq(customerUploads.id, uploadId));
  const bus = await createEventBus({ db: database.db });
  const handle = createImportJob({
    repository,
    files: createFileStore({ db: database.db, dataDir }),
    bus,
    fields: createCustomerFieldsReader(database.db),
    normalizePhone,
    defaultPhoneRegion: 'IN',
  });
  const started = performance.now();
  const cpuBefore = database.kind === 'postgres' ? backendCpuSeconds(databaseName(database)) : null;
  await handle({ enterpriseId, uploadId });
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = database.kind === 'postgres' ? backendCpuSeconds(databaseName(database)) : null;
  await bus.close();
  const upload = (await repository.get(enterpriseId, uploadId))!;
  if (upload.state !== 'COMPLETED') throw new Error(`import ended ${upload.state}: ${upload.errorMessage}`);
  return {
    seconds,
    databaseSeconds: +databaseSeconds.toFixed(1),
    databaseCpu: cpuSpent(cpuBefore, cpuAfter),
    total: upload.totalLines,
    accepted: upload.acceptedLines,
    errors: upload.errorLines,
  };
}

/**
 * CPU seconds (user + system) so far of the PostgreSQL backends connected to `database` on this
 * machine (from /proc: a backend's command line names its database). The difference across a step
 * is what the database server spent on that step's statements, whichever pooled connection ran
 * them; a backend that ends within the step takes its share with it, so the figure can only come out
 * low. Null where there is no /proc or PostgreSQL runs elsewhere.
 */
function backendCpuSeconds(database: string): number | null {
  if (!fs.existsSync('/proc/self/stat')) return null;
  let ticks = 0;
  let found = false;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    let command: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      command = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      continue; // ended meanwhile, or not ours to read
    }
    // "postgres: [<cluster>: ]<user> <database> <client> <state>" (Debian names the cluster)
    if (
      !command
        .split(/[\s\0]+/)
        .slice(1, 5)
        .includes(database)
    )
      continue;
    found = true;
    // After "(comm) ": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return found ? ticks / CLOCK_TICKS : null;
}
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** Raw COPY of the same file into a bare table of text columns. */
async function rawCopy(database: Database & { url?: string }, file: string) {
  const columns = HEADER.map((_, index) => `c${index} text`).join(', ');
  await database.raw(`DROP TABLE IF EXISTS bench_bare; CREATE TABLE bench_bare (${columns})`);
  const copySql = 'COPY bench_bare FROM STDIN WITH (FORMAT csv, HEADER true)';
  let seconds: number;
  let databaseCpu: number | null = null;
  if (database.kind === 'postgres') {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const name = databaseName(database);
      const cpuBefore = backendCpuSeconds(name);
      const started = performance.now();
      await pipeline(fs.createReadStream(file, { highWaterMark: 256 * 1024 }), client.query(copyStreams.from(copySql)));
      seconds = (performance.now() - started) / 1000;
      databaseCpu = cpuSpent(cpuBefore, backendCpuSeconds(name)); // before the backend ends
    } finally {
      await client.end();
    }
  } else {
    const started = performance.now();
    await database.bulk((session) => session.copyFrom(copySql, fs.readFileSync(file, 'utf8')));
    seconds = (performance.now() - started) / 1000;
  }
  const count = await database.raw('SELECT count(*)::int AS n FROM bench_bare', []);
  await database.raw('DROP TABLE bench_bare');
  return { seconds, rows: Number(count.rows[0]!.n), databaseCpu };
}

function databaseName(database: Database & { url?: string }): string {
  return decodeURIComponent(new URL(database.url ?? 'postgres://x/').pathname.slice(1));
}

function cpuSpent(before: number | null, after: number | null): number | null {
  return before === null || after === null ? null : +(after - before).toFixed(2);
}

/** A fresh migrated database: a copy of the PGlite template, or a PostgreSQL database from its template. */
async function openDatabase(kind: 'pglite' | 'postgres'): Promise<Database & { url?: string }> {
  if (kind === 'postgres') return openPostgresTestDatabase();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-db-'));
  fs.cpSync(pgliteTemplateDir(), dir, { recursive: true });
  const database = await openPglite(dir);
  return {
    ...database,
    close: async () => {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function measure(kind: 'pglite' | 'postgres', file: string) {
  const database = await openDatabase(kind);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-import-'));
  try {
    const copy = await rawCopy(database, file);
    const imported = await runImport(database, file, dataDir);
    const importRate = imported.total / imported.seconds;
    const copyRate = copy.rows / copy.seconds;
    return {
      db: kind,
      rows: imported.total,
      accepted: imported.accepted,
      errors: imported.errors,
      importSeconds: +imported.seconds.toFixed(1),
      inBatchTransactions: imported.databaseSeconds,
      importRowsPerSecond: Math.round(importRate),
      copySeconds: +copy.seconds.toFixed(1),
      copyRowsPerSecond: Math.round(copyRate),
      ratio: +(importRate / copyRate).toFixed(3),
      // PostgreSQL only: CPU seconds the database server spent on each. One import runs its
      // statements one after another on one connection, so it cannot take less time than its
      // database work: copySeconds / importDatabaseCpu bounds the ratio even with free JavaScript.
      importDatabaseCpu: imported.databaseCpu,
      copyDatabaseCpu: copy.databaseCpu,
      ratioBound: imported.databaseCpu ? +(copy.seconds / imported.databaseCpu).toFixed(3) : null,
    };
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function child() {
  const file = option('file', '');
  const database = await openDatabase('pglite');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-import-'));
  try {
    const result = await runImport(database, file, dataDir);
    process.stdout.write(
      `${JSON.stringify({ ...result, maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024) })}\n`,
    );
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (CHILD) return child();
  // The PGlite template (PARLEY_TEST_DB unset); the PostgreSQL one is made on first use.
  await prepareTemplate();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-csv-'));
  try {
    const file = path.join(work, 'customers.csv');
    writeFile(file, ROWS);
    console.log(`file: ${ROWS} rows, ${(fs.statSync(file).size / 1e6).toFixed(1)} MB`);
    for (const kind of DB === 'both' ? (['postgres', 'pglite'] as const) : [DB as 'pglite' | 'postgres'])
      console.log(JSON.stringify(await measure(kind, file)));
    if (!args.includes('--no-rss')) {
      const small = path.join(work, 'small.csv');
      writeFile(small, Math.max(1, Math.round(ROWS / 10)));
      const script = fileURLToPath(import.meta.url);
      const run = (target: string) =>
        JSON.parse(
          execFileSync(process.execPath, ['--import', 'tsx', script, '--child', '--file', target], {
            cwd: path.dirname(path.dirname(script)),
            encoding: 'utf8',
            maxBuffer: 1 << 20,
          })
            .trim()
            .split('\n')
            .at(-1)!,
        ) as { total: number; maxRssMb: number };
      const big = run(file);
      const little = run(small);
      console.log(
        JSON.stringify({
          peakRss: { [`${big.total} rows MB`]: big.maxRssMb, [`${little.total} rows MB`]: little.maxRssMb },
          ratio: +(big.maxRssMb / little.maxRssMb).toFixed(2),
        }),
      );
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
