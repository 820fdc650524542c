import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { campaignMessages, type Activity, type Campaign, type CampaignEstimate } from '@parley/contracts/campaigns';
import { createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/test-app';
import type { ActivityChange } from './runs';
import { broadcasts } from '../../db/schema/broadcasts';
import { campaignActivities, campaigns } from '../../db/schema/campaigns';
import { auditLog } from '../../db/schema/platform';
import { rateCard } from '../../db/schema/broadcasts';
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
  turnOnCampaignFeatures,
} from './campaign-test-kit';

let context: TestContext;
let call: ReturnType<typeof caller>;
let maker: Tenant;
let checker: Tenant;
let secondChecker: Tenant;
let author: Tenant;
let channel: { id: string };
let template: string;
let segment: string;

const phone = (n: number) => `+9198452${String(n).padStart(5, '0')}`;

beforeAll(async () => {
  context = await createTestApp();
  call = caller(context);
  maker = await createTenant(context);
  author = await createTenant(context, { enterpriseId: maker.enterpriseId, roles: [4] });
  checker = await createTenant(context, { enterpriseId: maker.enterpriseId, roles: [5] });
  secondChecker = await createTenant(context, { enterpriseId: maker.enterpriseId, roles: [5] });
  await turnOnCampaignFeatures(context, maker);
  channel = await sandboxChannel(context, maker);
  template = await createTemplate(context, maker, offerTemplate(channel.id, 'activity_offer'));
  const ids = await addCustomers(context.database.db, maker.enterpriseId, [
    { name: 'Asha', phone: phone(1) },
    { name: 'Ravi', phone: phone(2) },
    { name: 'Ásha K', phone: phone(3) },
    { name: ' ', phone: phone(4) },
  ]);
  segment = await addSegment(context.database.db, maker.enterpriseId, 'Everyone', [...ids.values()]);
  await context.database.db
    .insert(rateCard)
    .values({ enterpriseId: maker.enterpriseId, country: '91', category: 'MARKETING', currency: 'INR', rate: '0.5' });
});
afterAll(async () => {
  await context?.close();
});

const body = (overrides: Parameters<typeof campaignBody>[3] = {}) =>
  campaignBody(channel.id, template, { segmentIds: [segment] }, overrides);

async function draft(tenant: Tenant, overrides: Parameters<typeof campaignBody>[3] = {}) {
  const answer = await call<{ campaign: Campaign }>(tenant, 'POST', '/api/campaigns', body(overrides));
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.campaign;
}

async function submitted(tenant: Tenant, overrides: Parameters<typeof campaignBody>[3] = {}) {
  const campaign = await draft(tenant, overrides);
  const answer = await call<{ activity: Activity }>(tenant, 'POST', `/api/campaigns/${campaign.id}/submit`);
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  return { campaign, activity: answer.body.data.activity };
}

async function approved(overrides: Parameters<typeof campaignBody>[3] = {}) {
  const { campaign, activity } = await submitted(author, overrides);
  const answer = await call<{ activity: Activity }>(
    checker,
    'POST',
    `/api/campaigns/activities/${activity.id}/approve`,
  );
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  return { campaign, activity: answer.body.data.activity };
}

const act = (tenant: Tenant, action: string, id: string, payload?: unknown) =>
  call<{ activity: Activity }>(tenant, 'POST', `/api/campaigns/activities/${id}/${action}`, payload);

const statusOf = async (campaignId: string) =>
  (await call<{ campaign: Campaign }>(maker, 'GET', `/api/campaigns/${campaignId}`)).body.data.campaign.status;

async function broadcastsOf(campaignId: string, kind = 'main') {
  return rowsOf(
    context.database.db,
    sql`SELECT b.id, b.status, b.total, b.resource_type, b.resource_id, cb.variant, cb.run_id
      FROM campaign_broadcasts cb JOIN broadcasts b ON b.id = cb.broadcast_id
      WHERE cb.campaign_id = ${campaignId}::uuid AND cb.kind = ${kind} ORDER BY cb.variant`,
  );
}

async function recipientsOf(broadcastId: string) {
  return rowsOf(
    context.database.db,
    sql`SELECT phone, state, error_code, "values", next_attempt_at FROM broadcast_recipients
      WHERE broadcast_id = ${broadcastId}::uuid ORDER BY phone`,
  );
}

