import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { broadcastRecipients, rateCard } from '../../../db/schema/broadcasts';
import { campaignClicks } from '../../../db/schema/campaigns';
import { customers } from '../../../db/schema/customers';
import { enterprises } from '../../../db/schema/platform';
import { as, createTenant, type Tenant, type TestContext } from '../../../../test/test-app';
import {
  HOUR,
  insertCampaign,
  insertCampaignBroadcast,
  insertInbound,
  insertRecipient,
  insertRun,
  reportContext,
  sandboxChannel,
} from './report-test-kit';

/**
 * The campaign report as a marketer reads it: a two-variant campaign with a fallback, a later
 * campaign to one of its customers, a test send, and replies in and out of the window.
 */
let context: TestContext;
let tenant: Tenant;
let other: Tenant;
let whatsApp: { id: string };
let sms: { id: string };
let spring: { id: string; activityId: string; enterpriseId: string };
let followUp: { id: string; activityId: string; enterpriseId: string };
let run1: { id: string };
let run2: { id: string };

// 2026-11-02 20:00 UTC is 2026-11-03 01:30 in Kolkata: the daily series is in the enterprise's timezone.
const T0 = new Date('2026-11-02T20:00:00Z');
const at = (hours: number) => new Date(T0.getTime() + hours * HOUR);
const phone = (n: number) => `+9198765000${String(n).padStart(2, '0')}`;

const get = (url: string, who: Tenant = tenant) => context.app.inject({ method: 'GET', url, headers: as(who.token) });

