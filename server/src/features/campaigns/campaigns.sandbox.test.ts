import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { campaignMessages, type Activity, type Campaign, type CampaignEstimate } from '@parley/contracts/campaigns';
import type { SandboxMessage } from '@parley/contracts/channels';
import { createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/test-app';
import { rateCard } from '../../db/schema/broadcasts';
import { campaignCostPlans } from '../../db/schema/campaigns';
import { departments } from '../../db/schema/enterprise-admin';
import {
  addCustomers,
  addSegment,
  caller,
  campaignBody,
  createTemplate,
  offerTemplate,
  sandboxChannel,
  turnOnCampaignFeatures,
} from './campaign-test-kit';

let context: TestContext;
let call: ReturnType<typeof caller>;
let maker: Tenant;
let checker: Tenant;
let admin: Tenant;
let channel: { id: string };
let template: string;
let segment: string;

const phone = (n: number) => `+9198454${String(n).padStart(5, '0')}`;

beforeAll(async () => {
  context = await createTestApp({ withJobs: true, env: { PARLEY_SANDBOX_DELAY_SECONDS: '0' } });
  call = caller(context);
  maker = await createTenant(context, { roles: [4] });
  checker = await createTenant(context, { enterpriseId: maker.enterpriseId, roles: [5] });
  admin = await createTenant(context, { enterpriseId: maker.enterpriseId });
  await turnOnCampaignFeatures(context, admin);
  channel = await sandboxChannel(context, admin);
  template = await createTemplate(context, admin, offerTemplate(channel.id, 'sandbox_offer'));
  const ids = await addCustomers(context.database.db, maker.enterpriseId, [
    { name: 'Asha Rao', phone: phone(1) },
    { name: 'Ben Roy', phone: phone(2) },
  ]);
  segment = await addSegment(context.database.db, maker.enterpriseId, 'Sandbox', [...ids.values()]);
  await context.database.db
    .insert(rateCard)
    .values({ enterpriseId: maker.enterpriseId, country: '91', category: 'MARKETING', currency: 'INR', rate: '1' });
});
afterAll(async () => {
  await context?.close();
});

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function approvedActivity(overrides: Parameters<typeof campaignBody>[3] = {}) {
  const created = await call<{ campaign: Campaign }>(
    maker,
    'POST',
    '/api/campaigns',
    campaignBody(channel.id, template, { segmentIds: [segment] }, overrides),
  );
  expect(created.statusCode, JSON.stringify(created.body)).toBe(200);
  const submitted = await call<{ activity: Activity }>(
    maker,
    'POST',
    `/api/campaigns/${created.body.data.campaign.id}/submit`,
  );
  const id = submitted.body.data.activity.id;
  expect((await call(checker, 'POST', `/api/campaigns/activities/${id}/approve`)).statusCode).toBe(200);
  return { campaign: created.body.data.campaign, activityId: id };
}

describe('a campaign through the broadcast pipeline and the Sandbox', () => {
  it('started now, reaches every customer of the segment with their values, and completes', async () => {
    const { campaign, activityId } = await approvedActivity();
    const started = await call<{ activity: Activity }>(
      checker,
      'POST',
      `/api/campaigns/activities/${activityId}/start`,
    );
    expect(started.statusCode, JSON.stringify(started.body)).toBe(200);
    const thread = await waitFor(
      async () =>
        (
          await call<{ messages: SandboxMessage[] }>(
            admin,
            'GET',
            `/api/sandbox/channels/${channel.id}/conversations/${phone(1)}`,
          )
        ).body.data?.messages ?? [],
      (messages) => messages.length > 0,
    );
    expect(thread).toHaveLength(1);
    expect(thread[0]!.content).toMatchObject({
      values: { header: { '1': '#7' }, body: { '1': 'Asha Rao', '2': 'gold' } },
    });
    // The scheduler's sweep (every few seconds) sees the broadcast finished.
    const status = await waitFor(
      async () =>
        (await call<{ campaign: Campaign }>(maker, 'GET', `/api/campaigns/${campaign.id}`)).body.data.campaign.status,
      (value) => value === 'COMPLETED',
    );
    expect(status).toBe('COMPLETED');
  }, 60_000);

  it('a start beyond the department’s monthly budget is refused with its name', async () => {
    const [department] = await context.database.db
      .insert(departments)
      .values({ enterpriseId: maker.enterpriseId, name: 'Growth' })
      .returning({ id: departments.id });
    await context.database.db
      .insert(campaignCostPlans)
      .values({ enterpriseId: maker.enterpriseId, departmentId: department!.id, monthlyBudget: '1.50' });
    const { activityId } = await approvedActivity({ departmentId: department!.id });
    const estimate = await call<CampaignEstimate>(checker, 'GET', `/api/campaigns/activities/${activityId}/estimate`);
    expect(estimate.body.data).toMatchObject({ recipients: 2, estimatedRate: 2, budgetLeft: 1.5 });
    const refused = await call(checker, 'POST', `/api/campaigns/activities/${activityId}/start`);
    expect(refused.statusCode).toBe(409);
    expect(refused.body.message).toBe(campaignMessages.budgetExceeded('Growth'));
    await context.database.db
      .update(campaignCostPlans)
      .set({ monthlyBudget: '100' })
      .where(eq(campaignCostPlans.departmentId, department!.id));
    expect((await call(checker, 'POST', `/api/campaigns/activities/${activityId}/start`)).statusCode).toBe(200);
  }, 60_000);
});