describe('maker-checker', () => {
  it('submit creates a PENDING activity with the audience size; the campaign waits for approval', async () => {
    const { campaign, activity } = await submitted(author);
    expect(activity).toMatchObject({ state: 'PENDING', targeted: 4, campaignVersion: 1, campaignId: campaign.id });
    expect(activity.submittedBy.id).toBe(author.userId);
    expect(await statusOf(campaign.id)).toBe('PENDING_APPROVAL');
    const pending = await call<{ activities: Activity[] }>(checker, 'GET', '/api/campaigns/activities?state=PENDING');
    expect(pending.body.data.activities.map((item) => item.id)).toContain(activity.id);
    // The approvers' list is theirs: an author may not read it, only the rejected ones.
    expect((await call(author, 'GET', '/api/campaigns/activities?state=PENDING')).statusCode).toBe(403);
    expect((await call(author, 'GET', '/api/campaigns/activities?state=REJECTED')).statusCode).toBe(200);
  });

  it('the maker can never approve their own, even holding the permission', async () => {
    const { activity } = await submitted(maker);
    const own = await act(maker, 'approve', activity.id);
    expect(own.statusCode).toBe(403);
    expect(own.body.message).toBe(campaignMessages.ownActivity);
    // Nor whoever created the campaign when someone else submitted it.
    const campaign = await draft(maker);
    const byAuthor = await call<{ activity: Activity }>(author, 'POST', `/api/campaigns/${campaign.id}/submit`);
    const creator = await act(maker, 'approve', byAuthor.body.data.activity.id);
    expect(creator.statusCode).toBe(403);
    expect((await act(checker, 'approve', activity.id)).body.data.activity.state).toBe('APPROVED');
  });

  it("tells the enterprise's open consoles of each change of state (campaign.activity), and no other enterprise", async () => {
    const before = await context.bus.lastId();
    const { campaign, activity } = await approved();
    for (const action of ['start', 'pause', 'resume', 'stop'])
      expect((await act(checker, action, activity.id)).statusCode).toBe(200);
    const heard = (await context.bus.since(maker.enterpriseId, maker.userId, before, 500))
      .filter((event) => event.name === 'campaign.activity')
      .map((event) => event.payload as { id: string; campaignId: string; state: string })
      .filter((payload) => payload.id === activity.id);
    expect(heard.every((payload) => payload.campaignId === campaign.id)).toBe(true);
    // A start now is announced by the start and by the run it fires: the same state twice.
    const states = heard.map((payload) => payload.state).filter((state, index, all) => state !== all[index - 1]);
    expect(states).toEqual(['PENDING', 'APPROVED', 'RUNNING', 'PAUSED', 'RUNNING', 'STOPPED']);
    const stranger = await createTenant(context);
    const theirs = await context.bus.since(stranger.enterpriseId, stranger.userId, before, 500);
    expect(theirs.filter((event) => event.name === 'campaign.activity')).toEqual([]);
  });

  it('reject needs a reason and shows it on the campaign; the maker fixes and resubmits', async () => {
    const { campaign, activity } = await submitted(author);
    const noReason = await act(checker, 'reject', activity.id, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(JSON.stringify(noReason.body)).toContain('Please enter reject reason');
    const rejected = await act(checker, 'reject', activity.id, { reason: 'Wrong segment' });
    expect(rejected.body.data.activity).toMatchObject({ state: 'REJECTED', rejectReason: 'Wrong segment' });
    const shown = await call<{ campaign: Campaign }>(author, 'GET', `/api/campaigns/${campaign.id}`);
    expect(shown.body.data.campaign).toMatchObject({ status: 'REJECTED', rejectReason: 'Wrong segment' });
    const fixed = await call(author, 'PUT', `/api/campaigns/${campaign.id}`, body({ name: 'Fixed' }));
    expect(fixed.statusCode).toBe(200);
    const again = await call<{ activity: Activity }>(author, 'POST', `/api/campaigns/${campaign.id}/submit`);
    expect(again.body.data.activity).toMatchObject({ state: 'PENDING', campaignVersion: 2, name: 'Fixed' });
    // A second decision on the rejected one is refused.
    const twice = await act(secondChecker, 'approve', activity.id);
    expect(twice.statusCode).toBe(409);
  });

  it('a campaign edited after approval needs approval again', async () => {
    const { campaign, activity } = await approved();
    expect(await statusOf(campaign.id)).toBe('APPROVED');
    expect((await call(author, 'PUT', `/api/campaigns/${campaign.id}`, body({ name: 'Changed' }))).statusCode).toBe(
      200,
    );
    const start = await act(checker, 'start', activity.id);
    expect(start.statusCode).toBe(409);
    expect(start.body.message).toBe(campaignMessages.editedAfterApproval);
  });

  it('only the states contracts offer each action in; others are a 409 that says why', async () => {
    const { activity } = await submitted(author);
    const early = await act(checker, 'start', activity.id);
    expect(early.statusCode).toBe(409);
    expect(early.body.message).toBe('This campaign cannot be started while it is pending');
    expect((await act(checker, 'pause', activity.id)).statusCode).toBe(409);
    expect((await act(checker, 'resume', activity.id)).statusCode).toBe(409);
    expect((await act(checker, 'stop', activity.id)).statusCode).toBe(409);
  });

  it('keeps actions to their permissions', async () => {
    const { activity } = await submitted(author);
    expect((await act(author, 'approve', activity.id)).statusCode).toBe(403);
    expect((await act(author, 'reject', activity.id, { reason: 'x' })).statusCode).toBe(403);
    expect((await act(author, 'start', activity.id)).statusCode).toBe(403);
    expect((await act(author, 'stop', activity.id)).statusCode).toBe(403);
  });

  it('refuses test sends and the estimate while their switches are off, as they are by default', async () => {
    const other = await createTenant(context, { roles: [1, 4] });
    const elsewhere = await createTenant(context, { enterpriseId: other.enterpriseId, roles: [5] });
    const channel = await sandboxChannel(context, other);
    const template = await createTemplate(context, other, offerTemplate(channel.id, 'switch_offer'));
    const ids = await addCustomers(context.database.db, other.enterpriseId, [{ name: 'Ira Sen', phone: phone(90) }]);
    const segment = await addSegment(context.database.db, other.enterpriseId, 'Switches', [...ids.values()]);
    const created = await call<{ campaign: Campaign }>(
      other,
      'POST',
      '/api/campaigns',
      campaignBody(channel.id, template, { segmentIds: [segment] }),
    );
    const campaignId = created.body.data.campaign.id;
    const test = await call(other, 'POST', `/api/campaigns/${campaignId}/test`, { phoneNumbers: [phone(90)] });
    expect(test.statusCode).toBe(409);
    expect(test.body.message).toMatch(/turned off for your enterprise/);
    const submitted = await call<{ activity: Activity }>(other, 'POST', `/api/campaigns/${campaignId}/submit`);
    await call(elsewhere, 'POST', `/api/campaigns/activities/${submitted.body.data.activity.id}/approve`);
    const estimate = await call(
      elsewhere,
      'GET',
      `/api/campaigns/activities/${submitted.body.data.activity.id}/estimate`,
    );
    expect(estimate.statusCode).toBe(409);
  });

  it('estimates the cost of the sendable numbers from the rate card', async () => {
    const { activity } = await approved();
    const answer = await call<CampaignEstimate>(checker, 'GET', `/api/campaigns/activities/${activity.id}/estimate`);
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ recipients: 4, estimatedRate: 2, unpriced: 0, budgetLeft: null });
  });
});

