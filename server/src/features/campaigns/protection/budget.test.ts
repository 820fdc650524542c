import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTenant, createTestApp, type Tenant } from '../../../../test/test-app';
import { openTestDatabase } from '../../../../test/test-database';
import type { Database } from '../../../db/client';
import { broadcastRecipients } from '../../../db/schema/broadcasts';
import { campaignCostPlans } from '../../../db/schema/campaigns';
import { departments } from '../../../db/schema/enterprise-admin';
import { checkBudget } from './budget';
import { caller, insertCampaign, insertCampaignBroadcast, recipientsOf, sandboxChannel } from './protection-test-kit';
import { zonedInstant } from './quiet-hours';
import { createRulesService } from './rules.service';

/** The cost planner: a department's budget less what its campaigns' accepted messages cost this month. */

let database: Database;
let tenant: Tenant;
let channelId: string;
let growth: string;
let support: string;

beforeAll(async () => {
  database = await openTestDatabase();
  const context = await createTestApp({ database });
  tenant = await createTenant(context, { settings: { timezone: 'Asia/Kolkata' } });
  channelId = (await sandboxChannel(context, tenant)).id;
  const saved = await caller(context)(tenant, 'PUT', '/api/rate-card', {
    currency: 'INR',
    rates: [
      { country: '91', category: 'UTILITY', rate: 0.5 },
      { country: '91', category: 'MARKETING', rate: 0.8 },
      { country: '1', category: 'UTILITY', rate: 2 },
      // Not a calling code (the card takes any 1–4 digits): the estimate ignores it, so does the spend.
      { country: '919', category: 'UTILITY', rate: 9 },
      { country: '919', category: 'MARKETING', rate: 9 },
    ],
  });
  expect(saved.statusCode).toBe(200);
  await context.close();
  const rows = await database.db
    .insert(departments)
    .values([
      { enterpriseId: tenant.enterpriseId, name: 'Growth' },
      { enterpriseId: tenant.enterpriseId, name: 'Support' },
    ])
    .returning();
  growth = rows[0]!.id;
  support = rows[1]!.id;
});
afterAll(async () => {
  await database?.close();
});

/** A campaign of the department with one broadcast whose rows are accepted at `sentAt` (or in the state given). */
async function spend(
  departmentId: string,
  phones: string[],
  options: { category?: string; sentAt?: Date; state?: string; kind?: 'main' | 'fallback' | 'test' } = {},
) {
  const campaign = await insertCampaign(database.db, tenant.enterpriseId, { departmentId });
  const broadcast = await insertCampaignBroadcast(database.db, {
    enterpriseId: tenant.enterpriseId,
    channelId,
    campaignId: campaign.id,
    phones,
    status: 'COMPLETED',
    category: options.category,
    kind: options.kind,
  });
  for (const row of await recipientsOf(database.db, broadcast.id))
    await database.db
      .update(broadcastRecipients)
      .set({ state: options.state ?? 'accepted', sentAt: options.sentAt ?? new Date() })
      .where(eq(broadcastRecipients.id, row.id));
}

describe('the cost planner', () => {
  it('sets no limit without a department, a plan, or with the plan turned off', async () => {
    const none = { exceeded: false, budgetLeft: null, departmentName: null };
    const check = (departmentId: string | null) =>
      checkBudget(database.db, { enterpriseId: tenant.enterpriseId, departmentId, estimatedCost: 1_000_000 });
    expect(await check(null)).toEqual(none);
    expect(await check(growth)).toEqual(none);
    await database.db
      .insert(campaignCostPlans)
      .values({ enterpriseId: tenant.enterpriseId, departmentId: growth, monthlyBudget: '100', enabled: false });
    expect(await check(growth)).toEqual(none);
    await database.db
      .update(campaignCostPlans)
      .set({ enabled: true })
      .where(eq(campaignCostPlans.departmentId, growth));
  });

  it('counts this month’s accepted campaign messages of the department at the rate card’s prices', async () => {
    const now = new Date();
    const clock = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Kolkata', year: 'numeric', month: 'numeric' });
    const parts = Object.fromEntries(clock.formatToParts(now).map((part) => [part.type, part.value]));
    const monthStart = zonedInstant(Number(parts.year), Number(parts.month), 1, 0, 'Asia/Kolkata');

    // 3 × 0.50 + 1 × 2.00 (UTILITY), 1 × 0.80 (MARKETING, a fallback), a number with no rate (+44): 4.30.
    await spend(growth, ['+919812300001', '+919812300002', '+12125550101']);
    await spend(growth, ['+919812300003'], { sentAt: new Date(monthStart.getTime() + 60_000) });
    await spend(growth, ['+919812300004'], { category: 'MARKETING', kind: 'fallback' });
    await spend(growth, ['+447400123456']);
    // Not counted: last month (a minute before midnight of the 1st in India), failed, pending, another department.
    await spend(growth, ['+919812300005'], { sentAt: new Date(monthStart.getTime() - 60_000) });
    await spend(growth, ['+919812300006'], { state: 'failed' });
    await spend(growth, ['+919812300007'], { state: 'pending' });
    await spend(support, ['+919812300008', '+919812300009']);

    const fits = await checkBudget(database.db, {
      enterpriseId: tenant.enterpriseId,
      departmentId: growth,
      estimatedCost: 95.7,
    });
    expect(fits).toEqual({ exceeded: false, budgetLeft: 95.7, departmentName: 'Growth' });
    const over = await checkBudget(database.db, {
      enterpriseId: tenant.enterpriseId,
      departmentId: growth,
      estimatedCost: 95.71,
    });
    expect(over).toEqual({ exceeded: true, budgetLeft: 95.7, departmentName: 'Growth' });

    // The rules screen shows the same spend beside the plan.
    const rules = await createRulesService({ db: database.db }).list(tenant.enterpriseId);
    expect(rules.costPlans).toEqual([
      expect.objectContaining({
        departmentId: growth,
        departmentName: 'Growth',
        monthlyBudget: 100,
        spentThisMonth: 4.3,
      }),
    ]);
  });

  it('is exceeded by any cost once the month’s spend is beyond the budget', async () => {
    await database.db
      .insert(campaignCostPlans)
      .values({ enterpriseId: tenant.enterpriseId, departmentId: support, monthlyBudget: '0.75' });
    // Support spent 2 × 0.50 = 1.00 of 0.75.
    expect(
      await checkBudget(database.db, { enterpriseId: tenant.enterpriseId, departmentId: support, estimatedCost: 0 }),
    ).toEqual({ exceeded: true, budgetLeft: -0.25, departmentName: 'Support' });
  });
});