beforeAll(async () => {
  context = await reportContext();
  const db = context.database.db;
  tenant = await createTenant(context, { settings: { timezone: 'Asia/Kolkata' } });
  other = await createTenant(context);
  whatsApp = await sandboxChannel(context, tenant);
  sms = await sandboxChannel(context, tenant);
  await db.insert(rateCard).values([
    { enterpriseId: tenant.enterpriseId, country: '91', category: 'MARKETING', currency: 'INR', rate: '0.5' },
    { enterpriseId: tenant.enterpriseId, country: '91', category: 'UTILITY', currency: 'INR', rate: '0.2' },
    // A stray prefix: +91… numbers are priced by 91, never by 9.
    { enterpriseId: tenant.enterpriseId, country: '9', category: 'MARKETING', currency: 'INR', rate: '7' },
  ]);
  await db.insert(customers).values({ enterpriseId: tenant.enterpriseId, name: '=cmd|calc', phoneNumber: phone(1) });

  spring = await insertCampaign(db, { enterpriseId: tenant.enterpriseId, name: 'Spring sale' });
  // The audience left out 2 blacklisted and 1 capped customer; one blacklisted was also written as a row.
  run1 = await insertRun(db, spring, { occurrence: T0, targeted: 12, excluded: { blacklisted: 2, capped: 1 } });
  run2 = await insertRun(db, spring, { occurrence: at(120) });
  const base = { enterpriseId: tenant.enterpriseId, channelId: whatsApp.id, campaignId: spring.id };
  const a = await insertCampaignBroadcast(db, { ...base, runId: run1.id, variant: 'A', templateName: 'promo_a' });
  const b = await insertCampaignBroadcast(db, { ...base, runId: run1.id, variant: 'B', templateName: 'promo_b' });
  const a2 = await insertCampaignBroadcast(db, { ...base, runId: run2.id, variant: 'A', templateName: 'promo_a' });
  const fallback = await insertCampaignBroadcast(db, {
    ...base,
    channelId: sms.id,
    runId: run1.id,
    kind: 'fallback',
    templateName: 'promo_sms',
    category: 'UTILITY',
    mainBroadcastId: b.id,
  });
  const test = await insertCampaignBroadcast(db, { ...base, kind: 'test', templateName: 'promo_a' });

  // Variant A, run 1.
  await insertRecipient(db, a, {
    phone: phone(1),
    state: 'accepted',
    status: 'read',
    sentAt: at(0),
    deliveredAt: at(0.1),
    readAt: at(3), // 2026-11-03 04:30 in Kolkata
  });
  await insertInbound(db, { enterpriseId: tenant.enterpriseId, channelId: whatsApp.id, phone: phone(1), at: at(1) });
  await insertRecipient(db, a, { phone: phone(2), state: 'accepted', status: 'delivered', sentAt: at(0) });
  // 80 hours later is beyond the 72-hour window.
  await insertInbound(db, { enterpriseId: tenant.enterpriseId, channelId: whatsApp.id, phone: phone(2), at: at(80) });
  await insertRecipient(db, a, { phone: phone(3), state: 'accepted', status: 'sent', sentAt: at(0) });
  await insertRecipient(db, a, { phone: phone(4), state: 'failed', code: '131026', text: 'Message undeliverable' });
  await insertRecipient(db, a, { phone: phone(5), state: 'blocked', code: 'blacklisted', text: 'Blacklisted' });
  await insertRecipient(db, a, {
    phone: phone(6),
    state: 'accepted',
    status: 'failed',
    sentAt: at(0),
    error: { code: '131049', text: 'Ecosystem engagement' },
  });
  // Variant B, run 1.
  const clicked = await insertRecipient(db, b, {
    phone: phone(7),
    state: 'accepted',
    status: 'delivered',
    sentAt: at(0),
  });
  await db.insert(campaignClicks).values([
    {
      enterpriseId: tenant.enterpriseId,
      campaignId: spring.id,
      recipientId: clicked.id,
      button: 0,
      url: 'https://shop.example.com/a',
    },
    {
      enterpriseId: tenant.enterpriseId,
      campaignId: spring.id,
      recipientId: clicked.id,
      button: 0,
      url: 'https://shop.example.com/a',
    },
  ]);
  await insertRecipient(db, b, { phone: phone(8), state: 'pending' });
  await insertRecipient(db, b, { phone: phone(9), state: 'failed', code: '131026', text: 'Message undeliverable' });
  // Its SMS fallback was delivered, and the customer answered the SMS.
  await insertRecipient(db, fallback, { phone: phone(9), state: 'accepted', status: 'delivered', sentAt: at(0.5) });
  await insertInbound(db, { enterpriseId: tenant.enterpriseId, channelId: sms.id, phone: phone(9), at: at(2) });
  // Run 2 messages customer 1 again, who answers again.
  await insertRecipient(db, a2, { phone: phone(1), state: 'accepted', status: 'delivered', sentAt: at(120) });
  await insertInbound(db, {
    enterpriseId: tenant.enterpriseId,
    channelId: whatsApp.id,
    phone: phone(1),
    at: at(120.5),
  });
  // A test send, read and answered: never counted.
  await insertRecipient(db, test, { phone: phone(10), state: 'accepted', status: 'read', sentAt: at(0) });
  await insertInbound(db, { enterpriseId: tenant.enterpriseId, channelId: whatsApp.id, phone: phone(10), at: at(0.2) });

  // A later campaign messages customer 3 two hours later; the reply an hour after that is its.
  followUp = await insertCampaign(db, { enterpriseId: tenant.enterpriseId, name: 'Follow-up' });
  const followRun = await insertRun(db, followUp, { occurrence: at(2) });
  const f = await insertCampaignBroadcast(db, {
    enterpriseId: tenant.enterpriseId,
    channelId: whatsApp.id,
    campaignId: followUp.id,
    runId: followRun.id,
    variant: 'A',
  });
  await insertRecipient(db, f, { phone: phone(3), state: 'accepted', status: 'read', sentAt: at(2) });
  await insertInbound(db, { enterpriseId: tenant.enterpriseId, channelId: whatsApp.id, phone: phone(3), at: at(3) });
});

afterAll(async () => {
  await context?.close();
});

