import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { integrations } from '../../db/schema/enterprise-admin';
import { as, createTenant, createTestApp, json, type Tenant, type TestContext } from '../../../test/test-app';

const GOOD_KEY = 'sk-test-0123456789abcd';
let context: TestContext;
let admin: Tenant;
let fake: http.Server;
let fakeUrl: string;

type Body = { status: boolean; code?: number; fieldErrors?: Record<string, string>; data: Record<string, unknown> };
type Saved = { id: string; name: string; settings: Record<string, unknown>; secrets: Record<string, string> };

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
  token = admin.token,
) {
  return context.app.inject({ method, url, headers: as(token), ...(payload ? { payload } : {}) });
}
const genAi = (name: string, apikey: string | undefined, baseUrl = fakeUrl) => ({
  authType: 5,
  name,
  settings: { llm: 1, baseUrl, model: 'gpt-4o-mini' },
  secrets: apikey === undefined ? {} : { apikey },
});

beforeAll(async () => {
  // A small OpenAI-compatible endpoint that checks the key like the real one.
  fake = http.createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.headers.authorization !== `Bearer ${GOOD_KEY}`) {
      response.statusCode = 401;
      response.end(JSON.stringify({ error: { message: 'Incorrect API key provided' } }));
      return;
    }
    if (request.url === '/v1/models') {
      response.end(JSON.stringify({ object: 'list', data: [{ id: 'gpt-4o-mini' }, { id: 'gpt-4o' }] }));
      return;
    }
    response.statusCode = 404;
    response.end('{}');
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
  context = await createTestApp({ env: { PARLEY_OUTBOUND_ALLOW: '127.0.0.1' } });
  admin = await createTenant(context);
});
afterAll(async () => {
  await context?.close();
  await new Promise((resolve) => fake?.close(resolve));
});

