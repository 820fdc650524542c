import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTenant, createTestApp, type Tenant } from './test-app';
import { openTestDatabase } from './test-database';
import { startFakeMeta, type FakeMeta } from './fake-vendors/meta';
import { createTestMessaging } from './messaging-harness';
import { as } from './test-app';
import type { Config } from '../src/config';
import type { Database } from '../src/db/client';
import { broadcastRecipients } from '../src/db/schema/broadcasts';
import { campaignBlockTimes, campaignFrequencyCaps } from '../src/db/schema/campaigns';
import type { Jobs } from '../src/platform/jobs';
import { createEventBus, type EventBus } from '../src/platform/realtime/bus';
import { createBroadcastPipeline } from '../src/features/broadcasts/pipeline';
import { createCampaignGuard } from '../src/features/campaigns/protection/guard';
import { createRulesService } from '../src/features/campaigns/protection/rules.service';
import { insertCampaign, insertCampaignBroadcast } from '../src/features/campaigns/protection/protection-test-kit';

/**
 * The campaign send guard inside the real broadcast pipeline (issue 21 Reliability: nobody capped
 * or in quiet hours messaged): campaign broadcasts go through a fake WhatsApp Cloud API; the number
 * in quiet hours on its own clock waits, the number already messaged today by another campaign is
 * recorded as capped, and only the others reach the vendor. An ordinary broadcast is not touched.
 */

let database: Database;
let bus: EventBus;
let meta: FakeMeta;
let tenant: Tenant;
let channelId: string;
let config: Config;
const problems: string[] = [];
const log = {
  error: (details: object, message: string) =>
    problems.push(`${message}: ${String((details as { err?: unknown }).err)}`),
  warn: () => undefined,
};
const noJobs: Jobs = {
  send: async () => null,
  work: async () => undefined,
  isPending: async () => false,
  stop: async () => undefined,
};

beforeAll(async () => {
  meta = await startFakeMeta();
  database = await openTestDatabase();
  const context = await createTestApp({
    database,
    env: { PARLEY_VENDOR_BASE_URLS: JSON.stringify({ metaCloud: meta.baseUrl }), PARLEY_OUTBOUND_ALLOW: '127.0.0.1' },
  });
  tenant = await createTenant(context, { settings: { timezone: 'America/New_York' } });
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/channels',
    headers: as(tenant.token),
    payload: { name: 'Campaign WhatsApp', type: 4, vendor: 19, data: meta.credentials() },
  });
  channelId = response.json().data.channelConfig.id as string;
  config = context.config;
  // The app's own broadcast worker must not compete with the pipeline under test.
  await context.close();
  bus = await createEventBus({ db: database.db });
});
afterAll(async () => {
  await bus?.close();
  await database?.close();
  await meta?.close();
});

/** 'HH:mm' of an instant in a zone. */
function hhmm(at: Date, timeZone: string) {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    at,
  );
}

