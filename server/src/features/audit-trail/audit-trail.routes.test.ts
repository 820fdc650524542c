import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/platform';
import { as, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/test-app';

let context: TestContext;
let admin: Tenant;
let colleague: Tenant;

type Entry = { action: string; userId: string; createdAt: string };
async function trail(query: string, token = admin.token) {
  const response = await context.app.inject({
    method: 'GET',
    url: `/api/admin/audit-trail${query}`,
    headers: as(token),
  });
  return response.json() as { status: boolean; code?: number; data: { entries: Entry[]; more: boolean } };
}

beforeAll(async () => {
  context = await createTestApp();
  admin = await createTenant(context);
  colleague = await createTenant(context, { enterpriseId: admin.enterpriseId, roles: [1] });
  await context.app.inject({ method: 'POST', url: '/api/account/two-factor/setup', headers: as(colleague.token) });
  // Audit entries are written after the answer is sent: wait for the three before reading them.
  for (let tries = 0; (await trail('')).data.entries.length < 3 && tries < 100; tries += 1)
    await new Promise((resolve) => setTimeout(resolve, 50));
});
afterAll(async () => {
  await context?.close();
});

describe('audit trail', () => {
  it('lists who did what, newest first', async () => {
    const { data } = await trail('');
    expect(data.entries.map((entry) => entry.action)).toEqual([
      'account.twoFactor.setup',
      'account.login',
      'account.login',
    ]);
  });

  it('filters by user, by action and by date range', async () => {
    expect((await trail(`?userId=${colleague.userId}`)).data.entries.map((entry) => entry.action)).toEqual([
      'account.twoFactor.setup',
      'account.login',
    ]);
    expect((await trail('?action=account.login')).data.entries).toHaveLength(2);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await trail(`?fromDate=${future}`)).data.entries).toHaveLength(0);
    expect((await trail(`?toDate=${future}`)).data.entries).toHaveLength(3);
  });

  it('pages with from and perPage and says when there is more', async () => {
    const first = await trail('?perPage=2');
    expect(first.data.entries).toHaveLength(2);
    expect(first.data.more).toBe(true);
    const second = await trail('?perPage=2&from=2');
    expect(second.data.entries).toHaveLength(1);
    expect(second.data.more).toBe(false);
  });

  it('is for those who may view it', async () => {
    const agent = await createTenant(context, { enterpriseId: admin.enterpriseId, roles: [3] });
    expect((await trail('', agent.token)).code).toBe(1403);
  });

  it('exports the filtered trail as CSV with formula-like cells neutralised', async () => {
    await context.database.db
      .update(users)
      .set({ name: '=HYPERLINK("http://evil.test","x")' })
      .where(eq(users.id, colleague.userId));
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/admin/audit-trail/export.csv?userId=${colleague.userId}`,
      headers: as(admin.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="audit-trail.csv"');
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('When,User,Action,Target,Status,Method,Route,IP,Request ID');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`,"'=HYPERLINK(""http://evil.test"",""x"")",account.twoFactor.setup,,200,POST,`);
    const other = await context.app.inject({
      method: 'GET',
      url: '/api/admin/audit-trail/export.csv?action=nothing.like.this',
      headers: as(admin.token),
    });
    expect(other.body.trimEnd().split('\r\n')).toHaveLength(1);
    const bad = await context.app.inject({
      method: 'GET',
      url: '/api/admin/audit-trail/export.csv?fromDate=yesterday',
      headers: as(admin.token),
    });
    expect(bad.statusCode).toBe(400);
  });
});
