import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { errorCatalog } from '@parley/contracts/errors';
import { createTenant, createTestApp, type Tenant, type TestContext } from '../../../../test/test-app';
import { openTestDatabase } from '../../../../test/test-database';
import { loadConfig } from '../../../config';
import type { Database } from '../../../db/client';
import { departments } from '../../../db/schema/enterprise-admin';
import { auditLog, enterprises } from '../../../db/schema/platform';
import { caller, createTemplate, greetingTemplate, sandboxChannel } from './protection-test-kit';
import { registerCampaignRulesRoutes } from './rules.routes';
import { ruleTexts } from './rules.service';

/** The protection rules through the real app: who may read and set them, what is refused, per enterprise. */

interface Rules {
  blockTimes: { id: string; name: string; from: string; to: string; weekdays: number[]; enabled: boolean }[];
  frequencyCaps: { id: string; name: string; maxMessages: number; period: string; enabled: boolean }[];
  failovers: { id: string; name: string; fromChannelId: string; toChannelId: string; templateId: string }[];
  costPlans: {
    id: string;
    departmentId: string;
    departmentName: string;
    monthlyBudget: number;
    enabled: boolean;
    spentThisMonth: number;
  }[];
  timeZone: string;
}

let database: Database;
let context: TestContext;
let call: ReturnType<typeof caller>;
let admin: Tenant;
let maker: Tenant;
let checker: Tenant;
let reportViewer: Tenant;
let chatAgent: Tenant;
let otherAdmin: Tenant;
let whatsApp: { id: string };
let rcs: { id: string };
let rcsTemplate: string;
let department: { id: string; name: string };

beforeAll(async () => {
  database = await openTestDatabase();
  context = await createTestApp({
    database,
    beforeReady: (app) => {
      // The campaigns feature wires these routes in app.ts; until it does, the test registers them.
      if (!app.hasRoute({ method: 'GET', url: '/api/campaign-rules' }))
        registerCampaignRulesRoutes(app, { db: database.db, config: loadConfig({ NODE_ENV: 'test' }) });
    },
  });
  call = caller(context);
  admin = await createTenant(context, { settings: { timezone: 'Asia/Kolkata' } });
  const same = { enterpriseId: admin.enterpriseId };
  maker = await createTenant(context, { ...same, roles: [4] });
  checker = await createTenant(context, { ...same, roles: [5] });
  reportViewer = await createTenant(context, { ...same, roles: [6] });
  chatAgent = await createTenant(context, { ...same, roles: [3] });
  otherAdmin = await createTenant(context);
  whatsApp = await sandboxChannel(context, admin, { type: 4 });
  rcs = await sandboxChannel(context, admin, { type: 10 });
  rcsTemplate = await createTemplate(context, admin, greetingTemplate(rcs.id, 'rcs_fallback'));
  const [row] = await context.database.db
    .insert(departments)
    .values({ enterpriseId: admin.enterpriseId, name: 'Growth' })
    .returning();
  department = row!;
});
afterAll(async () => {
  await context?.close();
  await database?.close();
});

const quiet = { name: 'Nights', from: '21:00', to: '08:00', weekdays: [5, 6] };
const failover = () => ({
  name: 'WhatsApp to RCS',
  fromChannelId: whatsApp.id,
  toChannelId: rcs.id,
  templateId: rcsTemplate,
  columnMapping: [
    { variable: 'body.1', type: 'column', value: 'name' },
    { variable: 'body.2', type: 'static', value: 'your order is ready' },
  ],
  undeliveredMinutes: 30,
});

async function actions(tenant: Tenant) {
  const rows = await context.database.db
    .select({ action: auditLog.action, statusCode: auditLog.statusCode })
    .from(auditLog)
    .where(and(eq(auditLog.enterpriseId, tenant.enterpriseId), eq(auditLog.userId, tenant.userId)));
  return rows.filter((row) => row.action.startsWith('campaignRules.'));
}

