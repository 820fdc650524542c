import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents } from '../src/db/schema/agents';
import { files } from '../src/db/schema/platform';
import { as, createTenant, createTestApp, json, type Tenant, type TestContext } from './test-app';
import { picture, type Envelope } from './uploads';

/**
 * Input no client should send but anyone can: invalid UTF-16 in JSON, broken multipart bodies,
 * NUL and control characters in file names. Each answers a 4xx envelope, and an upload that
 * fails leaves no file behind. (The route fuzzer sends the same classes to every route.)
 */
let context: TestContext;
let admin: Tenant;
let agentId: string;

beforeAll(async () => {
  context = await createTestApp();
  admin = await createTenant(context);
  const [agent] = await context.database.db
    .insert(agents)
    .values({
      enterpriseId: admin.enterpriseId,
      name: 'Malformed',
      description: 'About',
      type: 'nlp',
      outOfScopeMessage: 'Sorry',
    })
    .returning();
  agentId = agent!.id;
});
afterAll(async () => {
  await context?.close();
});

/** Every file under the data folder's files directory. */
function storedFiles(): string[] {
  const root = path.join(context.config.dataDir, 'files');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

const csv = Buffer.from('Phone Number,Name\n+919812345678,Asha\n');
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** The four upload routes, each with its field name and a file it would accept. */
const uploadRoutes = () => [
  { url: '/api/files', field: 'file', name: 'picture.png', bytes: picture() },
  { url: '/api/customer-uploads/file', field: 'file', name: 'customers.csv', bytes: csv },
  { url: '/api/blacklist/import', field: 'file', name: 'numbers.csv', bytes: csv },
  { url: `/api/agents/${agentId}/documents`, field: 'files', name: 'manual.pdf', bytes: pdf },
];

function multipartBody(field: string, fileName: string, bytes: Buffer, boundary = 'parleyboundary42') {
  return Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

async function post(url: string, payload: string | Buffer, contentType: string) {
  const response = await context.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...as(admin.token), 'content-type': contentType },
  });
  return { statusCode: response.statusCode, body: json<Envelope>(response) };
}

describe('invalid UTF-16 in JSON', () => {
  it('refuses a lone surrogate in a string field with a 400 and a field error, and stores nothing', async () => {
    // The JSON text itself is valid; the string it decodes to is not well-formed UTF-16.
    const payload = '{"name":"Hello \\ud800 there.","llm":1,"apikey":"sk-test-0123456789abcdef"}';
    const answer = await post('/api/genai/configs', payload, 'application/json');
    expect(answer.statusCode).toBe(400);
    expect(answer.body.status).toBe(false);
    expect(answer.body.fieldErrors?.name).toMatch(/not valid text/i);
    const listed = await context.app.inject({ method: 'GET', url: '/api/genai/configs', headers: as(admin.token) });
    expect(listed.body).not.toContain('Hello');
  });

  it('refuses a lone low surrogate nested in an array', async () => {
    const payload = '{"name":"Fine","llm":1,"apikey":"sk-test-0123456789abcdef","extra":["ok","\\udc00"]}';
    const answer = await post('/api/genai/configs', payload, 'application/json');
    expect(answer.statusCode).toBe(400);
    expect(answer.body.fieldErrors?.['extra.1']).toMatch(/not valid text/i);
  });
});

describe('broken multipart bodies', () => {
  const broken = (field: string, bytes: Buffer) => ({
    'a truncated part': Buffer.from(
      `--b0undary\r\nContent-Disposition: form-data; name="${field}"; filename="x.csv"\r\n\r\n${bytes.subarray(0, 10).toString('latin1')}`,
      'latin1',
    ),
    'part headers that never end': Buffer.from(`--b0undary\r\nContent-Disposition: form-data; name="${field}"`),
    'a body without the boundary': Buffer.from('this is not multipart at all'),
  });

  it('answers 400 on every upload route, never 500, and leaves no file behind', async () => {
    for (const route of uploadRoutes()) {
      for (const [label, payload] of Object.entries(broken(route.field, route.bytes))) {
        const answer = await post(route.url, payload, 'multipart/form-data; boundary=b0undary');
        expect({ route: route.url, label, status: answer.statusCode }).toEqual({
          route: route.url,
          label,
          status: 400,
        });
        expect(answer.body.status).toBe(false);
      }
      const noBoundary = await post(
        route.url,
        multipartBody(route.field, route.name, route.bytes),
        'multipart/form-data',
      );
      expect({ route: route.url, status: noBoundary.statusCode }).toEqual({ route: route.url, status: 400 });
    }
    expect(storedFiles()).toEqual([]);
  });
});

describe('NUL and control characters in file names', () => {
  it('stores the upload under a cleaned name on every upload route, and no orphan file on failure', async () => {
    for (const route of uploadRoutes()) {
      const before = storedFiles().length;
      const answer = await post(
        route.url,
        multipartBody(route.field, `bad\u0000na\u0007me\ud800${route.name}`, route.bytes),
        'multipart/form-data; boundary=parleyboundary42',
      );
      expect({ route: route.url, status: answer.statusCode }).toEqual({ route: route.url, status: 200 });
      expect(JSON.stringify(answer.body)).not.toMatch(/\\u0000|\\u0007|\\ud800/);
      // One stored file per accepted upload (the blacklist import reads its file and keeps no copy).
      expect(storedFiles().length - before).toBe(route.url === '/api/blacklist/import' ? 0 : 1);
    }
    const names = (await context.database.db.select({ name: files.name }).from(files)).map((row) => row.name);
    expect(names).toContain('badname\uFFFDpicture.png');
  });

  it('refuses a file the store cannot accept without leaving its bytes on disk', async () => {
    const before = storedFiles();
    const answer = await post(
      '/api/files',
      multipartBody('file', 'notes.txt', Buffer.from('plain text is not an accepted type')),
      'multipart/form-data; boundary=parleyboundary42',
    );
    expect(answer.statusCode).toBe(415);
    expect(storedFiles()).toEqual(before);
  });
});