describe('integrations', () => {
  it('keeps secrets encrypted at rest and only ever shows them masked', async () => {
    const created = await call('POST', '/api/integrations', genAi('Assistant', GOOD_KEY));
    expect(created.statusCode).toBe(200);
    const saved = json<{ data: Saved }>(created).data;
    expect(saved.secrets).toEqual({ apikey: 'sk-…abcd' });
    expect(created.body).not.toContain(GOOD_KEY);
    const [row] = await context.database.db.select().from(integrations).where(eq(integrations.id, saved.id));
    expect(row!.secretsEnc).toMatch(/^v1\./);
    expect(row!.secretsEnc).not.toContain(GOOD_KEY);
    const list = await call('GET', '/api/integrations');
    expect(list.body).not.toContain(GOOD_KEY);
    expect(json<{ data: { integrations: Saved[] } }>(list).data.integrations.map((item) => item.name)).toEqual([
      'Assistant',
    ]);
  });

  it('keeps a secret left blank or masked on update, and replaces it with a new value', async () => {
    const { id } = json<{ data: Saved }>(await call('POST', '/api/integrations', genAi('Keeper', GOOD_KEY))).data;
    const masked = await call('PUT', `/api/integrations/${id}`, genAi('Keeper 2', 'sk-…abcd'));
    expect(json<{ data: Saved }>(masked).data).toMatchObject({ name: 'Keeper 2', secrets: { apikey: 'sk-…abcd' } });
    await call('PUT', `/api/integrations/${id}`, genAi('Keeper 2', ''));
    expect(json<{ data: { ok: boolean } }>(await call('POST', `/api/integrations/${id}/test`)).data.ok).toBe(true);
    const replaced = await call('PUT', `/api/integrations/${id}`, genAi('Keeper 2', 'sk-another-key-9999'));
    expect(json<{ data: Saved }>(replaced).data.secrets).toEqual({ apikey: 'sk-…9999' });
  });

  it('answers fieldErrors.name for a duplicate name and changes nothing', async () => {
    await call('POST', '/api/integrations', genAi('Twin', GOOD_KEY));
    const duplicate = await call('POST', '/api/integrations', genAi('twin', GOOD_KEY));
    expect(duplicate.statusCode).toBe(409);
    expect(json<Body>(duplicate).fieldErrors).toEqual({ name: 'An integration with this name already exists' });
    const list = json<{ data: { integrations: Saved[] } }>(await call('GET', '/api/integrations?name=twin'));
    expect(list.data.integrations).toHaveLength(1);
  });

  it('checks each type for its own fields', async () => {
    const noKey = await call('POST', '/api/integrations', genAi('No key', undefined));
    expect(json<Body>(noKey).fieldErrors).toEqual({ 'secrets.apikey': 'Please enter this secret' });
    const database = await call('POST', '/api/integrations', {
      authType: 4,
      name: 'Orders DB',
      settings: { host: '', database: 'orders', username: 'reader', port: 70000 },
      secrets: { password: 'secret-password' },
    });
    expect(database.statusCode).toBe(400);
    expect(Object.keys(json<Body>(database).fieldErrors ?? {}).sort()).toEqual(['settings.host', 'settings.port']);
    const good = await call('POST', '/api/integrations', {
      authType: 4,
      name: 'Orders DB',
      settings: { host: 'db.example.com', database: 'orders', username: 'reader' },
      secrets: { password: 'secret-password' },
    });
    expect(json<{ data: Saved }>(good).data).toMatchObject({
      settings: { dbType: 'mysql', port: 3306 },
      secrets: { password: 'sec…word' },
    });
    const webhook = await call('POST', '/api/integrations', {
      authType: 2,
      name: 'Order hook',
      settings: { url: 'https://hooks.example.com/orders' },
    });
    expect(json<{ data: Saved }>(webhook).data).toMatchObject({ settings: { method: 'POST' }, secrets: {} });
  });

  it('tests a GenAI connection: the answer, or the error in plain words', async () => {
    const { id } = json<{ data: Saved }>(await call('POST', '/api/integrations', genAi('Tested', GOOD_KEY))).data;
    expect(json<{ data: unknown }>(await call('POST', `/api/integrations/${id}/test`)).data).toEqual({
      ok: true,
      message: 'Connected. 2 models available.',
      models: ['gpt-4o-mini', 'gpt-4o'],
    });
    await call('PUT', `/api/integrations/${id}`, genAi('Tested', 'sk-wrong-key-000000'));
    expect(json<{ data: unknown }>(await call('POST', `/api/integrations/${id}/test`)).data).toEqual({
      ok: false,
      message: 'The endpoint refused the API key (HTTP 401)',
    });
    const unreachable = json<{ data: Saved }>(
      await call('POST', '/api/integrations', genAi('Nowhere', GOOD_KEY, 'http://10.1.2.3/v1')),
    ).data;
    const refused = json<{ data: { ok: boolean; message: string } }>(
      await call('POST', `/api/integrations/${unreachable.id}/test`),
    ).data;
    expect(refused).toEqual({
      ok: false,
      message:
        "Could not reach http://10.1.2.3/v1: The address of '10.1.2.3' is private or local and may not be called",
    });
  });

  it('deletes, and another tenant can neither see nor touch it', async () => {
    const { id } = json<{ data: Saved }>(await call('POST', '/api/integrations', genAi('Mine', GOOD_KEY))).data;
    const other = await createTenant(context);
    expect((await call('GET', `/api/integrations/${id}`, undefined, other.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/integrations/${id}`, undefined, other.token)).statusCode).toBe(404);
    expect((await call('POST', `/api/integrations/${id}/test`, undefined, other.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/integrations/${id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/integrations/${id}`)).statusCode).toBe(404);
  });

  it('is for those who manage integrations', async () => {
    const agent = await createTenant(context, { enterpriseId: admin.enterpriseId, roles: [3] });
    expect((await call('GET', '/api/integrations', undefined, agent.token)).statusCode).toBe(403);
  });
});
