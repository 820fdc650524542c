import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { AUTH_HEADER } from '@parley/contracts/constants';
import { customerMessages } from '@parley/contracts/customer-master';
import { openPglite, type Database } from '../../db/client';
import { enterprises, users } from '../../db/schema/platform';
import {
  customerFields,
  customers,
  customerSegmentMembers,
  customerSegments,
  customerUploadErrors,
  customerUploads,
} from '../../db/schema/customers';
import { hashPassword } from '../../platform/passwords';
import { openPostgresTestDatabase, pgliteTemplateDir, testDbKind } from '../../../test/test-database';

/**
 * The Reliability story of issue 6: a real server process imports a ~200k-row file through the API
 * and is killed with SIGKILL at several points (in the middle of batches, wherever they fall); each
 * restart resumes from the checkpoint. At the end every valid row is stored exactly once and the
 * counts are exact. Slow (a minute or more): its own file so CI can run it on its own.
 * Rows: CUSTOMER_CRASH_ROWS (default 200000).
 */

const ROWS = Number(process.env.CUSTOMER_CRASH_ROWS ?? 200_000);
const serverDir = path.resolve(import.meta.dirname, '../../..');
const PASSWORD = 'correct-horse-battery';
const CAPTCHA = 'pass1';

let dataDir: string;
let database: (Database & { url?: string }) | undefined;
let server: ChildProcess | undefined;
let baseUrl = '';

/** The test file and what it must give: every row's fate computed here, independently of the import. */
function makeFile(file: string) {
  const out = fs.openSync(file, 'w');
  const taken = new Set<string>();
  let accepted = 0;
  let invalid = 0;
  let duplicates = 0;
  let chunk = 'Name,Phone Number,Tier\n';
  for (let index = 0; index < ROWS; index += 1) {
    // Every 97th row repeats the number of a row 1000 earlier (in another batch, maybe before a crash).
    const n = index % 97 === 96 && index > 1000 ? index - 1000 : index;
    const phone = `+9198${String(n).padStart(8, '0')}`;
    const bad = index % 50 === 7; // 2 % invalid rows
    const name = index % 1000 === 3 ? `"=cmd ""x"", ${index}"` : `Person ${index}`;
    chunk += `${bad ? 'X' : name},${phone.slice(3)},${bad ? 'Wood' : 'Gold'}\n`;
    if (bad || name.includes(',')) invalid += 1;
    else if (taken.has(phone)) duplicates += 1;
    else {
      taken.add(phone);
      accepted += 1;
    }
    if (chunk.length > 1 << 20) {
      fs.writeSync(out, chunk);
      chunk = '';
    }
  }
  fs.writeSync(out, chunk);
  fs.closeSync(out);
  return { accepted, invalid, duplicates, taken };
}

async function startServer() {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    PARLEY_DATA_DIR: dataDir,
    PARLEY_SEED_DEMO: '0',
    CAPTCHA_TEST_ANSWER: CAPTCHA,
    PASSWORD_SCRYPT_LOG_N: '10',
    LOG_LEVEL: 'warn',
    PARLEY_WEB_DIST: path.join(dataDir, 'no-web'),
    PARLEY_STRICT_RESPONSES: '0',
  };
  delete env.DATABASE_URL;
  if (database?.url) env.DATABASE_URL = database.url;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  let output = '';
  baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 120_000);
    const read = (data: Buffer) => {
      output += data.toString();
      const match = /Parley is running at (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => reject(new Error(`the server stopped (${code}):\n${output}`)));
  });
}

