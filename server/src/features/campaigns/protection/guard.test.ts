import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createTenant, createTestApp, type Tenant } from '../../../../test/test-app';
import { openTestDatabase } from '../../../../test/test-database';
import { loadConfig } from '../../../config';
import type { Database } from '../../../db/client';
import { broadcastRecipients } from '../../../db/schema/broadcasts';
import { campaignBlockTimes, campaignFrequencyCaps, campaignSendLog } from '../../../db/schema/campaigns';
import { enterprises } from '../../../db/schema/platform';
import type { SendGuard } from '../../../platform/messaging/broadcast-ports';
import { cappedVerdict, createCampaignGuard, quietVerdict } from './guard';
import { insertCampaign, insertCampaignBroadcast, recipientsOf, sandboxChannel } from './protection-test-kit';

/** The send guard against the database: quiet hours per recipient's zone, frequency caps across campaigns. */

let database: Database;
let tenant: Tenant;
let channelId: string;
const config = loadConfig({ NODE_ENV: 'test' });

beforeAll(async () => {
  database = await openTestDatabase();
  const context = await createTestApp({ database });
  tenant = await createTenant(context, { settings: { timezone: 'America/New_York' } });
  channelId = (await sandboxChannel(context, tenant)).id;
  await context.close();
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  const db = database.db;
  await db.delete(campaignBlockTimes).where(eq(campaignBlockTimes.enterpriseId, tenant.enterpriseId));
  await db.delete(campaignFrequencyCaps).where(eq(campaignFrequencyCaps.enterpriseId, tenant.enterpriseId));
  await db.delete(campaignSendLog).where(eq(campaignSendLog.enterpriseId, tenant.enterpriseId));
});

async function campaignBroadcast(phones: string[], kind: 'main' | 'fallback' | 'test' | null = 'main') {
  const campaign = await insertCampaign(database.db, tenant.enterpriseId);
  const broadcast = await insertCampaignBroadcast(database.db, {
    enterpriseId: tenant.enterpriseId,
    channelId,
    campaignId: campaign.id,
    phones,
    kind,
  });
  const rows = (await recipientsOf(database.db, broadcast.id)).map((row) => ({
    id: row.id,
    phone: row.phone,
    values: row.values,
  }));
  return { broadcast: { id: broadcast.id, enterpriseId: tenant.enterpriseId, channelId }, rows };
}

async function check(guard: SendGuard, phones: string[], kind: 'main' | 'fallback' | 'test' | null = 'main') {
  const { broadcast, rows } = await campaignBroadcast(phones, kind);
  const verdicts = await guard.check(broadcast, rows);
  const byPhone = new Map(rows.map((row) => [row.phone, verdicts.get(row.id)]));
  return { byPhone, broadcast, rows, verdicts };
}

const nights = { enterpriseId: '', name: 'Nights', fromTime: '21:00', toTime: '08:00' };
const india = '+919812300001';
const unitedStates = '+12125550101';
const unitedKingdom = '+447400123456';

describe('quiet hours', () => {
  it('hold each recipient until the window ends on their clock: the country’s zone, else the enterprise’s', async () => {
    await database.db.insert(campaignBlockTimes).values({ ...nights, enterpriseId: tenant.enterpriseId });
    // 02:15 UTC: 07:45 in India, 02:15 in London, 21:15 the evening before in New York (the enterprise).
    const guard = createCampaignGuard({ db: database.db, config, now: () => new Date('2026-11-27T02:15:00Z') });
    const { byPhone } = await check(guard, [india, unitedKingdom, unitedStates]);
    expect(byPhone.get(india)).toEqual({ deferUntil: new Date('2026-11-27T02:30:00Z'), deferReason: quietVerdict });
    expect(byPhone.get(unitedKingdom)).toEqual({
      deferUntil: new Date('2026-11-27T08:00:00Z'),
      deferReason: quietVerdict,
    });
    expect(byPhone.get(unitedStates)).toEqual({
      deferUntil: new Date('2026-11-27T13:00:00Z'),
      deferReason: quietVerdict,
    });
    // Nothing held back was counted as sent.
    expect(await database.db.select().from(campaignSendLog)).toEqual([]);
  });

  it('follow the enterprise’s zone when it changes, and UTC when it has none', async () => {
    await database.db.insert(campaignBlockTimes).values({ ...nights, enterpriseId: tenant.enterpriseId });
    const guard = createCampaignGuard({
      db: database.db,
      config,
      now: () => new Date('2026-11-27T22:00:00Z'),
      rulesTtlMs: 0,
    });
    // 17:00 in New York: sent.
    expect((await check(guard, [unitedStates])).byPhone.get(unitedStates)).toBeUndefined();
    await database.db.update(enterprises).set({ settings: {} }).where(eq(enterprises.id, tenant.enterpriseId));
    try {
      // 22:00 UTC: quiet until 08:00 UTC.
      expect((await check(guard, [unitedStates])).byPhone.get(unitedStates)).toEqual({
        deferUntil: new Date('2026-11-28T08:00:00Z'),
        deferReason: quietVerdict,
      });
    } finally {
      await database.db
        .update(enterprises)
        .set({ settings: { timezone: 'America/New_York' } })
        .where(eq(enterprises.id, tenant.enterpriseId));
    }
  });

  it('leave a disabled rule, a test send and an ordinary broadcast alone', async () => {
    await database.db
      .insert(campaignBlockTimes)
      .values({ ...nights, enterpriseId: tenant.enterpriseId, fromTime: '00:00', toTime: '23:59', enabled: true });
    await database.db.insert(campaignFrequencyCaps).values({
      enterpriseId: tenant.enterpriseId,
      name: 'None at all',
      maxMessages: 1,
      period: 'day',
    });
    const guard = createCampaignGuard({
      db: database.db,
      config,
      now: () => new Date('2026-11-27T12:00:00Z'),
      rulesTtlMs: 0,
    });
    expect((await check(guard, [india], null)).verdicts.size).toBe(0);
    expect((await check(guard, [india], 'test')).verdicts.size).toBe(0);
    expect(await database.db.select().from(campaignSendLog)).toEqual([]);
    await database.db.update(campaignBlockTimes).set({ enabled: false });
    expect((await check(guard, [india])).verdicts.size).toBe(0);
  });
});