describe('the protection rules', () => {
  it('are set by an administrator, read back with the enterprise’s time zone, changed and deleted', async () => {
    const saved = await call<{ id: string }>(admin, 'POST', '/api/campaign-rules/block-time', quiet);
    expect(saved.statusCode, JSON.stringify(saved.body)).toBe(200);
    const cap = await call<{ id: string }>(admin, 'POST', '/api/campaign-rules/frequency', {
      name: 'Once a day',
      maxMessages: 1,
      period: 'day',
    });
    expect(cap.statusCode).toBe(200);
    const fallback = await call<{ id: string }>(admin, 'POST', '/api/campaign-rules/failover', failover());
    expect(fallback.statusCode, JSON.stringify(fallback.body)).toBe(200);
    const plan = await call<{ id: string }>(admin, 'POST', '/api/campaign-rules/cost-planner', {
      departmentId: department.id,
      monthlyBudget: 5000,
    });
    expect(plan.statusCode, JSON.stringify(plan.body)).toBe(200);

    const read = await call<Rules>(admin, 'GET', '/api/campaign-rules');
    expect(read.statusCode).toBe(200);
    expect(read.body.data).toMatchObject({
      timeZone: 'Asia/Kolkata',
      blockTimes: [{ id: saved.body.data.id, ...quiet, enabled: true }],
      frequencyCaps: [{ id: cap.body.data.id, name: 'Once a day', maxMessages: 1, period: 'day', enabled: true }],
      failovers: [{ id: fallback.body.data.id, ...failover(), enabled: true }],
      costPlans: [
        {
          id: plan.body.data.id,
          departmentId: department.id,
          departmentName: 'Growth',
          monthlyBudget: 5000,
          enabled: true,
          spentThisMonth: 0,
        },
      ],
    });

    // Changed in place: same id, new values.
    const changed = await call<{ id: string }>(admin, 'POST', '/api/campaign-rules/block-time', {
      ...quiet,
      id: saved.body.data.id,
      from: '22:30',
      enabled: false,
    });
    expect(changed.body.data.id).toBe(saved.body.data.id);
    const after = (await call<Rules>(admin, 'GET', '/api/campaign-rules')).body.data;
    expect(after.blockTimes).toEqual([{ id: saved.body.data.id, ...quiet, from: '22:30', enabled: false }]);

    const removed = await call(admin, 'DELETE', `/api/campaign-rules/block-time/${saved.body.data.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await call<Rules>(admin, 'GET', '/api/campaign-rules')).body.data.blockTimes).toEqual([]);
    expect((await call(admin, 'DELETE', `/api/campaign-rules/block-time/${saved.body.data.id}`)).statusCode).toBe(404);

    // Every write is in the audit trail under its own name (written once the response is sent).
    const deadline = Date.now() + 5000;
    while ((await actions(admin)).length < 7 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await actions(admin)).map((row) => row.action).sort()).toEqual(
      [
        'campaignRules.remove',
        'campaignRules.remove',
        'campaignRules.saveBlockTime',
        'campaignRules.saveBlockTime',
        'campaignRules.saveCostPlan',
        'campaignRules.saveFailover',
        'campaignRules.saveFrequency',
      ].sort(),
    );
  });

  it('are read by campaign makers, checkers and report viewers, and set by none of them', async () => {
    for (const reader of [maker, checker, reportViewer]) {
      const read = await call<Rules>(reader, 'GET', '/api/campaign-rules');
      expect(read.statusCode).toBe(200);
      expect(read.body.data.failovers.length).toBeGreaterThan(0);
      for (const [url, body] of [
        ['/api/campaign-rules/block-time', quiet],
        ['/api/campaign-rules/frequency', { name: 'x', maxMessages: 2, period: 'week' }],
        ['/api/campaign-rules/failover', failover()],
        ['/api/campaign-rules/cost-planner', { departmentId: department.id, monthlyBudget: 1 }],
      ] as const)
        expect((await call(reader, 'POST', url, body)).statusCode).toBe(403);
      const some = read.body.data.frequencyCaps[0]!;
      expect((await call(reader, 'DELETE', `/api/campaign-rules/frequency/${some.id}`)).statusCode).toBe(403);
    }
    // A chat agent has nothing to do with campaigns.
    expect((await call(chatAgent, 'GET', '/api/campaign-rules')).statusCode).toBe(403);
    expect((await call<Rules>(admin, 'GET', '/api/campaign-rules')).body.data.frequencyCaps).toHaveLength(1);
  });

  it('refuses quiet hours that start when they end, and input the contract does not allow', async () => {
    const same = await call(admin, 'POST', '/api/campaign-rules/block-time', { ...quiet, to: quiet.from });
    expect(same.statusCode).toBe(400);
    expect(same.body.fieldErrors).toEqual({ to: ruleTexts.sameTimes });
    const badTime = await call(admin, 'POST', '/api/campaign-rules/block-time', { ...quiet, from: '25:00' });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.body.fieldErrors).toHaveProperty('from', 'Use HH:mm');
    const noName = await call(admin, 'POST', '/api/campaign-rules/frequency', {
      name: ' ',
      maxMessages: 0,
      period: 'month',
    });
    expect(noName.statusCode).toBe(400);
    expect(Object.keys(noName.body.fieldErrors ?? {}).sort()).toEqual(['maxMessages', 'name', 'period']);
    const badKind = await call(admin, 'DELETE', `/api/campaign-rules/vendor-pattern/${department.id}`);
    expect(badKind.statusCode).toBe(400);
  });

  it('refuses a failover to the same channel, to a template of another channel, or one not approved', async () => {
    const sameChannel = await call(admin, 'POST', '/api/campaign-rules/failover', {
      ...failover(),
      toChannelId: whatsApp.id,
    });
    expect(sameChannel.statusCode).toBe(400);
    expect(sameChannel.body.fieldErrors).toMatchObject({
      toChannelId: ruleTexts.sameChannel,
      templateId: ruleTexts.templateOfChannel,
    });

    const pending = await createTemplate(context, admin, greetingTemplate(rcs.id, 'rcs_pending'), false);
    const notApproved = await call(admin, 'POST', '/api/campaign-rules/failover', {
      ...failover(),
      templateId: pending,
    });
    expect(notApproved.statusCode).toBe(400);
    expect(notApproved.body.fieldErrors).toEqual({ templateId: ruleTexts.templateNotApproved });

    const unmapped = await call(admin, 'POST', '/api/campaign-rules/failover', { ...failover(), columnMapping: [] });
    expect(unmapped.statusCode).toBe(400);
    expect(unmapped.body.fieldErrors).toEqual({
      'columnMapping.body.1': 'This Field is Mandatory',
      'columnMapping.body.2': 'This Field is Mandatory',
    });
  });

  it('keeps one budget per department: a second is a 409 on the department', async () => {
    const second = await call(admin, 'POST', '/api/campaign-rules/cost-planner', {
      departmentId: department.id,
      monthlyBudget: 10,
    });
    expect(second.statusCode).toBe(409);
    expect(second.body).toMatchObject({
      code: errorCatalog.CAMPAIGN_COST_PLAN_TAKEN.code,
      fieldErrors: { departmentId: ruleTexts.planTaken },
    });
    // Its own plan can be changed.
    const plan = (await call<Rules>(admin, 'GET', '/api/campaign-rules')).body.data.costPlans[0]!;
    const changed = await call(admin, 'POST', '/api/campaign-rules/cost-planner', {
      id: plan.id,
      departmentId: department.id,
      monthlyBudget: 7500.5,
    });
    expect(changed.statusCode).toBe(200);
    expect((await call<Rules>(admin, 'GET', '/api/campaign-rules')).body.data.costPlans[0]).toMatchObject({
      monthlyBudget: 7500.5,
    });
  });

  it('never lets another enterprise read, use or change the rules, channels, templates or departments', async () => {
    const mine = (await call<Rules>(admin, 'GET', '/api/campaign-rules')).body.data;
    const theirs = await call<Rules>(otherAdmin, 'GET', '/api/campaign-rules');
    expect(theirs.body.data).toEqual({
      blockTimes: [],
      frequencyCaps: [],
      failovers: [],
      costPlans: [],
      timeZone: 'UTC',
    });

    // Updating or deleting another enterprise's rule is a 404, and changes nothing.
    const cap = mine.frequencyCaps[0]!;
    const update = await call(otherAdmin, 'POST', '/api/campaign-rules/frequency', {
      id: cap.id,
      name: 'Hijacked',
      maxMessages: 99,
      period: 'week',
    });
    expect(update.statusCode).toBe(404);
    expect((await call(otherAdmin, 'DELETE', `/api/campaign-rules/frequency/${cap.id}`)).statusCode).toBe(404);
    expect((await call<Rules>(admin, 'GET', '/api/campaign-rules')).body.data.frequencyCaps).toEqual([cap]);

    // Another enterprise's channels, template and department cannot be used in its rules.
    const borrowed = await call(otherAdmin, 'POST', '/api/campaign-rules/failover', failover());
    expect(borrowed.statusCode).toBe(400);
    expect(borrowed.body.fieldErrors).toEqual({
      fromChannelId: ruleTexts.notYourChannel,
      toChannelId: ruleTexts.notYourChannel,
      templateId: ruleTexts.templateOfChannel,
    });
    const budget = await call(otherAdmin, 'POST', '/api/campaign-rules/cost-planner', {
      departmentId: department.id,
      monthlyBudget: 1,
    });
    expect(budget.statusCode).toBe(400);
    expect(budget.body.fieldErrors).toEqual({ departmentId: ruleTexts.notYourDepartment });
    const [enterprise] = await context.database.db
      .select({ settings: enterprises.settings })
      .from(enterprises)
      .where(eq(enterprises.id, otherAdmin.enterpriseId));
    expect(enterprise?.settings.timezone).toBeUndefined();
  });
});
