import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OFFLINE_GENAI_CONFIG } from '@parley/contracts/integrations';
import { integrations } from '../../db/schema/enterprise-admin';
import { as, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/test-app';

let context: TestContext;
let admin: Tenant;
let designer: Tenant;
let operator: Tenant;
let stranger: Tenant;

type Body = {
  status: boolean;
  code?: number;
  message: string;
  fieldErrors?: Record<string, string>;
  data: unknown;
};

async function call(method: 'GET' | 'POST', url: string, payload?: object, token = admin.token) {
  const response = await context.app.inject({ method, url, payload, headers: as(token) });
  return { statusCode: response.statusCode, body: response.json() as Body };
}

beforeAll(async () => {
  context = await createTestApp();
  admin = await createTenant(context);
  designer = await createTenant(context, { enterpriseId: admin.enterpriseId, roles: [2] });
  operator = await createTenant(context, { enterpriseId: admin.enterpriseId, roles: [3] });
  stranger = await createTenant(context);
});
afterAll(async () => {
  await context?.close();
});

describe('GenAI configurations (Create Configuration)', () => {
  it('lets an agent designer create one: a GenAI integration with the key sealed', async () => {
    const created = await call(
      'POST',
      '/api/genai/configs',
      {
        name: ' Support GPT ',
        llm: 2,
        apikey: 'sk-live-0123456789abcdef',
        baseUrl: 'https://llm.example.com/v1',
        model: 'gpt-4o',
      },
      designer.token,
    );
    expect(created.statusCode).toBe(200);
    const entry = created.body.data as { id: string; name: string; llm: number };
    expect(entry).toMatchObject({ name: 'Support GPT', llm: 2 });

    const [row] = await context.database.db.select().from(integrations).where(eq(integrations.id, entry.id));
    expect(row).toMatchObject({
      enterpriseId: admin.enterpriseId,
      authType: 5,
      settings: { llm: 2, baseUrl: 'https://llm.example.com/v1', model: 'gpt-4o' },
    });
    expect(row!.secretsEnc).toBeTruthy();
    expect(row!.secretsEnc).not.toContain('sk-live-0123456789abcdef');

    // The administrator sees it among the integrations, secret masked.
    const read = await call('GET', `/api/integrations/${entry.id}`);
    expect((read.body.data as { secrets: { apikey: string } }).secrets.apikey).toBe('sk-…cdef');
  });

  it('lists the offline configuration, then only GenAI integrations of the enterprise, by name', async () => {
    await call('POST', '/api/genai/configs', { name: 'alpha', llm: 1, apikey: 'key-a' });
    await call('POST', '/api/integrations', {
      authType: 3,
      name: 'A Zendesk',
      settings: { serverUrl: 'https://z.example.com' },
      secrets: { apiSecret: 'x' },
    });
    await call('POST', '/api/genai/configs', { name: 'Theirs', llm: 1, apikey: 'key-b' }, stranger.token);

    const listed = await call('GET', '/api/genai/configs', undefined, designer.token);
    expect(listed.statusCode).toBe(200);
    const names = (listed.body.data as { name: string; llm: number }[]).map((entry) => entry.name);
    expect(names).toEqual([OFFLINE_GENAI_CONFIG.name, 'alpha', 'Support GPT']);
    const theirs = await call('GET', '/api/genai/configs', undefined, stranger.token);
    expect((theirs.body.data as { name: string }[]).map((entry) => entry.name)).toEqual([
      OFFLINE_GENAI_CONFIG.name,
      'Theirs',
    ]);
  });

  it('shows the spec messages for empty fields', async () => {
    const empty = await call('POST', '/api/genai/configs', { name: '  ', apikey: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body.fieldErrors).toMatchObject({
      name: 'Configuration name should not be empty',
      apikey: 'API Key should not be empty',
      llm: 'LLM Type should not be empty',
    });
    const badUrl = await call('POST', '/api/genai/configs', { name: 'x', llm: 1, apikey: 'k', baseUrl: 'ftp://x' });
    expect(badUrl.statusCode).toBe(400);
  });

  it('refuses a name already used by an integration of the enterprise', async () => {
    const duplicate = await call('POST', '/api/genai/configs', { name: 'ALPHA', llm: 1, apikey: 'key-c' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.body.code).toBe(4801);
    // Another enterprise may use it.
    expect(
      (await call('POST', '/api/genai/configs', { name: 'alpha', llm: 1, apikey: 'k' }, stranger.token)).statusCode,
    ).toBe(200);
  });

  it('is closed to users without NLP.EDIT', async () => {
    expect((await call('GET', '/api/genai/configs', undefined, operator.token)).statusCode).toBe(403);
    expect(
      (await call('POST', '/api/genai/configs', { name: 'x', llm: 1, apikey: 'k' }, operator.token)).statusCode,
    ).toBe(403);
  });
});