describe('campaign stats', () => {
  it('shows the funnel a marketer reads: exclusions once, replies in the window for the last campaign, no test sends', async () => {
    const response = await get(`/api/campaigns/${spring.id}/stats`);
    expect(response.statusCode).toBe(200);
    const stats = response.json().data;
    expect(stats.name).toBe('Spring sale');
    expect(stats.funnel).toEqual({
      // 10 rows + 2 exclusions counted by the run only (1 more blacklisted, 1 capped)
      targeted: 12,
      excluded: 3,
      sent: 6,
      delivered: 4,
      read: 1,
      // customer 1 in run 1 and run 2, customer 9 through the SMS fallback; not 2 (80 h), not 3 (follow-up's)
      replied: 3,
      clicked: 1,
      failed: 3,
      pending: 1,
      waitingQuietHours: 0,
      fallbackSent: 1,
      fallbackDelivered: 1,
      // 5 WhatsApp marketing messages not failed × 0.5 + 1 SMS utility × 0.2
      cost: 2.7,
      currencySymbol: '₹',
    });
    expect(stats.excludedBy).toEqual({ blacklisted: 2, capped: 1 });
    expect(stats.failedBy).toEqual([
      { code: '131026', text: 'Message undeliverable', count: 2 },
      { code: '131049', text: 'Ecosystem engagement', count: 1 },
    ]);
    expect(stats.clicksByUrl).toEqual([{ url: 'https://shop.example.com/a', clicks: 2, uniqueClicks: 1 }]);
  });

  it('counts the pending held by quiet hours apart, so the report says why they wait', async () => {
    const db = context.database.db;
    const held = { errorCode: 'quiet_hours', errorText: 'Waiting for quiet hours to end' };
    await db
      .update(broadcastRecipients)
      .set(held)
      .where(eq(broadcastRecipients.phone, phone(8)));
    try {
      const { funnel } = (await get(`/api/campaigns/${spring.id}/stats`)).json().data;
      expect(funnel).toMatchObject({ pending: 1, waitingQuietHours: 1 });
    } finally {
      await db
        .update(broadcastRecipients)
        .set({ errorCode: null, errorText: null })
        .where(eq(broadcastRecipients.phone, phone(8)));
    }
  });

  it('compares the variants and splits the runs', async () => {
    const stats = (await get(`/api/campaigns/${spring.id}/stats`)).json().data;
    expect(
      stats.variants.map((variant: { label: string; templateName: string }) => [variant.label, variant.templateName]),
    ).toEqual([
      ['A', 'promo_a'],
      ['B', 'promo_b'],
    ]);
    expect(stats.variants[0].funnel).toMatchObject({
      targeted: 7,
      excluded: 1,
      sent: 5,
      delivered: 3,
      read: 1,
      replied: 2,
      failed: 2,
    });
    expect(stats.variants[1].funnel).toMatchObject({
      targeted: 3,
      sent: 1,
      failed: 1,
      pending: 1,
      clicked: 1,
      replied: 1,
      fallbackSent: 1,
    });
    expect(stats.runs.map((run: { id: string }) => run.id)).toEqual([run2.id, run1.id]);
    expect(stats.runs[0].funnel).toMatchObject({ targeted: 1, excluded: 0, sent: 1, delivered: 1, replied: 1 });
    expect(stats.runs[1].funnel).toMatchObject({ targeted: 11, excluded: 3, sent: 5, replied: 2 });
  });

  it('narrows everything to one run with ?runId', async () => {
    const stats = (await get(`/api/campaigns/${spring.id}/stats?runId=${run2.id}`)).json().data;
    expect(stats.funnel).toMatchObject({ targeted: 1, excluded: 0, sent: 1, delivered: 1, replied: 1, cost: 0.5 });
    expect(stats.excludedBy).toEqual({});
    expect(stats.clicksByUrl).toEqual([]);
    expect(stats.runs).toHaveLength(1);
  });

  it('gives the reply to the campaign that messaged the customer last', async () => {
    const stats = (await get(`/api/campaigns/${followUp.id}/stats`)).json().data;
    expect(stats.funnel).toMatchObject({ targeted: 1, sent: 1, read: 1, replied: 1 });
  });

  it("draws the daily series in the enterprise's timezone", async () => {
    const { daily } = (await get(`/api/campaigns/${spring.id}/stats`)).json().data;
    expect(daily).toEqual([
      // Run 1 at 01:30 Kolkata on 3 November; customer 1 read at 04:30, customer 9 answered at 07:30.
      { date: '2026-11-03', sent: 5, delivered: 3, read: 1, replied: 2 },
      // Run 2, five days later.
      { date: '2026-11-08', sent: 1, delivered: 1, read: 0, replied: 1 },
    ]);
  });

  it("answers 404 for another enterprise's campaign, an unknown run and without the permission 403", async () => {
    expect((await get(`/api/campaigns/${spring.id}/stats`, other)).statusCode).toBe(404);
    expect((await get(`/api/campaigns/${spring.id}/recipients`, other)).statusCode).toBe(404);
    expect((await get(`/api/campaigns/${spring.id}/export.csv`, other)).statusCode).toBe(404);
    expect((await get(`/api/campaigns/${spring.id}/stats?runId=${crypto.randomUUID()}`)).statusCode).toBe(404);
    const agent = await createTenant(context, { enterpriseId: tenant.enterpriseId, roles: [3] });
    expect((await get(`/api/campaigns/${spring.id}/stats`, agent)).statusCode).toBe(403);
    expect((await get('/api/campaigns/report', agent)).statusCode).toBe(403);
  });
});

