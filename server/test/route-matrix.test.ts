import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignActivities,
  campaignBlockTimes,
  campaignFrequencyCaps,
  campaignLists,
  campaignRuns,
  campaigns,
} from '../src/db/schema/campaigns';
import { listRoutes, type RegisteredRoute } from '../src/platform/request-hooks';
import { as, captcha, createTenant, createTestApp, TEST_CAPTCHA, type Tenant, type TestContext } from './test-app';

/**
 * Every route registered in Fastify, checked automatically: it declares a permission, it refuses
 * callers without a session, and a second tenant's admin can neither read nor change the first
 * tenant's rows through it. New features are covered without writing anything here.
 */
let context: TestContext;
let routes: RegisteredRoute[];
let tenantA: Tenant;
let tenantB: Tenant;
let idsOfA: string[];

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function fill(url: string, value: string) {
  return url.replace(/:(\w+)/g, () => encodeURIComponent(value));
}

async function upload(token: string) {
  const boundary = '----parleymatrix';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/files',
    payload,
    headers: { ...as(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(response.statusCode).toBe(200);
}

/** Every id in every tenant-owned table (a table with an enterprise_id column) that belongs to `enterpriseId`. */
async function tenantIds(enterpriseId: string): Promise<string[]> {
  const { rows: tables } = await context.database.raw(
    `select table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'enterprise_id'
        and table_name in (select table_name from information_schema.columns where table_schema = 'public' and column_name = 'id')`,
    [],
  );
  const ids: string[] = [enterpriseId];
  for (const { table_name: table } of tables as { table_name: string }[]) {
    const { rows } = await context.database.raw(
      `select id::text as id from "${table}" where enterprise_id = $1 limit 5`,
      [enterpriseId],
    );
    ids.push(...rows.map((row) => String(row.id)));
  }
  return ids;
}

/** A campaign with its activity, run and uploaded list, and protection rules, for the probes below. */
async function campaignRowsFor(enterpriseId: string) {
  const db = context.database.db;
  const audience = { segmentIds: [], groupIds: [], listIds: [], filters: [] };
  const [campaign] = await db
    .insert(campaigns)
    .values({ enterpriseId, name: 'Matrix campaign', variants: [], audience, schedule: { kind: 'now' } })
    .returning({ id: campaigns.id });
  const [activity] = await db
    .insert(campaignActivities)
    .values({ enterpriseId, campaignId: campaign!.id, name: 'Matrix campaign', campaignVersion: 1, snapshot: {} })
    .returning({ id: campaignActivities.id });
  await db
    .insert(campaignRuns)
    .values({ enterpriseId, campaignId: campaign!.id, activityId: activity!.id, occurrence: new Date() });
  await db.insert(campaignLists).values({ enterpriseId, name: 'matrix.csv', count: 0 });
  await db.insert(campaignBlockTimes).values({ enterpriseId, name: 'Night', fromTime: '21:00', toTime: '09:00' });
  await db.insert(campaignFrequencyCaps).values({ enterpriseId, name: 'Daily', maxMessages: 2, period: 'day' });
}

beforeAll(async () => {
  context = await createTestApp();
  routes = listRoutes(context.app).filter((route) => route.url.startsWith('/api/'));
  tenantA = await createTenant(context);
  tenantB = await createTenant(context);
  // Give tenant A rows in every table the platform has: a file, a mail, audit entries, events, sessions.
  await upload(tenantA.token);
  await context.app.inject({
    method: 'POST',
    url: '/api/account/recover',
    payload: { emailId: tenantA.email, captchaId: await captcha(context, 'forgetPassword'), captcha: TEST_CAPTCHA },
  });
  await context.bus.publish({ enterpriseId: tenantA.enterpriseId, name: 'system.notice', payload: { text: 'hello' } });
  await campaignRowsFor(tenantA.enterpriseId);
  idsOfA = await tenantIds(tenantA.enterpriseId);
});

afterAll(async () => {
  await context?.close();
});

describe('route matrix', () => {
  it('finds the routes', () => {
    expect(routes.length).toBeGreaterThan(15);
    expect(idsOfA.length).toBeGreaterThan(5);
  });

  it('every /api route declares who may call it', () => {
    const undeclared = routes
      .filter((route) => route.permission === undefined)
      .map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
  });

  it('every route that is not public answers 401 without a session', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((candidate) => candidate.permission !== 'public')) {
      const response = await context.app.inject({
        method: route.method as 'GET',
        url: fill(route.url, '00000000-0000-4000-8000-000000000000'),
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      if (response.statusCode !== 401 || response.json().code !== 1401)
        failures.push(`${route.method} ${route.url} → ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it("no list answers the second tenant with the first tenant's ids", async () => {
    const failures: string[] = [];
    for (const route of routes.filter((candidate) => candidate.method === 'GET' && !/:\w+/.test(candidate.url))) {
      if (route.url.startsWith('/api/docs') || route.url === '/api/ws') continue;
      const response = await context.app.inject({ method: 'GET', url: route.url, headers: as(tenantB.token) });
      // (runs before the probing below: B's own audit trail rightly records B's attempts on A's ids)
      const leaked = idsOfA.filter((id) => id.length > 20 && response.body.includes(id));
      if (leaked.length > 0) failures.push(`${route.url} leaks ${leaked.join(', ')}`);
    }
    expect(failures).toEqual([]);
  });

  it("a second tenant's admin can neither read nor change the first tenant's ids", async () => {
    const failures: string[] = [];
    for (const route of routes.filter((candidate) => /:\w+/.test(candidate.url))) {
      for (const id of idsOfA) {
        const response = await context.app.inject({
          method: route.method as 'GET',
          url: fill(route.url, id),
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
          headers: as(tenantB.token),
        });
        if (response.statusCode < 400)
          failures.push(`${route.method} ${route.url} with ${id} → ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('the first tenant still sees its own rows (the checks above are not vacuous)', async () => {
    const outbox = await context.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: as(tenantA.token) });
    expect(outbox.json().data.mails.length).toBe(1);
    const mailId = outbox.json().data.mails[0].id as string;
    expect(idsOfA).toContain(mailId);
    const own = await context.app.inject({
      method: 'GET',
      url: `/api/admin/outbox/${mailId}`,
      headers: as(tenantA.token),
    });
    expect(own.statusCode).toBe(200);
    // The campaign rows are A's and reachable by A; B's probe of the same id is a 404.
    const list = await context.app.inject({ method: 'GET', url: '/api/campaigns', headers: as(tenantA.token) });
    const campaign = list.json().data.campaigns.find((row: { name: string }) => row.name === 'Matrix campaign');
    expect(idsOfA).toContain(campaign.id);
    const stats = (token: string) =>
      context.app.inject({ method: 'GET', url: `/api/campaigns/${campaign.id}/stats`, headers: as(token) });
    expect((await stats(tenantA.token)).statusCode).toBe(200);
    expect((await stats(tenantB.token)).statusCode).toBe(404);
  });
});
