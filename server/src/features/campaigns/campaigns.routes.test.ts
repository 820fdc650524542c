import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { campaignMessages, type Campaign, type CampaignListItem } from '@parley/contracts/campaigns';
import { createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/test-app';
import { campaignActivities, campaigns } from '../../db/schema/campaigns';
import { auditLog } from '../../db/schema/platform';
import { departments } from '../../db/schema/enterprise-admin';
import {
  addCustomers,
  addSegment,
  caller,
  campaignBody,
  createTemplate,
  offerTemplate,
  sandboxChannel,
} from './campaign-test-kit';

let context: TestContext;
let call: ReturnType<typeof caller>;
let admin: Tenant;
let author: Tenant;
let checker: Tenant;
let reporter: Tenant;
let other: Tenant;
let channel: { id: string };
let template: string;
let pendingTemplate: string;
let segment: string;

beforeAll(async () => {
  context = await createTestApp();
  call = caller(context);
  admin = await createTenant(context);
  author = await createTenant(context, { enterpriseId: admin.enterpriseId, roles: [4] });
  checker = await createTenant(context, { enterpriseId: admin.enterpriseId, roles: [5] });
  reporter = await createTenant(context, { enterpriseId: admin.enterpriseId, roles: [6] });
  other = await createTenant(context);
  channel = await sandboxChannel(context, admin);
  template = await createTemplate(context, admin, offerTemplate(channel.id, 'winter_offer'));
  pendingTemplate = await createTemplate(context, admin, offerTemplate(channel.id, 'winter_draft'), { approve: false });
  const ids = await addCustomers(context.database.db, admin.enterpriseId, [
    { name: 'Asha', phone: '+919845000001' },
    { name: 'Ravi', phone: '+919845000002' },
  ]);
  segment = await addSegment(context.database.db, admin.enterpriseId, 'Regulars', [...ids.values()]);
});
afterAll(async () => {
  await context?.close();
});

const body = (overrides: Parameters<typeof campaignBody>[3] = {}) =>
  campaignBody(channel.id, template, { segmentIds: [segment] }, overrides);

async function create(tenant: Tenant, overrides: Parameters<typeof campaignBody>[3] = {}) {
  const answer = await call<{ campaign: Campaign }>(tenant, 'POST', '/api/campaigns', body(overrides));
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.campaign;
}

/** A local date-time 'yyyy-MM-ddTHH:mm' in UTC (the test enterprise has no timezone: UTC). */
const localUtc = (date: Date) => date.toISOString().slice(0, 16);

describe('departments for the campaign budget', () => {
  it('lists the enterprise’s departments by name to a maker, who may not open the department admin', async () => {
    await context.database.db.insert(departments).values([
      { enterpriseId: admin.enterpriseId, name: 'Growth' },
      { enterpriseId: admin.enterpriseId, name: 'Care' },
      { enterpriseId: other.enterpriseId, name: 'Elsewhere' },
    ]);
    const answer = await call<{ departments: { id: string; name: string }[] }>(
      author,
      'GET',
      '/api/campaigns/departments',
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.body.data.departments.map((department) => department.name)).toEqual(['Care', 'Growth']);
    expect(Object.keys(answer.body.data.departments[0]!)).toEqual(['id', 'name']);
    expect((await call(author, 'GET', '/api/departments')).statusCode).toBe(403);
  });
});

describe('campaign CRUD', () => {
  it('creates a draft at version 1, reads it back, lists it by name and status', async () => {
    const created = await create(author, { name: 'Festival greetings' });
    expect(created).toMatchObject({ status: 'DRAFT', version: 1, name: 'Festival greetings', activityId: null });
    expect(created.createdBy.id).toBe(author.userId);
    const got = await call<{ campaign: Campaign }>(checker, 'GET', `/api/campaigns/${created.id}`);
    expect(got.body.data.campaign.variants[0]!.templateId).toBe(template);
    const listed = await call<{ campaigns: CampaignListItem[]; more: boolean }>(
      author,
      'GET',
      '/api/campaigns?search=festival&status=DRAFT',
    );
    expect(listed.body.data.campaigns.map((item) => item.name)).toEqual(['Festival greetings']);
    expect(listed.body.data.campaigns[0]).toMatchObject({ templateName: 'winter_offer', status: 'DRAFT' });
    const none = await call<{ campaigns: CampaignListItem[] }>(
      author,
      'GET',
      '/api/campaigns?search=festival&status=RUNNING',
    );
    expect(none.body.data.campaigns).toEqual([]);
  });

  it('pages the list by 20', async () => {
    for (let index = 0; index < 21; index += 1) await create(author, { name: `Paged ${index}` });
    const first = await call<{ campaigns: CampaignListItem[]; more: boolean }>(
      author,
      'GET',
      '/api/campaigns?search=paged',
    );
    expect(first.body.data.campaigns).toHaveLength(20);
    expect(first.body.data.more).toBe(true);
    const second = await call<{ campaigns: CampaignListItem[]; more: boolean }>(
      author,
      'GET',
      '/api/campaigns?search=paged&from=20',
    );
    expect(second.body.data.campaigns).toHaveLength(1);
    expect(second.body.data.more).toBe(false);
  });

  it('clones as "<name> (copy)", a new draft of the cloner', async () => {
    const original = await create(author, { name: 'Clone me' });
    const clone = await call<{ campaign: Campaign }>(admin, 'POST', `/api/campaigns/${original.id}/clone`);
    expect(clone.body.data.campaign).toMatchObject({ name: 'Clone me (copy)', status: 'DRAFT', version: 1 });
    expect(clone.body.data.campaign.id).not.toBe(original.id);
    expect(clone.body.data.campaign.createdBy.id).toBe(admin.userId);
  });

  it('deletes softly: gone from the list and the API, the row kept', async () => {
    const doomed = await create(author, { name: 'Doomed' });
    expect((await call(admin, 'DELETE', `/api/campaigns/${doomed.id}`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', `/api/campaigns/${doomed.id}`)).statusCode).toBe(404);
    const listed = await call<{ campaigns: CampaignListItem[] }>(admin, 'GET', '/api/campaigns?search=doomed');
    expect(listed.body.data.campaigns).toEqual([]);
    const [row] = await context.database.db.select().from(campaigns).where(eq(campaigns.id, doomed.id));
    expect(row!.deletedAt).not.toBeNull();
  });

  it('an edit of a submitted campaign makes it a draft again at the next version, the activity superseded', async () => {
    const created = await create(author, { name: 'Edited after submit' });
    const submitted = await call<{ activity: { id: string; state: string } }>(
      author,
      'POST',
      `/api/campaigns/${created.id}/submit`,
    );
    expect(submitted.body.data.activity.state).toBe('PENDING');
    const before = await call<{ campaign: Campaign }>(author, 'GET', `/api/campaigns/${created.id}`);
    expect(before.body.data.campaign.status).toBe('PENDING_APPROVAL');
    const edited = await call<{ campaign: Campaign }>(
      admin,
      'PUT',
      `/api/campaigns/${created.id}`,
      body({ name: 'Edited after submit v2' }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.body.data.campaign).toMatchObject({ status: 'DRAFT', version: 2, name: 'Edited after submit v2' });
    const [activity] = await context.database.db
      .select()
      .from(campaignActivities)
      .where(eq(campaignActivities.id, submitted.body.data.activity.id));
    expect(activity!.state).toBe('SUPERSEDED');
  });

  it('refuses to change or delete a running campaign', async () => {
    const created = await create(author, { name: 'Live one' });
    await context.database.db.update(campaigns).set({ status: 'RUNNING' }).where(eq(campaigns.id, created.id));
    const edit = await call(admin, 'PUT', `/api/campaigns/${created.id}`, body({ name: 'Live one v2' }));
    expect(edit.statusCode).toBe(409);
    expect(edit.body.message).toBe(campaignMessages.runningCannotChange);
    const removal = await call(admin, 'DELETE', `/api/campaigns/${created.id}`);
    expect(removal.statusCode).toBe(409);
    expect(removal.body.message).toBe(campaignMessages.runningCannotChange);
  });

  it('records every change in the audit trail under its action name', async () => {
    const created = await create(author, { name: 'Audited' });
    await call(author, 'POST', `/api/campaigns/${created.id}/clone`);
    const rows = await context.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(sql`${auditLog.enterpriseId} = ${admin.enterpriseId} AND ${auditLog.action} LIKE 'campaign.%'`);
    const actions = new Set(rows.map((row) => row.action));
    expect(actions).toContain('campaign.create');
    expect(actions).toContain('campaign.clone');
  });
});

describe('campaign checks', () => {
  it('answers field errors: channel of another enterprise, template not approved, shares, mapping', async () => {
    const foreign = await sandboxChannel(context, other);
    const wrongChannel = await call(admin, 'POST', '/api/campaigns', body({ channelId: foreign.id }));
    expect(wrongChannel.statusCode).toBe(400);
    expect(wrongChannel.body.fieldErrors).toHaveProperty('channelId');

    const unapproved = campaignBody(channel.id, pendingTemplate, { segmentIds: [segment] });
    const notApproved = await call(admin, 'POST', '/api/campaigns', unapproved);
    expect(notApproved.body.fieldErrors?.['variants.0.templateId']).toBe('Only an APPROVED template can be sent');

    const split = body();
    split.variants = [
      { ...split.variants[0]!, label: 'A', share: 60 },
      { ...split.variants[0]!, label: 'B', share: 30 },
    ];
    const shares = await call(admin, 'POST', '/api/campaigns', split);
    expect(shares.body.fieldErrors?.['variants.1.share']).toBe(campaignMessages.sharesMustTotal100);

    const unmapped = body();
    unmapped.variants[0]!.columnMapping = unmapped.variants[0]!.columnMapping!.filter(
      (entry) => entry.variable !== 'body.2',
    );
    const mapping = await call(admin, 'POST', '/api/campaigns', unmapped);
    expect(mapping.body.fieldErrors?.['variants.0.columnMapping.body.2']).toBe('This Field is Mandatory');
  });

  it('refuses an empty audience with its message', async () => {
    const empty = campaignBody(channel.id, template, {});
    const answer = await call(admin, 'POST', '/api/campaigns', empty);
    expect(answer.statusCode).toBe(400);
    expect(answer.body.fieldErrors?.audience).toBe(campaignMessages.audienceEmpty);
  });

  it('refuses a segment of another enterprise', async () => {
    const foreign = await addSegment(context.database.db, other.enterpriseId, 'Theirs', []);
    const answer = await call(
      admin,
      'POST',
      '/api/campaigns',
      campaignBody(channel.id, template, { segmentIds: [foreign] }),
    );
    expect(answer.body.fieldErrors).toHaveProperty(['audience.segmentIds']);
  });

  it('checks the schedule: once in the future, recurring with a time and an end after the first send, weekly days', async () => {
    const past = localUtc(new Date(Date.now() - 60 * 60 * 1000));
    const once = await call(admin, 'POST', '/api/campaigns', body({ schedule: { kind: 'once', at: past } }));
    expect(once.body.fieldErrors?.['schedule.at']).toBe(campaignMessages.scheduleInPast);

    const noTime = await call(
      admin,
      'POST',
      '/api/campaigns',
      body({ schedule: { kind: 'daily', until: '2099-01-01' } }),
    );
    expect(noTime.body.fieldErrors?.['schedule.at']).toBe('This Field is Mandatory');

    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    const endBefore = await call(
      admin,
      'POST',
      '/api/campaigns',
      body({ schedule: { kind: 'daily', at: localUtc(tomorrow), until: new Date().toISOString().slice(0, 10) } }),
    );
    expect(endBefore.body.fieldErrors?.['schedule.until']).toBe(campaignMessages.endBeforeStart);

    const noDays = await call(
      admin,
      'POST',
      '/api/campaigns',
      body({ schedule: { kind: 'weekly', at: localUtc(tomorrow), until: '2099-01-01', weekdays: [] } }),
    );
    expect(noDays.body.fieldErrors?.['schedule.weekdays']).toBe('This Field is Mandatory');

    const good = await call(
      admin,
      'POST',
      '/api/campaigns',
      body({ schedule: { kind: 'weekly', at: localUtc(tomorrow), until: '2099-01-01', weekdays: [1, 4] } }),
    );
    expect(good.statusCode).toBe(200);
  });
});

describe('campaign permissions', () => {
  it('lets checkers read but not write, and keeps report-only users out', async () => {
    const created = await create(author, { name: 'Permission probe' });
    expect((await call(checker, 'GET', '/api/campaigns')).statusCode).toBe(200);
    expect((await call(checker, 'POST', '/api/campaigns', body())).statusCode).toBe(403);
    expect((await call(checker, 'PUT', `/api/campaigns/${created.id}`, body())).statusCode).toBe(403);
    expect((await call(checker, 'DELETE', `/api/campaigns/${created.id}`)).statusCode).toBe(403);
    expect((await call(checker, 'POST', `/api/campaigns/${created.id}/clone`)).statusCode).toBe(403);
    expect((await call(reporter, 'GET', '/api/campaigns')).statusCode).toBe(403);
    expect((await call(reporter, 'GET', `/api/campaigns/${created.id}`)).statusCode).toBe(403);
  });

  it('keeps another enterprise out', async () => {
    const created = await create(author, { name: 'Private' });
    expect((await call(other, 'GET', `/api/campaigns/${created.id}`)).statusCode).toBe(404);
    expect((await call(other, 'PUT', `/api/campaigns/${created.id}`, body())).statusCode).toBe(404);
    expect((await call(other, 'DELETE', `/api/campaigns/${created.id}`)).statusCode).toBe(404);
  });
});