describe('campaign report list', () => {
  it('lists campaigns with their funnels, the last run first, searchable by name', async () => {
    // A deleted campaign that never ran has no report; one that ran keeps it.
    const db = context.database.db;
    await insertCampaign(db, { enterpriseId: tenant.enterpriseId, name: 'Old draft', deleted: true });
    const retired = await insertCampaign(db, { enterpriseId: tenant.enterpriseId, name: 'Retired', deleted: true });
    await insertRun(db, retired, { occurrence: at(-48) });
    const response = await get('/api/campaigns/report');
    expect(response.statusCode).toBe(200);
    const { campaigns, more } = response.json().data;
    expect(more).toBe(false);
    expect(campaigns.map((campaign: { name: string }) => campaign.name)).toEqual([
      'Spring sale',
      'Follow-up',
      'Retired',
    ]);
    expect(campaigns[0]).toMatchObject({
      campaignId: spring.id,
      status: 'COMPLETED',
      lastRunAt: at(120).toISOString(),
      funnel: { targeted: 12, excluded: 3, sent: 6, replied: 3, clicked: 1, cost: 2.7 },
    });
    expect(campaigns[1].funnel).toMatchObject({ sent: 1, replied: 1 });
    const searched = (await get('/api/campaigns/report?search=SPRING')).json().data.campaigns;
    expect(searched.map((campaign: { name: string }) => campaign.name)).toEqual(['Spring sale']);
    expect((await get('/api/campaigns/report', other)).json().data.campaigns).toEqual([]);
  });
});