describe('runs', () => {
  it('start now: one run, a broadcast per variant with the recipients and their values, queued', async () => {
    const { campaign, activity } = await approved();
    const started = await act(checker, 'start', activity.id);
    expect(started.statusCode, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data.activity.state).toBe('RUNNING');
    expect(await statusOf(campaign.id)).toBe('RUNNING');
    const [broadcast, ...more] = await broadcastsOf(campaign.id);
    expect(more).toEqual([]);
    expect(broadcast).toMatchObject({
      status: 'QUEUED',
      total: 4,
      resource_type: 'CAMPAIGN',
      resource_id: campaign.id,
    });
    const rows = await recipientsOf(String(broadcast!.id));
    expect(rows.map((row) => [row.phone, row.state, row.error_code])).toEqual([
      [phone(1), 'pending', null],
      [phone(2), 'pending', null],
      [phone(3), 'pending', null],
      // A blank name cannot fill {{1}}.
      [phone(4), 'blocked', 'missingValue'],
    ]);
    expect(rows[0]!.values).toEqual({
      header: { '1': '#7' },
      body: { '1': 'Asha', '2': 'gold' },
      buttons: { '1': 'u/Asha' },
    });
    // URL parts are URL-encoded (encodeURIComponent).
    expect((rows[2]!.values as { buttons: Record<string, string> }).buttons['1']).toBe(
      `u/${encodeURIComponent('Ásha K')}`,
    );
    const runs = await rowsOf(
      context.database.db,
      sql`SELECT state, targeted, excluded FROM campaign_runs WHERE activity_id = ${activity.id}::uuid`,
    );
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ state: 'RUNNING', targeted: 4 });
    expect((runs[0]!.excluded as Record<string, number>).missingValue).toBe(1);
    const audit = await context.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.enterpriseId, maker.enterpriseId));
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(['campaign.submit', 'campaign.activity.approve', 'campaign.activity.start']),
    );
  });

  it('splits A/B by a hash of the phone into the shares', async () => {
    const many = await addCustomers(
      context.database.db,
      maker.enterpriseId,
      Array.from({ length: 200 }, (_, index) => ({ name: `Split ${index}`, phone: phone(1000 + index) })),
    );
    const splitSegment = await addSegment(context.database.db, maker.enterpriseId, 'Split', [...many.values()]);
    const base = campaignBody(channel.id, template, { segmentIds: [splitSegment] });
    const variants = [
      { ...base.variants[0]!, label: 'A', share: 70 },
      { ...base.variants[0]!, label: 'B', share: 30 },
    ];
    const { campaign, activity } = await approved({ audience: base.audience, variants });
    await act(checker, 'start', activity.id);
    const [a, b] = await broadcastsOf(campaign.id);
    expect([a!.variant, b!.variant]).toEqual(['A', 'B']);
    expect(Number(a!.total) + Number(b!.total)).toBe(200);
    expect(Number(a!.total)).toBeGreaterThan(110);
    expect(Number(b!.total)).toBeGreaterThan(30);
    const phonesA = new Set((await recipientsOf(String(a!.id))).map((row) => row.phone));
    const phonesB = (await recipientsOf(String(b!.id))).map((row) => row.phone);
    expect(phonesB.some((item) => phonesA.has(item))).toBe(false);
  });

  it('spreads one run’s sends evenly over the spread window', async () => {
    const { campaign, activity } = await approved({
      schedule: { kind: 'now', at: '', weekdays: [], until: '', spreadMinutes: 30 },
    });
    await act(checker, 'start', activity.id);
    const [broadcast] = await broadcastsOf(campaign.id);
    const times = (await recipientsOf(String(broadcast!.id))).map((row) =>
      new Date(String(row.next_attempt_at)).getTime(),
    );
    const span = Math.max(...times) - Math.min(...times);
    // Four rows over 30 minutes: 0, 7.5, 15 and 22.5 minutes in.
    expect(span).toBeGreaterThan(22 * 60_000);
    expect(span).toBeLessThan(23 * 60_000);
  });

  it('pause, resume and stop move the run’s broadcasts; stop cancels what was not sent', async () => {
    const { campaign, activity } = await approved();
    await act(checker, 'start', activity.id);
    const [broadcast] = await broadcastsOf(campaign.id);
    const paused = await act(checker, 'pause', activity.id);
    expect(paused.body.data.activity.state).toBe('PAUSED');
    expect((await broadcastsOf(campaign.id))[0]!.status).toBe('PAUSED');
    expect(await statusOf(campaign.id)).toBe('PAUSED');
    expect((await act(checker, 'pause', activity.id)).statusCode).toBe(409);
    const resumed = await act(checker, 'resume', activity.id);
    expect(resumed.body.data.activity.state).toBe('RUNNING');
    expect((await broadcastsOf(campaign.id))[0]!.status).toBe('SENDING');
    const stopped = await act(checker, 'stop', activity.id);
    expect(stopped.body.data.activity).toMatchObject({ state: 'STOPPED', nextRunAt: null });
    expect((await broadcastsOf(campaign.id))[0]!.status).toBe('CANCELLED');
    const states = (await recipientsOf(String(broadcast!.id))).map((row) => row.state);
    expect(states).toEqual(['cancelled', 'cancelled', 'cancelled', 'blocked']);
    expect((await act(checker, 'resume', activity.id)).statusCode).toBe(409);
    // A stopped campaign can be changed and submitted again.
    expect((await call(author, 'PUT', `/api/campaigns/${campaign.id}`, body({ name: 'Again' }))).statusCode).toBe(200);
  });

  it('a run whose broadcasts ended is COMPLETED, and so is a campaign sent now', async () => {
    const { campaign, activity } = await approved();
    await act(checker, 'start', activity.id);
    const announced: ActivityChange[] = [];
    const scheduler = schedulerFor(context.database.db, [], announced);
    await scheduler.tick();
    expect(await statusOf(campaign.id)).toBe('RUNNING');
    for (const broadcast of await broadcastsOf(campaign.id))
      await context.database.db
        .update(broadcasts)
        .set({ status: 'COMPLETED' })
        .where(eq(broadcasts.id, String(broadcast.id)));
    await scheduler.tick();
    const [row] = await context.database.db
      .select()
      .from(campaignActivities)
      .where(eq(campaignActivities.id, activity.id));
    expect(row!.state).toBe('COMPLETED');
    expect(await statusOf(campaign.id)).toBe('COMPLETED');
    // The open consoles hear of it.
    expect(announced).toContainEqual({
      enterpriseId: maker.enterpriseId,
      id: activity.id,
      campaignId: campaign.id,
      state: 'COMPLETED',
    });
  });

  it('a scheduled start waits for its time, then the scheduler fires it once and schedules the next', async () => {
    const inAnHour = new Date(Date.now() + 60 * 60 * 1000);
    const at = inAnHour.toISOString().slice(0, 16);
    const until = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const { campaign, activity } = await approved({
      schedule: { kind: 'daily', at, weekdays: [], until, spreadMinutes: 0 },
    });
    const started = await act(checker, 'start', activity.id);
    expect(started.body.data.activity.state).toBe('SCHEDULED');
    expect(started.body.data.activity.nextRunAt).toBe(new Date(`${at}:00Z`).toISOString());
    expect(await statusOf(campaign.id)).toBe('SCHEDULED');
    const scheduler = schedulerFor(context.database.db);
    await scheduler.tick();
    expect(await broadcastsOf(campaign.id)).toEqual([]);
    // The clock reaches the first occurrence (moved back instead of waiting an hour).
    const due = new Date(Date.now() - 1000);
    await context.database.db
      .update(campaignActivities)
      .set({ nextRunAt: due })
      .where(eq(campaignActivities.id, activity.id));
    await scheduler.tick();
    await scheduler.tick();
    expect(await broadcastsOf(campaign.id)).toHaveLength(1);
    const [row] = await context.database.db
      .select()
      .from(campaignActivities)
      .where(eq(campaignActivities.id, activity.id));
    expect(row!.state).toBe('RUNNING');
    // The next is the first daily occurrence after now: today's (in an hour) or tomorrow's.
    expect(row!.nextRunAt!.getTime()).toBeGreaterThan(Date.now());
    expect(row!.nextRunAt!.toISOString().slice(11, 16)).toBe(at.slice(11, 16));
  });

  it('stop of a scheduled activity: nothing is sent later', async () => {
    const at = new Date(Date.now() + 60 * 60 * 1000).toISOString().slice(0, 16);
    const { campaign, activity } = await approved({
      schedule: { kind: 'once', at, weekdays: [], until: '', spreadMinutes: 0 },
    });
    await act(checker, 'start', activity.id);
    await act(checker, 'stop', activity.id);
    await context.database.db
      .update(campaignActivities)
      .set({ nextRunAt: new Date(Date.now() - 1000) })
      .where(eq(campaignActivities.id, activity.id));
    await schedulerFor(context.database.db).tick();
    expect(await broadcastsOf(campaign.id)).toEqual([]);
    expect(await statusOf(campaign.id)).toBe('STOPPED');
  });

  it('test send: the variant to a few numbers through a broadcast of kind test, not a run', async () => {
    const campaign = await draft(author);
    const answer = await call<{ broadcastId: string }>(author, 'POST', `/api/campaigns/${campaign.id}/test`, {
      phoneNumbers: [phone(1), '98452 00077'],
    });
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    const [broadcast] = await broadcastsOf(campaign.id, 'test');
    expect(broadcast).toMatchObject({ id: answer.body.data.broadcastId, run_id: null });
    const rows = await recipientsOf(answer.body.data.broadcastId);
    // A number that is no customer cannot fill the name: it is stored blocked.
    expect(rows.map((row) => [row.phone, row.state])).toEqual([
      [phone(1), 'pending'],
      [phone(77), 'blocked'],
    ]);
    expect(await broadcastsOf(campaign.id)).toEqual([]);
    const bad = await call(author, 'POST', `/api/campaigns/${campaign.id}/test`, { phoneNumbers: ['12'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.fieldErrors?.['phoneNumbers.0']).toBe('please enter valid number');
    const [row] = await context.database.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(row!.status).toBe('DRAFT');
  });
});
