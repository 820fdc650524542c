import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Database } from '../db/client';
import {
  as,
  captcha,
  createTenant,
  createTestApp,
  json,
  TEST_CAPTCHA,
  TEST_PASSWORD,
  type TestContext,
} from '../../test/test-app';
import { openTestDatabase, testDbKind } from '../../test/test-database';

const envelopeOf = (response: LightMyRequestResponse) => response.json() as Record<string, unknown>;

let database: Database;
let webDist: string;
/** The app as it runs, with a built web app and one test-only route that fails. */
let context: TestContext;

beforeAll(async () => {
  database = await openTestDatabase();
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-web-dist-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Parley</title><div id="root"></div>');
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'assets', 'app-1a2b3c.js'), 'console.log("parley")');
  context = await createTestApp({
    database,
    env: { PARLEY_WEB_DIST: webDist },
    beforeReady: (app) => {
      app.get('/api/test/boom', { config: { permission: 'public' } }, async () => {
        throw new Error('connect ECONNREFUSED 10.0.0.7:5432 password=hunter2 at Pool.query (/srv/parley/db.js:12)');
      });
    },
  });
});
afterAll(async () => {
  await context?.close();
  await database?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('sign-in rate limits', () => {
  it('answers the 4th sign-in attempt in a minute from one address with 429, and other addresses still get in', async () => {
    const limited = await createTestApp({ database, env: { AUTH_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const user = await createTenant(limited, { signIn: false });
      const attempt = async (remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/account/login',
          remoteAddress,
          payload: {
            email: user.email,
            password: TEST_PASSWORD,
            captchaId: await captcha(limited),
            captcha: TEST_CAPTCHA,
          },
        });
      for (let n = 1; n <= 3; n++) expect(json(await attempt('203.0.113.9')).data.state).toBe('signedIn');
      const fourth = await attempt('203.0.113.9');
      expect(fourth.statusCode).toBe(429);
      expect(envelopeOf(fourth)).toEqual({
        status: false,
        code: 1429,
        message: 'Too many attempts. Please wait a minute and try again.',
      });
      expect(fourth.headers['retry-after']).toBeDefined();
      expect(fourth.headers['x-request-id']).toBeDefined();
      expect(json(await attempt('198.51.100.4')).data.state).toBe('signedIn');
    } finally {
      await limited.close();
    }
  });
});

describe('headers on every response', () => {
  it('sends the security headers', async () => {
    // A 200, the web app, and a reply refused by the auth hook (401) all carry them.
    for (const url of ['/api/health', '/admin/users', '/api/account/me']) {
      const response = await context.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['strict-transport-security']).toBeDefined();
    }
  });

  it('gives every response a request id, keeping a well-formed one from the caller', async () => {
    const responses = await Promise.all([
      context.app.inject({ method: 'GET', url: '/api/health' }),
      context.app.inject({ method: 'GET', url: '/api/account/me' }),
      context.app.inject({ method: 'GET', url: '/api/nope' }),
      context.app.inject({ method: 'GET', url: '/api/test/boom' }),
    ]);
    const ids = responses.map((response) => response.headers['x-request-id']);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 401, 404, 500]);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(ids.length);

    const traced = await context.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-trace-42' },
    });
    expect(traced.headers['x-request-id']).toBe('lb-trace-42');
    const forged = await context.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id\u0007<script>' },
    });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('errors', () => {
  it('answers an unknown /api path with the 404 envelope, whatever the method or accept header', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/nope' },
      { method: 'POST' as const, url: '/api/nope' },
      { method: 'GET' as const, url: '/api/nope', headers: { accept: 'text/html' } },
    ]) {
      const response = await context.app.inject(request);
      expect(response.statusCode).toBe(404);
      expect(envelopeOf(response)).toEqual({ status: false, code: 1404, message: 'Not found' });
    }
  });

  it('never shows internals in a 5xx body', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(envelopeOf(response)).toEqual({ status: false, code: 1500, message: 'Something went wrong' });
    expect(response.body).not.toMatch(/hunter2|ECONNREFUSED|db\.js|stack/);
  });

  it('answers a body that is not JSON, and one that is too large, with the error envelope', async () => {
    const broken = await context.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.test", ',
    });
    expect(broken.statusCode).toBe(400);
    expect(envelopeOf(broken)).toEqual({ status: false, code: 1400, message: 'The request could not be read' });

    const huge = await context.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(envelopeOf(huge)).toEqual({
      status: false,
      code: 1414,
      message: 'This request is too large. Shorten the text and try again.',
    });
  });
});