async function kill() {
  const child = server!;
  server = undefined;
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

async function api<T>(token: string | null, method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { ...(token ? { [AUTH_HEADER]: token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await response.json()) as { status: boolean; data: T; message: string };
  if (!json.status) throw new Error(`${method} ${url}: ${response.status} ${json.message}`);
  return json.data;
}

async function signIn(email: string) {
  const { captchaId } = await api<{ captchaId: string }>(null, 'GET', '/api/account/captcha');
  const login = await api<{ token: string }>(null, 'POST', '/api/account/login', {
    email,
    password: PASSWORD,
    captchaId,
    captcha: CAPTCHA,
  });
  return login.token;
}

async function openDatabase(): Promise<Database> {
  return database ?? openPglite(path.join(dataDir, 'pglite'));
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-crash-'));
  if (testDbKind === 'pglite') fs.cpSync(pgliteTemplateDir(), path.join(dataDir, 'pglite'), { recursive: true });
  else database = await openPostgresTestDatabase();
});
afterAll(async () => {
  if (server) await kill();
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('kill -9 during a 200k-row import', () => {
  it(
    'resumes after every kill and ends with each valid row stored once and exact counts',
    { timeout: 900_000 },
    async () => {
      // An enterprise, its administrator, a Tier field and a segment, written before the server opens the data.
      const seedDb = await openDatabase();
      const [enterprise] = await seedDb.db.insert(enterprises).values({ name: 'Crash test' }).returning();
      const enterpriseId = enterprise!.id;
      await seedDb.db.insert(users).values({
        enterpriseId,
        email: 'crash@test.local',
        name: 'Crash',
        passwordHash: await hashPassword(PASSWORD, 10),
        roles: [1],
      });
      await seedDb.db.insert(customerFields).values({
        enterpriseId,
        fieldName: 'tier',
        fieldLabel: 'Tier',
        fieldHelptext: 'Tier',
        mandatory: true,
        fieldType: 'selectbox-singlevalue',
        defaultValues: ['Gold', 'Silver'],
        position: 0,
      });
      const [segment] = await seedDb.db.insert(customerSegments).values({ enterpriseId, name: 'Imported' }).returning();
      if (!database) await seedDb.close();

      const file = path.join(dataDir, 'big.csv');
      const expected = makeFile(file);

      await startServer();
      const token = await signIn('crash@test.local');
      const form = new FormData();
      form.append('file', new Blob([fs.readFileSync(file)], { type: 'text/csv' }), 'big.csv');
      const sent = await fetch(`${baseUrl}/api/customer-uploads/file`, {
        method: 'POST',
        headers: { [AUTH_HEADER]: token },
        body: form,
      });
      const { uploadId } = ((await sent.json()) as { data: { uploadId: string } }).data;
      await api(token, 'POST', `/api/customer-uploads/${uploadId}/submit`, {
        segmentId: segment!.id,
        replace: false,
        headerMapping: [
          { src: 'name', des: 'Name' },
          { src: 'phoneNumber', des: 'Phone Number' },
          { src: 'tier', des: 'Tier' },
        ],
      });

      type Upload = { state: string; progress: number; totalLines: number; acceptedLines: number; errorLines: number };
      const poll = async (tokenNow: string, until: (upload: Upload) => boolean, limitMs = 600_000) => {
        const deadline = Date.now() + limitMs;
        for (;;) {
          const upload = await api<Upload>(tokenNow, 'GET', `/api/customer-uploads/${uploadId}`);
          if (until(upload)) return upload;
          if (Date.now() > deadline) throw new Error(`timed out at ${JSON.stringify(upload)}`);
          await new Promise((resolve) => setTimeout(resolve, 150));
        }
      };

      let current = token;
      const killedAt: number[] = [];
      for (const point of [0.2, 0.45, 0.7]) {
        const upload = await poll(current, (u) => u.progress >= point || u.state !== 'WAITING');
        expect(upload.state).toBe('WAITING');
        // A little later, so the kill lands anywhere inside a batch.
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.floor(Math.random() * 400)));
        await kill();
        killedAt.push(upload.progress);
        await startServer();
        current = await signIn('crash@test.local');
      }
      const done = await poll(current, (u) => u.state !== 'WAITING');
      expect(killedAt).toHaveLength(3);
      expect(done).toMatchObject({
        state: 'COMPLETED',
        totalLines: ROWS,
        acceptedLines: expected.accepted,
        errorLines: expected.invalid + expected.duplicates,
        progress: 1,
      });
      await kill();

      const check = await openDatabase();
      try {
        const count = async (query: Promise<{ n: number }[]>) => Number((await query)[0]!.n);
        const n = sql<number>`count(*)::int`;
        expect(
          await count(check.db.select({ n }).from(customers).where(eq(customers.enterpriseId, enterpriseId))),
        ).toBe(expected.accepted);
        expect(
          await count(
            check.db
              .select({ n: sql<number>`count(distinct phone_number)::int` })
              .from(customers)
              .where(eq(customers.enterpriseId, enterpriseId)),
          ),
        ).toBe(expected.accepted);
        expect(
          await count(
            check.db
              .select({ n })
              .from(customerSegmentMembers)
              .where(eq(customerSegmentMembers.segmentId, segment!.id)),
          ),
        ).toBe(expected.accepted);
        const [segmentRow] = await check.db.select().from(customerSegments).where(eq(customerSegments.id, segment!.id));
        expect(segmentRow!.memberCount).toBe(expected.accepted);
        const errors = await check.db
          .select({ errors: customerUploadErrors.errors })
          .from(customerUploadErrors)
          .where(eq(customerUploadErrors.uploadId, uploadId));
        expect(errors).toHaveLength(expected.invalid + expected.duplicates);
        expect(errors.filter((row) => row.errors[0]!.startsWith('Duplicate phone number'))).toHaveLength(
          expected.duplicates,
        );
        expect(errors.some((row) => row.errors[0] === customerMessages.duplicateExisting)).toBe(false);
        const [upload] = await check.db.select().from(customerUploads).where(eq(customerUploads.id, uploadId));
        expect(upload!.committedLines).toBe(ROWS);
        expect(upload!.committedBytes).toBe(fs.statSync(file).size);
      } finally {
        if (!database) await check.close();
      }
    },
  );
});