async function until(done: () => Promise<boolean>, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a campaign through the broadcast pipeline with the send guard', () => {
  it('messages nobody capped or in quiet hours, and leaves ordinary broadcasts alone', async () => {
    const now = new Date();
    // Quiet from an hour ago to an hour from now on an Indian clock: New York's clock is 9½–10½ hours away.
    await database.db.insert(campaignBlockTimes).values({
      enterpriseId: tenant.enterpriseId,
      name: 'Around now in India',
      fromTime: hhmm(new Date(now.getTime() - 3600_000), 'Asia/Kolkata'),
      toTime: hhmm(new Date(now.getTime() + 3600_000), 'Asia/Kolkata'),
    });
    await database.db
      .insert(campaignFrequencyCaps)
      .values({ enterpriseId: tenant.enterpriseId, name: 'Once a day', maxMessages: 1, period: 'day' });

    const india = '+919812300001';
    const fresh = '+12125550101';
    const messagedToday = '+12125550102';
    const pipeline = createBroadcastPipeline({
      db: database.db,
      jobs: noJobs,
      bus,
      config: { broadcastUnpaced: true },
      messaging: createTestMessaging({
        db: database.db,
        bus,
        config,
        vendorBaseUrls: { metaCloud: meta.baseUrl },
        onError: log.error,
      }),
      blocklist: { blocked: async () => new Map() },
      guard: createCampaignGuard({ db: database.db, config }),
      log,
      progressIntervalMs: 50,
    });
    const rowsOf = (broadcastId: string) =>
      database.db.select().from(broadcastRecipients).where(eq(broadcastRecipients.broadcastId, broadcastId));
    const settled = (broadcastId: string, phones: string[]) => async () =>
      (await rowsOf(broadcastId)).filter(
        (row) => phones.includes(row.phone) && row.state !== 'pending' && row.state !== 'sending',
      ).length === phones.length;
    let mainId: string | undefined;
    let ordinaryId: string | undefined;
    try {
      await pipeline.start();
      // An earlier campaign reached one number today.
      const spring = await insertCampaign(database.db, tenant.enterpriseId);
      const earlier = await insertCampaignBroadcast(database.db, {
        enterpriseId: tenant.enterpriseId,
        channelId,
        campaignId: spring.id,
        phones: [messagedToday],
      });
      await until(settled(earlier.id, [messagedToday]));

      const summer = await insertCampaign(database.db, tenant.enterpriseId);
      const main = await insertCampaignBroadcast(database.db, {
        enterpriseId: tenant.enterpriseId,
        channelId,
        campaignId: summer.id,
        phones: [india, fresh, messagedToday],
      });
      const ordinary = await insertCampaignBroadcast(database.db, {
        enterpriseId: tenant.enterpriseId,
        channelId,
        campaignId: summer.id,
        phones: [india, messagedToday],
        kind: null,
      });
      mainId = main.id;
      ordinaryId = ordinary.id;
      await until(settled(main.id, [fresh, messagedToday]));
      await until(settled(ordinary.id, [india, messagedToday]));
    } finally {
      await pipeline.stop();
    }

    const sent = meta.sent.map((message) => `+${message.to}`).sort();
    // The earlier campaign, the fresh number, and the ordinary broadcast's two: never India's quiet number by the campaign.
    expect(sent).toEqual([fresh, india, messagedToday, messagedToday].sort());
    const campaign = new Map((await rowsOf(mainId!)).map((row) => [row.phone, row]));
    expect(campaign.get(fresh)).toMatchObject({ state: 'accepted' });
    expect(campaign.get(messagedToday)).toMatchObject({
      state: 'blocked',
      errorCode: 'capped',
      errorText: 'Frequency cap reached',
    });
    // India's number waits for the end of its quiet hours (the next whole minute an hour from now).
    const waiting = campaign.get(india)!;
    expect(waiting.state).toBe('pending');
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime() + 59 * 60_000);
    expect(waiting.nextAttemptAt.getTime()).toBeLessThanOrEqual(now.getTime() + 60 * 60_000);
    expect(waiting).toMatchObject({ errorCode: 'quiet_hours', errorText: 'Waiting for quiet hours to end' });
    expect((await rowsOf(ordinaryId!)).map((row) => row.state)).toEqual(['accepted', 'accepted']);

    // The administrator deletes the quiet hours: the waiting number is judged again and sent now.
    const rules = createRulesService({ db: database.db });
    const [quiet] = (await rules.list(tenant.enterpriseId)).blockTimes;
    try {
      await pipeline.start();
      await rules.remove(tenant.enterpriseId, 'block-time', quiet!.id);
      await until(settled(mainId!, [india]));
    } finally {
      await pipeline.stop();
    }
    expect(new Map((await rowsOf(mainId!)).map((row) => [row.phone, row])).get(india)).toMatchObject({
      state: 'accepted',
      errorCode: null,
    });
    expect(meta.sent.filter((message) => `+${message.to}` === india)).toHaveLength(2);
    expect(problems).toEqual([]);
  }, 60_000);
});
