import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudienceCount, AudienceFilter, CampaignList } from '@parley/contracts/campaigns';
import { as, createTenant, createTestApp, json, type Tenant, type TestContext } from '../../../test/test-app';
import { blacklist } from '../../db/schema/broadcasts';
import { campaignFrequencyCaps } from '../../db/schema/campaigns';
import {
  addCustomers,
  addField,
  addGroup,
  addSegment,
  caller,
  csvUpload,
  rowsOf,
  sandboxChannel,
  type Answer,
} from './campaign-test-kit';
import { sql } from 'drizzle-orm';

let context: TestContext;
let call: ReturnType<typeof caller>;
let admin: Tenant;
let reporter: Tenant;
let fields: { age: string; city: string; tier: string };
let segment1: string;
let segment2: string;
let group: string;

const phone = (n: number) => `+9198451${String(n).padStart(5, '0')}`;

beforeAll(async () => {
  context = await createTestApp();
  call = caller(context);
  admin = await createTenant(context, { settings: { timezone: 'Asia/Kolkata' } });
  reporter = await createTenant(context, { enterpriseId: admin.enterpriseId, roles: [6] });
  const db = context.database.db;
  const enterpriseId = admin.enterpriseId;
  fields = {
    age: await addField(db, enterpriseId, 'age', 'number'),
    city: await addField(db, enterpriseId, 'city', 'multi', ['Pune', 'Goa', 'Delhi']),
    tier: await addField(db, enterpriseId, 'tier', 'text'),
  };
  const ids = await addCustomers(db, enterpriseId, [
    {
      name: 'Asha',
      phone: phone(1),
      data: { [fields.age]: '34', [fields.city]: ['Pune', 'Goa'], [fields.tier]: 'gold' },
    },
    { name: 'Ravi', phone: phone(2), data: { [fields.age]: '17', [fields.city]: ['Delhi'], [fields.tier]: 'silver' } },
    // Text that is no number, and a dropdown stored as a single string.
    { name: 'Meena', phone: phone(3), data: { [fields.age]: 'forty', [fields.city]: 'Pune' } },
    { name: 'Kiran', phone: phone(4), data: { [fields.age]: '52' } },
    { name: 'Dev', phone: phone(5) },
    { name: 'Broken', phone: '+12345' },
    { name: 'Often', phone: phone(7) },
    // 19:00 UTC on the 10th is 00:30 on the 11th in Kolkata.
    { name: 'Late', phone: phone(8), createdAt: new Date('2026-01-10T19:00:00Z') },
  ]);
  const id = (n: number) => ids.get(phone(n))!;
  segment1 = await addSegment(db, enterpriseId, 'One', [id(1), id(2), ids.get('+12345')!]);
  segment2 = await addSegment(db, enterpriseId, 'Two', [id(3), id(4), id(7)]);
  group = await addGroup(db, enterpriseId, 'Group', [id(2), id(5)]);
  await db.insert(blacklist).values([
    { enterpriseId, phone: phone(4), source: 'manual' },
    { enterpriseId, phone: phone(5), source: 'opt_out' },
  ]);
  // Customer 7 had two campaign messages today; the cap is two a day.
  await db.insert(campaignFrequencyCaps).values({ enterpriseId, name: 'Two a day', maxMessages: 2, period: 'day' });
  const channel = await sandboxChannel(context, admin);
  await context.database.db.execute(sql`
    WITH b AS (
      INSERT INTO broadcasts (enterprise_id, channel_id, template_name, template_snapshot, status, messages_per_second, total)
      VALUES (${enterpriseId}::uuid, ${channel.id}::uuid, 'x', '{}'::jsonb, 'COMPLETED', 10, 2) RETURNING id),
    r AS (
      INSERT INTO broadcast_recipients (enterprise_id, broadcast_id, phone, state)
      SELECT ${enterpriseId}::uuid, b.id, ${phone(7)}, 'accepted' FROM b
      UNION ALL SELECT ${enterpriseId}::uuid, b.id, ${phone(9)}, 'accepted' FROM b
      RETURNING id)
    INSERT INTO campaign_send_log (enterprise_id, phone, recipient_id, sent_at)
    SELECT ${enterpriseId}::uuid, ${phone(7)}, r.id, now() - interval '1 hour' FROM r`);
});
afterAll(async () => {
  await context?.close();
});

const count = (audience: Record<string, unknown>, tenant = admin) =>
  call<AudienceCount>(tenant, 'POST', '/api/campaigns/audience/count', { audience });

const filter = (field: string, op: AudienceFilter['op'], value = '', extra: Partial<AudienceFilter> = {}) => ({
  field,
  op,
  value,
  ...extra,
});

