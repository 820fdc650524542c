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
 * CSV import figures of issues 6 and 17 (`npm run bench` runs it):
 *
 *   cd server && npx tsx bench/customer-import.ts [--rows 1000000] [--db pglite|postgres|both] [--no-rss] [--breakdown]
 *
 * 1. Import rows/s end to end (stored file → parse → validate → batched COPY + upsert + segment +
 *    error rows + checkpoints, the job as the server runs it) as a ratio of two `COPY`s measured in
 *    the same run on the same database: of the same file into a bare table of text columns, and of
 *    the same valid rows, as stored, into a scratch copy of `customers` with all its indexes and
 *    constraints (the floor: what any import keeping one customer per phone and a searchable name
 *    pays). `--breakdown` adds the table's indexes and constraints one at a time and times each.
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
/** Also COPY into scratch tables that add the customers table's indexes and constraints one at a time. */
const BREAKDOWN = args.includes('--breakdown');

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

const invalid = (index: number) => index % 50 === 7;
const NOTES = 'Met at the fair, wants a call back';

/** Writes the test file; every 50th row is invalid (age not a number). */
function writeFile(file: string, rows: number) {
  writeLines(file, `${HEADER.join(',')}\n`, rows, (index) => {
    const age = invalid(index) ? 'old' : String(18 + (index % 60));
    return (
      `Person ${index},98${String(index).padStart(8, '0')},Pune,Acme Widgets ${index % 97},${age},${(index % 1000) / 10},` +
      `p${index}@example.com,${['Gold', 'Silver', 'Bronze'][index % 3]},a|c,"${NOTES}",C${index % 100000},Deccan\n`
    );
  });
}

/**
 * The valid rows of the same file as the import stores them in `customers` (name, the number in
 * E.164, the attributes as one JSON object), for the indexed `COPY`: CSV without a header.
 */
function writeStoredRowsFile(file: string, rows: number) {
  writeLines(file, '', rows, (index) => {
    if (invalid(index)) return '';
    const data = {
      city: 'Pune',
      company: `Acme Widgets ${index % 97}`,
      age: String(18 + (index % 60)),
      score: String((index % 1000) / 10),
      email: `p${index}@example.com`,
      tier: ['Gold', 'Silver', 'Bronze'][index % 3]!,
      tags: ['a', 'c'],
      notes: NOTES,
      code: `C${index % 100000}`,
      region: 'Deccan',
    };
    return `Person ${index},+9198${String(index).padStart(8, '0')},"${JSON.stringify(data).replaceAll('"', '""')}"\n`;
  });
}

