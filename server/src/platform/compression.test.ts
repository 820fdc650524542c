import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { as, createTenant, createTestApp, type Tenant, type TestContext } from '../../test/test-app';

let context: TestContext;
let webDist: string;
let admin: Tenant;

// A built web app as `npm run build -w web` leaves it: each text file with its brotli and gzip copy.
const script = `export const greeting = ${JSON.stringify('Hello from Parley. '.repeat(400))};\n`;
const page = `<!doctype html><html><head><title>Parley</title><script type="module" src="/assets/index-1a2b3c.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;

function writeBuilt(file: string, text: string) {
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text, { level: 9 }));
}

function decoded(response: LightMyRequestResponse): string {
  const raw = response.rawPayload;
  switch (response.headers['content-encoding']) {
    case 'br':
      return zlib.brotliDecompressSync(raw).toString('utf8');
    case 'gzip':
      return zlib.gunzipSync(raw).toString('utf8');
    default:
      return raw.toString('utf8');
  }
}

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-web-dist-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  writeBuilt(path.join(webDist, 'index.html'), page);
  writeBuilt(path.join(webDist, 'assets', 'index-1a2b3c.js'), script);
  context = await createTestApp({ env: { PARLEY_WEB_DIST: webDist } });
  admin = await createTenant(context);
  // Enough customers for a list answer well above 1 KiB, and as many audit entries.
  for (let index = 0; index < 12; index += 1) {
    const created = await context.app.inject({
      method: 'POST',
      url: '/api/customers',
      headers: as(admin.token),
      payload: { name: `Customer number ${index}`, phoneNumber: `98765${String(index).padStart(5, '0')}` },
    });
    expect(created.statusCode, created.body).toBe(200);
  }
});

afterAll(async () => {
  await context?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('the web app’s files', () => {
  const asset = (acceptEncoding?: string) =>
    context.app.inject({
      method: 'GET',
      url: '/assets/index-1a2b3c.js',
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends the brotli copy of a built script to a browser that accepts brotli', async () => {
    const response = await asset('gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBe(fs.statSync(path.join(webDist, 'assets', 'index-1a2b3c.js.br')).size);
    expect(decoded(response)).toBe(script);
  });

  it('sends the gzip copy to a client that accepts only gzip, and the file itself to one that accepts neither', async () => {
    const gzip = await asset('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(decoded(gzip)).toBe(script);

    for (const plain of [await asset(), await asset('identity')]) {
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body).toBe(script);
    }
  });

  it('lets a browser keep hashed files for a year, and revalidate the page on every load', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const response = await asset(encoding);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const index = await context.app.inject({
      method: 'GET',
      url: '/index.html',
      headers: { 'accept-encoding': 'br' },
    });
    expect(index.statusCode).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.headers['content-encoding']).toBe('br');
    expect(decoded(index)).toBe(page);

    const consolePage = await context.app.inject({
      method: 'GET',
      url: '/customers',
      headers: { accept: 'text/html', 'accept-encoding': 'gzip' },
    });
    expect(consolePage.statusCode).toBe(200);
    expect(consolePage.headers['cache-control']).toBe('no-cache');
    expect(decoded(consolePage)).toBe(page);
  });

  it('does not serve the compressed copies under their own names', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/assets/index-1a2b3c.js.br' });
    expect(response.statusCode).toBe(404);
  });
});

describe('API answers', () => {
  it('compresses a JSON answer above 1 KiB for a client that accepts it', async () => {
    const plain = await context.app.inject({
      method: 'GET',
      url: '/api/customers?perPage=20',
      headers: as(admin.token),
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    for (const encoding of ['br', 'gzip']) {
      const response = await context.app.inject({
        method: 'GET',
        url: '/api/customers?perPage=20',
        headers: { ...as(admin.token), 'accept-encoding': encoding },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decoded(response))).toEqual(plain.json());
    }
  });

  it('sends a small JSON answer as it is', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ status: true });
  });

  it('keeps a CSV download a download: same file name and content, compressed on the wire', async () => {
    const url = '/api/admin/audit-trail/export.csv';
    const plain = await context.app.inject({ method: 'GET', url, headers: as(admin.token) });
    expect(plain.statusCode).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    const response = await context.app.inject({
      method: 'GET',
      url,
      headers: { ...as(admin.token), 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="audit-trail.csv"');
    expect(decoded(response)).toBe(plain.body);
  });
});
