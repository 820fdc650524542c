import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Activity, Campaign } from '@parley/contracts/campaigns';
import { createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/test-app';
import { openPostgresTestDatabase, postgresAvailable, testDbKind } from '../../../test/test-database';
import { openPostgres, type Database } from '../../db/client';
import { campaignActivities } from '../../db/schema/campaigns';
import {
  addCustomers,
  addSegment,
  caller,
  campaignBody,
  createTemplate,
  offerTemplate,
  rowsOf,
  sandboxChannel,
  schedulerFor,
} from './campaign-test-kit';

// Two server processes need one PostgreSQL database: always in the PostgreSQL pass, and in the
// PGlite pass too whenever PostgreSQL answers on this machine.
const reachable = testDbKind === 'postgres' || (await postgresAvailable());

describe.runIf(reachable)('a schedule fires once even with several server processes on PostgreSQL', () => {
  let shared: Database & { url: string };
  let secondPool: Database;
  let first: TestContext;
  let second: TestContext;
  let maker: Tenant;
  let checker: Tenant;
  let body: ReturnType<typeof campaignBody>;

  beforeAll(async () => {
    shared = await openPostgresTestDatabase();
    secondPool = await openPostgres(shared.url, 5);
    first = await createTestApp({ database: shared });
    second = await createTestApp({ database: secondPool });
    maker = await createTenant(first);
    checker = await createTenant(first, { enterpriseId: maker.enterpriseId, roles: [5] });
    const channel = await sandboxChannel(first, maker);
    const template = await createTemplate(first, maker, offerTemplate(channel.id, 'twice_offer'));
    const ids = await addCustomers(
      shared.db,
      maker.enterpriseId,
      Array.from({ length: 3000 }, (_, index) => ({
        name: `Customer ${index}`,
        phone: `+9198453${String(index).padStart(5, '0')}`,
      })),
    );
    const segment = await addSegment(shared.db, maker.enterpriseId, 'All', [...ids.values()]);
    body = campaignBody(channel.id, template, { segmentIds: [segment] });
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await secondPool?.close();
    await shared?.close();
  });

  it('two schedulers ticking at once: exactly one run and one set of recipients per occurrence', async () => {
    const call = caller(first);
    const at = new Date(Date.now() + 60 * 60 * 1000).toISOString().slice(0, 16);
    const activities: string[] = [];
    for (let index = 0; index < 4; index += 1) {
      const created = await call<{ campaign: Campaign }>(maker, 'POST', '/api/campaigns', {
        ...body,
        name: `Twice ${index}`,
        schedule: { kind: 'once', at, weekdays: [], until: '', spreadMinutes: 0 },
      });
      expect(created.statusCode, JSON.stringify(created.body)).toBe(200);
      const submitted = await call<{ activity: Activity }>(
        maker,
        'POST',
        `/api/campaigns/${created.body.data.campaign.id}/submit`,
      );
      const id = submitted.body.data.activity.id;
      expect((await call(checker, 'POST', `/api/campaigns/activities/${id}/approve`)).statusCode).toBe(200);
      expect((await call(checker, 'POST', `/api/campaigns/activities/${id}/start`)).statusCode).toBe(200);
      activities.push(id);
    }
    // Their time comes for both processes at once.
    const due = new Date(Date.now() - 1000);
    for (const id of activities)
      await shared.db.update(campaignActivities).set({ nextRunAt: due }).where(eq(campaignActivities.id, id));
    const queuedFirst: string[] = [];
    const queuedSecond: string[] = [];
    const one = schedulerFor(shared.db, queuedFirst);
    const two = schedulerFor(secondPool.db, queuedSecond);
    const fired = await Promise.all([one.tick(), two.tick(), one.tick(), two.tick()]);
    expect(fired.reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(4);
    for (const id of activities) {
      const runs = await rowsOf(shared.db, sql`SELECT id FROM campaign_runs WHERE activity_id = ${id}::uuid`);
      expect(runs).toHaveLength(1);
      const [recipients] = await rowsOf(
        shared.db,
        sql`SELECT count(*)::int AS total, count(DISTINCT r.phone)::int AS phones
          FROM campaign_broadcasts cb JOIN broadcast_recipients r ON r.broadcast_id = cb.broadcast_id
          WHERE cb.run_id = ${String(runs[0]!.id)}::uuid`,
      );
      expect(recipients).toEqual({ total: 3000, phones: 3000 });
      const broadcasts = await rowsOf(
        shared.db,
        sql`SELECT count(*)::int AS count FROM campaign_broadcasts cb JOIN campaign_activities a ON a.campaign_id = cb.campaign_id
          WHERE a.id = ${id}::uuid`,
      );
      expect(broadcasts[0]!.count).toBe(1);
    }
    // Every run's broadcast was queued once, by whichever process won it.
    expect(queuedFirst.length + queuedSecond.length).toBeLessThanOrEqual(4);
  }, 120_000);
});