describe('frequency caps', () => {
  it('stop a second campaign’s message to the same number within the day, across campaigns', async () => {
    await database.db.insert(campaignFrequencyCaps).values({
      enterpriseId: tenant.enterpriseId,
      name: 'Once a day',
      maxMessages: 1,
      period: 'day',
    });
    const guard = createCampaignGuard({ db: database.db, config });
    const first = await check(guard, [india, unitedStates]);
    expect(first.verdicts.size).toBe(0);
    const second = await check(guard, [india, '+919812300002'], 'fallback');
    expect(second.byPhone.get(india)).toEqual({ skip: cappedVerdict });
    expect(second.byPhone.get('+919812300002')).toBeUndefined();
    // The first campaign's row is counted once, however often it is checked again (a row claimed again after a crash).
    expect((await guard.check(first.broadcast, first.rows)).size).toBe(0);
    const logged = await database.db.select().from(campaignSendLog).where(eq(campaignSendLog.phone, india));
    expect(logged).toHaveLength(1);
  });

  it('do not count a message that failed, and count a week’s messages for a weekly cap', async () => {
    await database.db.insert(campaignFrequencyCaps).values({
      enterpriseId: tenant.enterpriseId,
      name: 'Twice a week',
      maxMessages: 2,
      period: 'week',
    });
    const guard = createCampaignGuard({ db: database.db, config });
    const failed = await check(guard, [india]);
    await database.db
      .update(broadcastRecipients)
      .set({ state: 'failed' })
      .where(
        inArray(
          broadcastRecipients.id,
          failed.rows.map((row) => row.id),
        ),
      );
    expect((await check(guard, [india])).verdicts.size).toBe(0);
    // Three days ago: still this week.
    await database.db
      .update(campaignSendLog)
      .set({ sentAt: new Date(Date.now() - 3 * 24 * 3600_000) })
      .where(eq(campaignSendLog.phone, india));
    expect((await check(guard, [india])).verdicts.size).toBe(0);
    expect((await check(guard, [india])).byPhone.get(india)).toEqual({ skip: cappedVerdict });
  });

  it('let exactly the cap through when several runners check the same number at once', async () => {
    await database.db.insert(campaignFrequencyCaps).values({
      enterpriseId: tenant.enterpriseId,
      name: 'Twice a day',
      maxMessages: 2,
      period: 'day',
    });
    const batches = await Promise.all(Array.from({ length: 6 }, () => campaignBroadcast([india, unitedStates])));
    // Each runner has its own guard (its own process), all asking at the same moment.
    const verdicts = await Promise.all(
      batches.map(({ broadcast, rows }) => createCampaignGuard({ db: database.db, config }).check(broadcast, rows)),
    );
    const passed = (phone: string) =>
      batches.filter(({ rows }, index) => !verdicts[index]!.get(rows.find((row) => row.phone === phone)!.id)).length;
    expect(passed(india)).toBe(2);
    expect(passed(unitedStates)).toBe(2);
    expect(await database.db.select().from(campaignSendLog)).toHaveLength(4);
  });
});

describe('values', () => {
  it('are replaced for the rows sent now (click tracking), not for those held back or capped', async () => {
    await database.db.insert(campaignFrequencyCaps).values({
      enterpriseId: tenant.enterpriseId,
      name: 'Once a day',
      maxMessages: 1,
      period: 'day',
    });
    await database.db
      .insert(campaignBlockTimes)
      .values({ ...nights, enterpriseId: tenant.enterpriseId, fromTime: '00:00', toTime: '12:00' });
    const asked: string[] = [];
    const guard = createCampaignGuard({
      db: database.db,
      config,
      // 13:00 in India, 02:30 in New York: the New York number waits until noon there.
      now: () => new Date('2026-11-27T07:30:00Z'),
      transformValues: async (_broadcast, rows) => {
        asked.push(...rows.map((row) => row.phone));
        return new Map(rows.map((row) => [row.id, { body: { '1': `tracked ${row.phone}` } }]));
      },
    });
    // An earlier campaign reached this number today.
    const earlier = createCampaignGuard({ db: database.db, config, now: () => new Date('2026-11-27T07:30:00Z') });
    expect((await check(earlier, ['+919812300009'])).verdicts.size).toBe(0);
    const { byPhone } = await check(guard, [india, unitedStates, '+919812300009']);
    expect(byPhone.get(india)).toEqual({ values: { body: { '1': `tracked ${india}` } } });
    expect(byPhone.get(unitedStates)).toEqual({
      deferUntil: new Date('2026-11-27T17:00:00Z'),
      deferReason: quietVerdict,
    });
    expect(byPhone.get('+919812300009')).toEqual({ skip: cappedVerdict });
    expect(asked).toEqual([india]);
  });
});