describe('documentation and health', () => {
  it('publishes an OpenAPI document of the API at /api/docs/json', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths['/api/account/login']).toHaveProperty('post');
    expect(document.paths['/api/admin/audit-trail']).toHaveProperty('get');
    expect(document.paths['/api/files']).toHaveProperty('post');
    expect(document.paths['/api/ready']).toHaveProperty('get');
    const ui = await context.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('says which database it is ready on, and that it is alive', async () => {
    expect(envelopeOf(await context.app.inject({ method: 'GET', url: '/api/ready' }))).toEqual({
      status: true,
      message: 'Success',
      data: { database: testDbKind },
    });
    const health = envelopeOf(await context.app.inject({ method: 'GET', url: '/api/health' }));
    expect(health).toMatchObject({ status: true, data: { uptimeSeconds: expect.any(Number) } });
  });
});

describe('the web app', () => {
  it('serves index.html for a console page a browser asks for, and the built assets', async () => {
    const page = await context.app.inject({ method: 'GET', url: '/admin/users', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<div id="root"></div>');

    const asset = await context.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("parley")');
    expect(asset.headers['cache-control']).toContain('immutable');

    const notAPage = await context.app.inject({
      method: 'GET',
      url: '/admin/users',
      headers: { accept: 'application/json' },
    });
    expect(notAPage.statusCode).toBe(404);
    expect(envelopeOf(notAPage)).toMatchObject({ code: 1404 });
  });

  it('explains how to build the web app when it is missing', async () => {
    const bare = await createTestApp({ database });
    try {
      const page = await bare.app.inject({ method: 'GET', url: '/admin/users', headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(503);
      expect(page.body).toContain('npm run build -w web');
    } finally {
      await bare.close();
    }
  });
});

describe('the audit log', () => {
  interface Entry {
    userId: string | null;
    userName: string | null;
    action: string;
    method: string;
    route: string;
    target: string | null;
    statusCode: number;
    requestId: string;
  }

  async function auditTrail(token: string): Promise<Entry[]> {
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/admin/audit-trail?perPage=200',
      headers: as(token),
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as { data: { entries: Entry[] } }).data.entries;
  }

  /** The audit row is written as the response finishes: wait for it briefly. */
  async function entryFor(token: string, requestId: string): Promise<Entry | undefined> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const found = (await auditTrail(token)).find((entry) => entry.requestId === requestId);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return undefined;
  }

  it('records who changed what, on which target, with the outcome — and not reads', async () => {
    const admin = await createTenant(context, { roles: [1] });
    const signIn = await context.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: {
        email: admin.email,
        password: TEST_PASSWORD,
        captchaId: await captcha(context),
        captcha: TEST_CAPTCHA,
      },
    });
    const otherSession = (
      await context.app.inject({ method: 'GET', url: '/api/account/sessions', headers: as(admin.token) })
    )
      .json()
      .data.sessions.find((session: { current: boolean }) => !session.current).id as string;

    const revoke = await context.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${otherSession}`,
      headers: as(admin.token),
    });
    expect(revoke.statusCode).toBe(200);
    const missing = crypto.randomUUID();
    const failed = await context.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${missing}`,
      headers: as(admin.token),
    });
    expect(failed.statusCode).toBe(404);

    expect(await entryFor(admin.token, String(revoke.headers['x-request-id']))).toMatchObject({
      userId: admin.userId,
      userName: expect.any(String),
      action: 'account.session.revoke',
      method: 'DELETE',
      route: '/api/account/sessions/:id',
      target: otherSession,
      statusCode: 200,
    });
    expect(await entryFor(admin.token, String(failed.headers['x-request-id']))).toMatchObject({
      action: 'account.session.revoke',
      target: missing,
      statusCode: 404,
    });
    // Signing in is recorded for the user who signed in, though the request had no session yet.
    expect(await entryFor(admin.token, String(signIn.headers['x-request-id']))).toMatchObject({
      userId: admin.userId,
      action: 'account.login',
      statusCode: 200,
    });

    const before = (await auditTrail(admin.token)).length;
    const read = await context.app.inject({ method: 'GET', url: '/api/account/me', headers: as(admin.token) });
    expect(read.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = await auditTrail(admin.token);
    expect(after).toHaveLength(before);
    expect(after.find((entry) => entry.requestId === read.headers['x-request-id'])).toBeUndefined();
  });

  it("keeps each enterprise's audit trail to itself", async () => {
    const admin = await createTenant(context, { roles: [1] });
    const neighbour = await createTenant(context, { roles: [1] });
    const trail = await auditTrail(neighbour.token);
    expect(trail.some((entry) => entry.userId === admin.userId)).toBe(false);
    expect(trail.every((entry) => entry.userId === neighbour.userId)).toBe(true);
  });
});