describe('recipients', () => {
  const rows = async (query = '') => {
    const response = await get(`/api/campaigns/${spring.id}/recipients${query}`);
    expect(response.statusCode).toBe(200);
    return response.json().data as { recipients: Record<string, unknown>[]; more: boolean };
  };

  it('lists one row per recipient and run: the newest run first, then variant and number', async () => {
    const { recipients, more } = await rows();
    expect(more).toBe(false);
    expect(recipients.map((row) => [row.phone, row.variant, row.status])).toEqual([
      [phone(1), 'A', 'delivered'],
      [phone(1), 'A', 'read'],
      [phone(2), 'A', 'delivered'],
      [phone(3), 'A', 'sent'],
      [phone(4), 'A', 'failed'],
      [phone(5), 'A', 'excluded'],
      [phone(6), 'A', 'failed'],
      [phone(7), 'B', 'delivered'],
      [phone(8), 'B', 'pending'],
      [phone(9), 'B', 'failed'],
    ]);
    expect(recipients[1]).toMatchObject({ name: '=cmd|calc', replied: true, clicked: false, fallback: null });
    expect(recipients[5]).toMatchObject({ error: 'Blacklisted', replied: false });
    expect(recipients[6]).toMatchObject({ error: '131049: Ecosystem engagement' });
    expect(recipients[7]).toMatchObject({ clicked: true });
    expect(recipients[9]).toMatchObject({
      error: '131026: Message undeliverable',
      fallback: 'delivered',
      replied: true,
    });
    expect(recipients[8]).toMatchObject({ statusTime: null });
  });

  it('filters by funnel stage, run and number, and pages by 20', async () => {
    const phones = async (query: string) => (await rows(query)).recipients.map((row) => row.phone);
    expect(await phones('?status=replied')).toEqual([phone(1), phone(1), phone(9)]);
    expect(await phones('?status=failed')).toEqual([phone(4), phone(6), phone(9)]);
    expect(await phones('?status=sent')).toEqual([phone(1), phone(1), phone(2), phone(3), phone(6), phone(7)]);
    expect(await phones('?status=delivered')).toEqual([phone(1), phone(1), phone(2), phone(7)]);
    expect(await phones('?status=read')).toEqual([phone(1)]);
    expect(await phones('?status=clicked')).toEqual([phone(7)]);
    expect(await phones('?status=excluded')).toEqual([phone(5)]);
    expect(await phones('?status=pending')).toEqual([phone(8)]);
    expect(await phones(`?runId=${run2.id}`)).toEqual([phone(1)]);
    expect(await phones('?search=765000%2007')).toEqual([phone(7)]);
    expect(await phones('?perPage=3&from=3')).toEqual([phone(3), phone(4), phone(5)]);
    expect((await rows('?perPage=3')).more).toBe(true);
    const bad = await get(`/api/campaigns/${spring.id}/recipients?status=opened`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.status).toMatch(/^Choose a status/);
  });

  it('exports every row as CSV with formula cells neutralised', async () => {
    const response = await get(`/api/campaigns/${spring.id}/export.csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="campaign-report-.+\.csv"$/);
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Phone,Name,Variant,Status,Status Time,Error,Replied,Clicked,Fallback');
    expect(lines).toHaveLength(11);
    expect(lines[2]).toBe(`${phone(1)},'=cmd|calc,A,read,${at(3).toISOString()},,Yes,No,`);
    expect(lines[10]).toMatch(
      new RegExp(`^\\${phone(9)},,B,failed,.*,131026: Message undeliverable,Yes,No,delivered$`),
    );
    const replied = (await get(`/api/campaigns/${spring.id}/export.csv?status=replied`)).body.trimEnd().split('\r\n');
    expect(replied).toHaveLength(4);
  });
});

describe('external campaign report', () => {
  it('is refused with a clear message until the enterprise records external campaigns', async () => {
    const response = await get('/api/campaigns/external-report');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/Record External Campaigns/);
  });

  it("groups other systems' campaign broadcasts by their campaign id", async () => {
    const db = context.database.db;
    await db
      .update(enterprises)
      .set({ settings: { timezone: 'Asia/Kolkata', recordExternalCampaigns: true } })
      .where(eq(enterprises.id, tenant.enterpriseId));
    const base = { enterpriseId: tenant.enterpriseId, channelId: whatsApp.id, resourceType: 'CAMPAIGN' };
    const first = await insertCampaignBroadcast(db, { ...base, resourceId: 'crm-42' });
    const second = await insertCampaignBroadcast(db, { ...base, resourceId: 'crm-42' });
    await insertRecipient(db, first, { phone: phone(20), state: 'accepted', status: 'read', sentAt: at(200) });
    await insertInbound(db, {
      enterpriseId: tenant.enterpriseId,
      channelId: whatsApp.id,
      phone: phone(20),
      at: at(201),
    });
    await insertRecipient(db, second, {
      phone: phone(21),
      state: 'failed',
      code: '131026',
      text: 'Message undeliverable',
    });
    // Not external: one of the enterprise's own campaigns by its id, and an ordinary broadcast.
    await insertCampaignBroadcast(db, { ...base, resourceId: spring.id });
    await insertCampaignBroadcast(db, { enterpriseId: tenant.enterpriseId, channelId: whatsApp.id });

    const response = await get('/api/campaigns/external-report');
    expect(response.statusCode).toBe(200);
    const { campaigns } = response.json().data;
    expect(campaigns).toHaveLength(1);
    expect(campaigns[0]).toMatchObject({
      externalId: 'crm-42',
      broadcasts: 2,
      funnel: { targeted: 2, sent: 1, delivered: 1, read: 1, replied: 1, failed: 1, cost: 0.5 },
    });
    expect((await get('/api/campaigns/external-report', other)).statusCode).toBe(404);
  });
});
