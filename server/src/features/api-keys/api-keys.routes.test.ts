import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTenant, createTestApp, json, type Tenant, type TestContext } from '../../../test/test-app';

let context: TestContext;
let admin: Tenant;
let other: Tenant;

type Created = { key: { id: string; maskedKey: string; roles: number[] }; secret: string };
async function createKey(token: string, body: Record<string, unknown>) {
  return context.app.inject({ method: 'POST', url: '/api/api-keys', headers: as(token), payload: body });
}
async function outbox(headers: Record<string, string>) {
  return context.app.inject({ method: 'GET', url: '/api/admin/outbox', headers });
}

beforeAll(async () => {
  context = await createTestApp();
  admin = await createTenant(context);
  other = await createTenant(context);
  // A mail in the admin's outbox (the forgot-password mail goes there when no SMTP is set).
  await context.mailer.send({
    enterpriseId: admin.enterpriseId,
    to: 'someone@tenant.test',
    subject: 'Hello',
    text: 'Hi',
  });
});
afterAll(async () => {
  await context?.close();
});

describe('API keys', () => {
  it('shows the full key once and lists it masked afterwards', async () => {
    const response = await createKey(admin.token, { name: 'CRM sync', roles: [1] });
    expect(response.statusCode).toBe(200);
    const { key, secret } = json<{ data: Created }>(response).data;
    expect(secret).toMatch(/^pk_[\w-]{40,}$/);
    expect(key.maskedKey).toBe(`${secret.slice(0, 7)}…`);
    const list = await context.app.inject({ method: 'GET', url: '/api/api-keys', headers: as(admin.token) });
    expect(list.body).not.toContain(secret);
    expect(json<{ data: { keys: { name: string; maskedKey: string }[] } }>(list).data.keys).toEqual([
      expect.objectContaining({ name: 'CRM sync', maskedKey: key.maskedKey }),
    ]);
  });

  it('lets a valid key read the outbox of its enterprise, in either header', async () => {
    const { secret } = json<{ data: Created }>(await createKey(admin.token, { name: 'Reader', roles: [1] })).data;
    const byHeader = await outbox({ 'x-api-key': secret });
    expect(byHeader.statusCode).toBe(200);
    expect(json<{ data: { mails: { subject: string }[] } }>(byHeader).data.mails.map((mail) => mail.subject)).toEqual([
      'Hello',
    ]);
    expect((await outbox({ authorization: `Bearer ${secret}` })).statusCode).toBe(200);
    const keys = await context.app.inject({ method: 'GET', url: '/api/api-keys', headers: as(admin.token) });
    expect(json<{ data: { keys: { name: string; lastUsedAt: string | null }[] } }>(keys).data.keys).toContainEqual(
      expect.objectContaining({ name: 'Reader', lastUsedAt: expect.any(String) }),
    );
  });

  it('shows a key of another tenant nothing of this one', async () => {
    const { secret } = json<{ data: Created }>(await createKey(other.token, { name: 'Other', roles: [1] })).data;
    const response = await outbox({ 'x-api-key': secret });
    expect(json<{ data: { mails: unknown[] } }>(response).data.mails).toEqual([]);
    const mine = json<{ data: Created }>(await createKey(admin.token, { name: 'Mine', roles: [1] })).data;
    const revoke = await context.app.inject({
      method: 'DELETE',
      url: `/api/api-keys/${mine.key.id}`,
      headers: { 'x-api-key': secret },
    });
    expect(revoke.statusCode).toBe(404);
    expect((await outbox({ 'x-api-key': mine.secret })).statusCode).toBe(200);
  });

  it('refuses a revoked key at once', async () => {
    const { key, secret } = json<{ data: Created }>(
      await createKey(admin.token, { name: 'Short-lived', roles: [1] }),
    ).data;
    expect((await outbox({ 'x-api-key': secret })).statusCode).toBe(200); // now cached
    const revoke = await context.app.inject({
      method: 'DELETE',
      url: `/api/api-keys/${key.id}`,
      headers: as(admin.token),
    });
    expect(json<{ data: { revokedAt: string | null } }>(revoke).data.revokedAt).toEqual(expect.any(String));
    const refused = await outbox({ 'x-api-key': secret });
    expect(refused.statusCode).toBe(401);
    expect((await outbox({ authorization: `Bearer ${secret}` })).statusCode).toBe(401);
  });

  it('answers 403 when the roles of the key lack the permission', async () => {
    const { secret } = json<{ data: Created }>(await createKey(admin.token, { name: 'Agent key', roles: [3] })).data;
    const response = await outbox({ 'x-api-key': secret });
    expect(response.statusCode).toBe(403);
  });

  it('never lets a key act as a person', async () => {
    const { secret } = json<{ data: Created }>(await createKey(admin.token, { name: 'Robot', roles: [1] })).data;
    for (const url of ['/api/account/me', '/api/account/sessions']) {
      expect((await context.app.inject({ method: 'GET', url, headers: { 'x-api-key': secret } })).statusCode).toBe(403);
    }
    const setup = await context.app.inject({
      method: 'POST',
      url: '/api/account/two-factor/setup',
      headers: { 'x-api-key': secret },
    });
    expect(setup.statusCode).toBe(403);
  });

  it('names the key in the audit trail', async () => {
    const { secret } = json<{ data: Created }>(await createKey(admin.token, { name: 'Auditor', roles: [1] })).data;
    await context.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: { 'x-api-key': secret },
      payload: { name: 'Made by a key', roles: [6] },
    });
    // The audit row is written once the response has gone out: wait for it.
    const action = encodeURIComponent('apiKey.create (API key: Auditor)');
    await expect
      .poll(async () => {
        const trail = await context.app.inject({
          method: 'GET',
          url: `/api/admin/audit-trail?action=${action}`,
          headers: as(admin.token),
        });
        return json<{ data: { entries: { userId: string }[] } }>(trail).data.entries;
      })
      .toEqual([expect.objectContaining({ userId: admin.userId })]);
  });

  it('refuses bad input and permissions the creator does not hold, changing nothing', async () => {
    const before = await context.app.inject({ method: 'GET', url: '/api/api-keys', headers: as(admin.token) });
    const empty = await createKey(admin.token, { name: ' ', roles: [] });
    expect(empty.statusCode).toBe(400);
    expect(json<{ fieldErrors: Record<string, string> }>(empty).fieldErrors).toMatchObject({
      name: expect.any(String),
      roles: expect.any(String),
    });
    expect((await createKey(admin.token, { name: 'Unknown role', roles: [9] })).statusCode).toBe(400);
    // A key made by a key with only 'Report Viewer' cannot be given 'Administrator'.
    const reader = json<{ data: Created }>(await createKey(admin.token, { name: 'Manager key', roles: [1] })).data;
    const narrow = json<{ data: Created }>(
      await context.app.inject({
        method: 'POST',
        url: '/api/api-keys',
        headers: { 'x-api-key': reader.secret },
        payload: { name: 'Narrow', roles: [6] },
      }),
    ).data;
    expect(narrow.key.roles).toEqual([6]);
    const wider = await context.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: { 'x-api-key': narrow.secret },
      payload: { name: 'Wider', roles: [1] },
    });
    expect(wider.statusCode).toBe(403);
    const after = await context.app.inject({ method: 'GET', url: '/api/api-keys', headers: as(admin.token) });
    const names = (response: typeof before) =>
      json<{ data: { keys: { name: string }[] } }>(response).data.keys.map((key) => key.name);
    expect(names(after)).not.toContain('Unknown role');
    expect(names(after)).not.toContain('Wider');
    expect(names(after).length).toBe(names(before).length + 2);
  });
});