function writeLines(file: string, header: string, rows: number, line: (index: number) => string) {
  const out = fs.openSync(file, 'w');
  let chunk = header;
  for (let index = 0; index < rows; index += 1) {
    chunk += line(index);
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
  const copied = await timedCopy(database, 'COPY bench_bare FROM STDIN WITH (FORMAT csv, HEADER true)', file);
  const count = await database.raw('SELECT count(*)::int AS n FROM bench_bare', []);
  await database.raw('DROP TABLE bench_bare');
  return { ...copied, rows: Number(count.rows[0]!.n) };
}

/**
 * The parts of the real `customers` table, in the order the floor breakdown adds them; each a
 * function of the scratch table's name. The indexes come from the catalogue, so they are the
 * migration's.
 */
async function customersTableParts(database: Database) {
  const { rows } = await database.raw(
    `SELECT c.conname AS name, pg_get_constraintdef(c.oid) AS def, c.contype AS type
       FROM pg_constraint c WHERE c.conrelid = 'customers'::regclass`,
    [],
  );
  const indexes = await database.raw(
    `SELECT indexname AS name, indexdef AS def FROM pg_indexes
      WHERE tablename = 'customers' AND indexname NOT IN
        (SELECT conname FROM pg_constraint WHERE conrelid = 'customers'::regclass)`,
    [],
  );
  const constraints = rows as { name: string; def: string; type: string }[];
  const otherIndexes = indexes.rows as { name: string; def: string }[];
  const byType = (type: string) => constraints.filter((c) => c.type === type);
  const reindex = (table: string, def: string, name: string) =>
    def.replace(name, `${table}_${name}`.slice(0, 63)).replace(/ ON (public\.)?customers /, ` ON ${table} `);
  const parts: { part: string; sql: (table: string) => string }[] = [
    ...byType('p').map((c) => ({ part: 'primary key (id uuid)', sql: (t: string) => `ALTER TABLE ${t} ADD ${c.def}` })),
    ...otherIndexes
      .sort((a, b) => Number(b.def.includes('UNIQUE')) - Number(a.def.includes('UNIQUE')))
      .map((index) => ({ part: `index ${index.name}`, sql: (t: string) => reindex(t, index.def, index.name) })),
    ...byType('u').map((c) => ({ part: `unique ${c.name}`, sql: (t: string) => `ALTER TABLE ${t} ADD ${c.def}` })),
    ...byType('c').map((c) => ({ part: `check ${c.name}`, sql: (t: string) => `ALTER TABLE ${t} ADD ${c.def}` })),
    ...byType('f').map((c) => ({ part: `foreign key ${c.name}`, sql: (t: string) => `ALTER TABLE ${t} ADD ${c.def}` })),
  ];
  return parts;
}

/**
 * The floor of issue 17: `COPY` of the import's valid rows, as stored, into a scratch copy of the
 * real `customers` table with every index and constraint (primary key, the unique phone index, the
 * trigram search index, the listing index, the foreign key to the enterprise, the defaults).
 * With `breakdown`, the same `COPY` into scratch tables that add these one at a time, to show what
 * each costs.
 */
async function indexedCopy(database: Database & { url?: string }, file: string, breakdown: boolean) {
  const [enterprise] = await database.db.insert(enterprises).values({ name: 'Bench floor' }).returning();
  const parts = await customersTableParts(database);
  const copyInto = async (table: string, upTo: number) => {
    const statements = [
      `DROP TABLE IF EXISTS ${table}`,
      `CREATE TABLE ${table} (LIKE customers INCLUDING DEFAULTS INCLUDING GENERATED)`,
      `ALTER TABLE ${table} ALTER COLUMN enterprise_id SET DEFAULT '${enterprise!.id}'`,
      ...parts.slice(0, upTo).map((part) => part.sql(table)),
    ];
    await database.raw(statements.join(';\n'));
    const copied = await timedCopy(
      database,
      `COPY ${table} (name, phone_number, data) FROM STDIN WITH (FORMAT csv)`,
      file,
    );
    const count = await database.raw(`SELECT count(*)::int AS n FROM ${table}`, []);
    await database.raw(`DROP TABLE ${table}`);
    return { ...copied, rows: Number(count.rows[0]!.n) };
  };
  const floor = await copyInto('bench_customers', parts.length);
  const steps = breakdown
    ? [
        { with: 'columns and defaults only', ...(await copyInto('bench_customers', 0)) },
        ...(await sequential(parts, async (part, index) => ({
          with: `+ ${part.part}`,
          ...(await copyInto('bench_customers', index + 1)),
        }))),
      ]
    : null;
  return { ...floor, parts: parts.map((part) => part.part), steps };
}

async function sequential<T, R>(items: T[], work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (const [index, item] of items.entries()) results.push(await work(item, index));
  return results;
}

/** One `COPY … FROM STDIN` of a file, timed, with the PostgreSQL backends' CPU seconds across it. */
async function timedCopy(database: Database & { url?: string }, copySql: string, file: string) {
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
  return { seconds, databaseCpu };
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

async function measure(kind: 'pglite' | 'postgres', file: string, storedRowsFile: string) {
  const database = await openDatabase(kind);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-import-'));
  try {
    const copy = await rawCopy(database, file);
    const floor = await indexedCopy(database, storedRowsFile, BREAKDOWN);
    const imported = await runImport(database, file, dataDir);
    if (floor.rows !== imported.accepted)
      throw new Error(`the indexed COPY stored ${floor.rows} rows, the import ${imported.accepted}`);
    const importRate = imported.total / imported.seconds;
    const copyRate = copy.rows / copy.seconds;
    // Both store the same customers: stored rows per second of each.
    const floorRatio = imported.accepted / imported.seconds / (floor.rows / floor.seconds);
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
      // The floor: COPY of the accepted rows into a scratch copy of `customers` with all its
      // indexes and constraints. Ratio of stored rows/s (accepted rows / seconds of each).
      floorRows: floor.rows,
      floorSeconds: +floor.seconds.toFixed(1),
      floorRowsPerSecond: Math.round(floor.rows / floor.seconds),
      floorRatio: +floorRatio.toFixed(3),
      floorDatabaseCpu: floor.databaseCpu,
      // Database CPU of the floor ÷ the import's: the ratio if each took only its database CPU
      // (no JavaScript, no waiting). Robust to a busy machine, unlike the seconds.
      floorCpuRatio:
        imported.databaseCpu && floor.databaseCpu !== null
          ? +(floor.databaseCpu / imported.databaseCpu).toFixed(3)
          : null,
      floorParts: floor.parts,
      floorSteps: floor.steps?.map((step) => ({
        with: step.with,
        seconds: +step.seconds.toFixed(2),
        rowsPerSecond: Math.round(step.rows / step.seconds),
        databaseCpu: step.databaseCpu,
      })),
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
    const storedRows = path.join(work, 'stored-rows.csv');
    writeStoredRowsFile(storedRows, ROWS);
    console.log(`file: ${ROWS} rows, ${(fs.statSync(file).size / 1e6).toFixed(1)} MB`);
    for (const kind of DB === 'both' ? (['postgres', 'pglite'] as const) : [DB as 'pglite' | 'postgres'])
      console.log(JSON.stringify(await measure(kind, file, storedRows)));
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
