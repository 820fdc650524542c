import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTenant, type Tenant, type TestContext } from '../../../../test/test-app';
import { testDbKind } from '../../../../test/test-database';
import {
  HOUR,
  insertCampaign,
  insertCampaignBroadcast,
  insertRun,
  reportContext,
  sandboxChannel,
} from './report-test-kit';

/**
 * The report of a large campaign stays set-based: 100,000 recipients on PostgreSQL (20,000 on
 * PGlite), a tenth of whom answer (half of those too late), a fifth delivered, and a later
 * campaign that takes every twentieth customer's reply. The figures are exact and come in seconds.
 */
const COUNT = testDbKind === 'postgres' ? 100_000 : 20_000;

let context: TestContext;
let tenant: Tenant;
let campaignId: string;
const T0 = new Date('2026-10-01T06:00:00Z');

const get = (url: string) => context.app.inject({ method: 'GET', url, headers: as(tenant.token) });

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

beforeAll(async () => {
  context = await reportContext();
  const db = context.database.db;
  const raw = context.database.raw;
  tenant = await createTenant(context);
  const channel = await sandboxChannel(context, tenant);
  const campaign = await insertCampaign(db, { enterpriseId: tenant.enterpriseId, name: 'Big sale' });
  campaignId = campaign.id;
  const run = await insertRun(db, campaign, { occurrence: T0 });
  const broadcast = await insertCampaignBroadcast(db, {
    enterpriseId: tenant.enterpriseId,
    channelId: channel.id,
    campaignId,
    runId: run.id,
    variant: 'A',
  });
  const later = await insertCampaign(db, { enterpriseId: tenant.enterpriseId, name: 'Later' });
  const laterRun = await insertRun(db, later, { occurrence: new Date(T0.getTime() + 2 * HOUR) });
  const laterBroadcast = await insertCampaignBroadcast(db, {
    enterpriseId: tenant.enterpriseId,
    channelId: channel.id,
    campaignId: later.id,
    runId: laterRun.id,
  });
  const phone = (expression: string) => `'+9197' || lpad((${expression})::text, 8, '0')`;
  // Every recipient accepted; every fifth delivered.
  await raw(
    `WITH rows AS (
       INSERT INTO broadcast_recipients (id, enterprise_id, broadcast_id, phone, state, attempts, sent_at)
       SELECT gen_random_uuid(), $1, $2, ${phone('n')}, 'accepted', 1, $4
       FROM generate_series(1, $5::int) AS n
       RETURNING id, phone)
     INSERT INTO channel_messages (enterprise_id, channel_id, direction, customer_number, vendor_message_id, kind, status, status_at, source, source_id, created_at)
     SELECT $1, $3, 'out', phone, 'wamid.' || id, 'template',
       CASE WHEN right(phone, 1) IN ('0', '5') THEN 'delivered' ELSE 'sent' END, $4, 'broadcast', id, $4
     FROM rows`,
    [tenant.enterpriseId, broadcast.id, channel.id, T0, COUNT],
  );
  await raw(
    `UPDATE broadcast_recipients r SET message_id = m.id FROM channel_messages m
     WHERE m.source_id = r.id AND r.broadcast_id = $1`,
    [broadcast.id],
  );
  // Every tenth customer answers: n ≡ 0 (mod 20) within the hour, n ≡ 10 (mod 20) after 80 hours.
  await raw(
    `INSERT INTO channel_messages (enterprise_id, channel_id, direction, customer_number, kind, status, status_at, source, routed_at, created_at)
     SELECT $1, $2, 'in', ${phone('n')}, 'text', 'received', t, 'inbound', t, t
     FROM generate_series(10, $3::int, 10) AS n,
       LATERAL (SELECT $4::timestamptz + CASE WHEN n % 20 = 0 THEN interval '3 hours' ELSE interval '80 hours' END AS t) x`,
    [tenant.enterpriseId, channel.id, COUNT, T0],
  );
  // The later campaign messages every customer n ≡ 0 (mod 40) at +2 h: their +3 h reply is its.
  await raw(
    `WITH rows AS (
       INSERT INTO broadcast_recipients (id, enterprise_id, broadcast_id, phone, state, attempts, sent_at)
       SELECT gen_random_uuid(), $1, $2, ${phone('n')}, 'accepted', 1, $4
       FROM generate_series(40, $5::int, 40) AS n
       RETURNING id, phone)
     INSERT INTO channel_messages (enterprise_id, channel_id, direction, customer_number, kind, status, status_at, source, source_id, created_at)
     SELECT $1, $3, 'out', phone, 'template', 'sent', $4, 'broadcast', id, $4 FROM rows`,
    [tenant.enterpriseId, laterBroadcast.id, channel.id, new Date(T0.getTime() + 2 * HOUR), COUNT],
  );
  await raw('ANALYZE', []);
}, 300_000);

afterAll(async () => {
  await context?.close();
});

describe(`the report of a campaign of ${COUNT.toLocaleString('en')} recipients`, () => {
  it('counts replies exactly, within the window and for the last campaign, in seconds', async () => {
    const { result: response, ms } = await timed(() => get(`/api/campaigns/${campaignId}/stats`));
    expect(response.statusCode).toBe(200);
    const { funnel, daily } = response.json().data;
    // Answered in time: n ≡ 0 (mod 20), less those the later campaign took (n ≡ 0 mod 40).
    expect(funnel).toMatchObject({
      targeted: COUNT,
      sent: COUNT,
      delivered: COUNT / 5,
      replied: COUNT / 20 - COUNT / 40,
    });
    expect(daily).toEqual([{ date: '2026-10-01', sent: COUNT, delivered: COUNT / 5, read: 0, replied: COUNT / 40 }]);
    console.info(`campaign stats of ${COUNT} recipients: ${Math.round(ms)} ms (${testDbKind})`);
    expect(ms).toBeLessThan(30_000);
  }, 60_000);

  it('lists, pages, filters and exports', async () => {
    const list = await timed(() => get('/api/campaigns/report'));
    expect(list.result.json().data.campaigns[0].funnel.replied).toBe(COUNT / 40);
    const page = await timed(() => get(`/api/campaigns/${campaignId}/recipients`));
    expect(page.result.json().data.recipients).toHaveLength(20);
    const replied = await timed(() => get(`/api/campaigns/${campaignId}/recipients?status=replied&perPage=200`));
    expect(replied.result.json().data.recipients.every((row: { replied: boolean }) => row.replied)).toBe(true);
    const exported = await timed(() => get(`/api/campaigns/${campaignId}/export.csv`));
    expect(exported.result.body.trimEnd().split('\r\n')).toHaveLength(COUNT + 1);
    console.info(
      `report list ${Math.round(list.ms)} ms, recipients page ${Math.round(page.ms)} ms, replied page ${Math.round(replied.ms)} ms, export ${Math.round(exported.ms)} ms (${testDbKind})`,
    );
    expect(page.ms).toBeLessThan(10_000);
  }, 120_000);
});