describe('audience count', () => {
  it('reaches segments ∪ groups and counts each exclusion once', async () => {
    const answer = await count({ segmentIds: [segment1, segment2], groupIds: [group] });
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toEqual({
      targeted: 7,
      excluded: { invalidNumber: 1, blacklisted: 1, optedOut: 1, capped: 1, duplicate: 0, missingValue: 0 },
      sendable: 3,
    });
  });

  it('reaches every customer when only filters are chosen', async () => {
    const answer = await count({ filters: [filter('name', 'notEmpty')] });
    expect(answer.body.data.targeted).toBe(8);
  });

  it('compares numbers numerically and skips text that is no number', async () => {
    const answer = await count({ segmentIds: [segment1, segment2], filters: [filter(fields.age, 'gt', '18')] });
    // Asha 34 and Kiran 52 (blacklisted); Ravi 17 is below, Meena 'forty' is no number.
    expect(answer.body.data.targeted).toBe(2);
    expect(answer.body.data.sendable).toBe(1);
    const between = await count({ filters: [filter(fields.age, 'between', '17', { valueTo: '34' })] });
    expect(between.body.data.targeted).toBe(2);
    const notNumber = await count({ filters: [filter(fields.age, 'gt', 'abc')] });
    expect(notNumber.statusCode).toBe(400);
    expect(notNumber.body.fieldErrors?.['audience.filters.0.value']).toBe('Enter a number');
  });

  it('matches dropdowns stored as lists and as single values', async () => {
    const pune = await count({ filters: [filter(fields.city, 'in', '', { values: ['Pune'] })] });
    expect(pune.body.data.targeted).toBe(2);
    const notPune = await count({
      segmentIds: [segment1, segment2],
      filters: [filter(fields.city, 'notIn', '', { values: ['Pune'] })],
    });
    expect(notPune.body.data.targeted).toBe(4);
    const empty = await count({ segmentIds: [segment1], filters: [filter(fields.city, 'empty')] });
    expect(empty.body.data.targeted).toBe(1);
  });

  it('matches text case-insensitively and by part', async () => {
    expect((await count({ filters: [filter(fields.tier, 'equals', 'SILVER')] })).body.data.targeted).toBe(1);
    expect((await count({ filters: [filter(fields.tier, 'contains', 'OL')] })).body.data.targeted).toBe(1);
    expect((await count({ filters: [filter('name', 'contains', '%')] })).body.data.targeted).toBe(0);
  });

  it('reads dates in the enterprise timezone', async () => {
    const answer = await count({ filters: [filter('createdAt', 'between', '2026-01-11', { valueTo: '2026-01-11' })] });
    expect(answer.body.data.targeted).toBe(1);
    const before = await count({ filters: [filter('createdAt', 'before', '2026-01-11')] });
    expect(before.body.data.targeted).toBe(0);
  });

  it('refuses operators that do not fit the attribute and unknown attributes', async () => {
    const wrongOp = await count({ filters: [filter(fields.city, 'gt', '3')] });
    expect(wrongOp.body.fieldErrors).toHaveProperty(['audience.filters.0.op']);
    const unknown = await count({ filters: [filter('00000000-0000-4000-8000-000000000000', 'empty')] });
    expect(unknown.body.fieldErrors).toHaveProperty(['audience.filters.0.field']);
  });

  it('is not open to report-only users', async () => {
    expect((await count({ segmentIds: [segment1] }, reporter)).statusCode).toBe(403);
  });
});

async function upload(fileName: string, content: string) {
  const { payload, contentType } = csvUpload(fileName, content);
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/campaigns/lists',
    payload,
    headers: { ...as(admin.token), 'content-type': contentType },
  });
  return { statusCode: response.statusCode, body: json<Answer<{ list: CampaignList }>>(response) };
}

describe('uploaded lists', () => {
  it('normalises, deduplicates and counts invalid numbers; lists them', async () => {
    const answer = await upload('vip.csv', `name,phone\nA,${phone(1)}\nB,9845199999\nC,+919845199999\nD,abc\n`);
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.list).toMatchObject({ name: 'vip', count: 2, invalid: 1 });
    const numbers = await rowsOf(
      context.database.db,
      sql`SELECT phone FROM campaign_list_numbers WHERE list_id = ${answer.body.data.list.id}::uuid ORDER BY phone`,
    );
    expect(numbers.map((row) => row.phone)).toEqual([phone(1), '+919845199999']);
    const listed = await call<{ lists: CampaignList[] }>(admin, 'GET', '/api/campaigns/lists');
    expect(listed.body.data.lists.map((list) => list.name)).toContain('vip');
  });

  it('refuses a file that is not CSV or has no number column', async () => {
    expect((await upload('vip.txt', `${phone(1)}\n`)).statusCode).toBe(400);
    expect((await upload('words.csv', 'name,city\nAsha,Pune\n')).statusCode).toBe(400);
    // Not one readable number: refused with why, nothing stored.
    const unreadable = await upload('bad.csv', 'phone\nhello\n12\n');
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.body.message).toBe(
      'No number in this file could be read (2 invalid): write numbers with their country code, e.g. +91 98765 43210',
    );
    const listed = await call<{ lists: { name: string }[] }>(admin, 'GET', '/api/campaigns/lists');
    expect(listed.body.data.lists.map((list) => list.name)).not.toContain('bad');
  });

  it('reaches listed numbers that are no customer, and counts numbers reached twice as duplicates', async () => {
    const first = (await upload('first.csv', `${phone(1)}\n${phone(99)}\n`)).body.data.list;
    const second = (await upload('second.csv', `${phone(99)}\n`)).body.data.list;
    const answer = await count({ segmentIds: [segment1], listIds: [first.id, second.id] });
    // Reached: Asha, Ravi, Broken (segment) and the stranger 99; Asha listed once and 99 twice more.
    expect(answer.body.data).toEqual({
      targeted: 6,
      excluded: { invalidNumber: 1, blacklisted: 0, optedOut: 0, capped: 0, duplicate: 2, missingValue: 0 },
      sendable: 3,
    });
    // With a filter, only customers count: the stranger has no attributes.
    const filtered = await count({ listIds: [first.id, second.id], filters: [filter('name', 'notEmpty')] });
    expect(filtered.body.data.targeted).toBe(1);
  });
});
