import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportMessage } from '@parley/contracts/broadcasts';
import { channelMessages, messageTemplates } from '../../db/schema/channels';
import { as, createTenant, createTestApp, json, type Tenant, type TestContext } from '../../../test/test-app';
import { neutraliseFormula } from '../../platform/csv-cells';
import { csvHeader, EXPORT_PAGE_SIZE, reportTexts } from './delivery-report.service';

/** The delivery report through the real app: every filter of the §7.1 query, paging, and the CSV export. */

let context: TestContext;
let admin: Tenant;
let offers: string;
let support: string;
let templateId: string;

const now = Date.now();
const ago = (minutes: number) => new Date(now - minutes * 60_000);

type Page = { messages: ReportMessage[]; more: boolean };
type Answer<T> = { status: boolean; code?: number; message: string; fieldErrors?: Record<string, string>; data: T };

async function report(tenant: Tenant, query: Record<string, string | number> = {}) {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  const response = await context.app.inject({
    method: 'GET',
    url: `/api/reports/messages/status?${search}`,
    headers: as(tenant.token),
  });
  return { statusCode: response.statusCode, body: response.json() as Answer<Page> };
}
const ids = async (query: Record<string, string | number>) =>
  (await report(admin, { perPage: 200, ...query })).body.data.messages.map((message) => message.messageId);

async function exportCsv(tenant: Tenant, query: Record<string, string | number> = {}) {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  return context.app.inject({
    method: 'GET',
    url: `/api/reports/messages/status.csv?${search}`,
    headers: as(tenant.token),
  });
}

async function channel(tenant: Tenant, name: string) {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/channels',
    headers: as(tenant.token),
    payload: { name, type: 4, vendor: 0, data: { contactId: '919000000001', failureRate: '0' } },
  });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: { channelConfig: { id: string } } }>(response).data.channelConfig.id;
}

type Row = typeof channelMessages.$inferInsert;
const message = (row: Partial<Row> & Pick<Row, 'channelId' | 'vendorMessageId' | 'createdAt'>): Row => ({
  enterpriseId: admin.enterpriseId,
  direction: 'out',
  customerNumber: '+919876543210',
  kind: 'template',
  status: 'accepted',
  source: 'broadcast',
  statusAt: row.createdAt,
  ...row,
});

beforeAll(async () => {
  context = await createTestApp();
  admin = await createTenant(context);
  offers = await channel(admin, 'Offers');
  support = await channel(admin, 'Support');
  const [template] = await context.database.db
    .insert(messageTemplates)
    .values({
      enterpriseId: admin.enterpriseId,
      channelId: offers,
      name: 'diwali_sale',
      language: 'en_US',
      category: 'MARKETING',
      components: [{ type: 'BODY', text: 'Sale!' }],
      status: 'APPROVED',
    })
    .returning({ id: messageTemplates.id });
  templateId = template!.id;
  await context.database.db.insert(channelMessages).values([
    message({ channelId: offers, vendorMessageId: 'wamid.read', createdAt: ago(10), status: 'read', templateId }),
    message({ channelId: offers, vendorMessageId: 'wamid.delivered', createdAt: ago(20), status: 'delivered' }),
    message({ channelId: offers, vendorMessageId: 'wamid.sent', createdAt: ago(30), status: 'sent' }),
    message({
      channelId: offers,
      vendorMessageId: 'wamid.accepted',
      createdAt: ago(40),
      customerNumber: '+12025550143',
    }),
    message({
      channelId: offers,
      vendorMessageId: 'wamid.failed',
      createdAt: ago(50),
      status: 'failed',
      errorCode: '131026',
      errorText: '=HYPERLINK("http://evil.test")',
      customerNumber: '+919811122233',
    }),
    message({
      channelId: support,
      vendorMessageId: 'wamid.in',
      createdAt: ago(60),
      direction: 'in',
      kind: 'text',
      status: 'received',
      source: 'inbound',
      // Already routed into its conversation: the runtime's sweep would otherwise answer it (a
      // handoff notice, an eighth message) while these tests run.
      routedAt: ago(60),
    }),
    message({
      channelId: support,
      vendorMessageId: 'wamid.test',
      createdAt: ago(70),
      source: 'test',
      status: 'queued',
    }),
    message({ channelId: offers, vendorMessageId: 'wamid.old', createdAt: ago(8 * 24 * 60), status: 'read' }),
  ]);
});
afterAll(async () => {
  await context?.close();
});

describe('the messages status report', () => {
  it('lists the last 7 days newest first with channel, template and the spec’s status names', async () => {
    const { statusCode, body } = await report(admin);
    expect(statusCode, JSON.stringify(body)).toBe(200);
    expect(body.data.more).toBe(false);
    expect(body.data.messages.map((row) => [row.messageId, row.status])).toEqual([
      ['wamid.read', 'READ'],
      ['wamid.delivered', 'DELIVERED'],
      ['wamid.sent', 'SUCCESS'],
      ['wamid.accepted', 'SUCCESS'],
      ['wamid.failed', 'FAILED'],
      ['wamid.in', 'RECEIVED'],
      ['wamid.test', 'PENDING'],
    ]);
    expect(body.data.messages[0]).toEqual({
      id: expect.any(String),
      channelName: 'Offers',
      direction: 'out',
      customerNumber: '+919876543210',
      messageId: 'wamid.read',
      source: 'broadcast',
      templateName: 'diwali_sale',
      status: 'READ',
      statusTime: ago(10).toISOString(),
      errorCode: null,
      errorText: null,
      createdOn: ago(10).toISOString(),
    });
    expect(body.data.messages[4]).toMatchObject({ errorCode: '131026', templateName: null });
  });

  it('pages with perPage and from', async () => {
    const first = await report(admin, { perPage: 3 });
    expect(first.body.data.messages.map((row) => row.messageId)).toEqual([
      'wamid.read',
      'wamid.delivered',
      'wamid.sent',
    ]);
    expect(first.body.data.more).toBe(true);
    const last = await report(admin, { perPage: 3, from: 6 });
    expect(last.body.data).toMatchObject({
      more: false,
      messages: [expect.objectContaining({ messageId: 'wamid.test' })],
    });
  });

  it('takes a date range, older than the default week included', async () => {
    expect(await ids({ fromDate: ago(9 * 24 * 60).toISOString(), toDate: ago(7 * 24 * 60).toISOString() })).toEqual([
      'wamid.old',
    ]);
    expect(await ids({ fromDate: ago(35).toISOString(), toDate: ago(15).toISOString() })).toEqual([
      'wamid.delivered',
      'wamid.sent',
    ]);
    const backwards = await report(admin, { fromDate: ago(10).toISOString(), toDate: ago(20).toISOString() });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body.fieldErrors).toEqual({ fromDate: reportTexts.dateOrder });
  });

  it('filters by channel, customer number as typed, source and message id', async () => {
    expect(await ids({ channelId: support })).toEqual(['wamid.in', 'wamid.test']);
    expect(await ids({ customerNumber: '98111 22233' })).toEqual(['wamid.failed']);
    expect(await ids({ customerNumber: '09811122233' })).toEqual(['wamid.failed']);
    expect(await ids({ customerNumber: '+1 202-555-0143' })).toEqual(['wamid.accepted']);
    expect(await ids({ customerNumber: 'nobody' })).toEqual([]);
    expect(await ids({ source: 'test' })).toEqual(['wamid.test']);
    expect(await ids({ source: 'inbound' })).toEqual(['wamid.in']);
    expect(await ids({ messageId: 'wamid.sent' })).toEqual(['wamid.sent']);
    expect(await ids({ messageId: 'wamid' })).toEqual([]);
  });

  it('filters by status name', async () => {
    expect(await ids({ status: 'READ' })).toEqual(['wamid.read']);
    expect(await ids({ status: 'success' })).toEqual(['wamid.sent', 'wamid.accepted']);
    expect(await ids({ status: 'FAILED' })).toEqual(['wamid.failed']);
    expect(await ids({ status: 'RECEIVED' })).toEqual(['wamid.in']);
    expect(await ids({ status: 'PENDING' })).toEqual(['wamid.test']);
    expect(await ids({ status: 'DELIVERED', channelId: support })).toEqual([]);
    const unknown = await report(admin, { status: 'LOST' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body.fieldErrors).toEqual({ status: reportTexts.status });
  });

  it('shows an enterprise only its own messages', async () => {
    const other = await createTenant(context);
    expect((await report(other)).body.data.messages).toEqual([]);
    expect((await report(other, { channelId: offers })).body.data.messages).toEqual([]);
    expect((await exportCsv(other)).body).toBe(`${csvHeader.join(',')}\r\n`);
  });

  it('is for Report Viewers and administrators', async () => {
    const viewer = await createTenant(context, { roles: [6], enterpriseId: admin.enterpriseId });
    expect((await report(viewer)).body.data.messages).toHaveLength(7);
    expect((await exportCsv(viewer)).statusCode).toBe(200);
    const agent = await createTenant(context, { roles: [3], enterpriseId: admin.enterpriseId });
    expect((await report(agent)).statusCode).toBe(403);
    expect((await exportCsv(agent)).statusCode).toBe(403);
  });
});

describe('the CSV export', () => {
  it('is a file with a header row, ISO dates and formula cells neutralised', async () => {
    const response = await exportCsv(admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="delivery-report-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      'Created On,Channel,Direction,Customer Number,Message Id,Source,Template,Status,Status Time,Error Code,Error Text',
    );
    expect(lines).toHaveLength(1 + 7 + 1);
    expect(lines.at(-1)).toBe('');
    expect(lines[1]).toBe(
      `${ago(10).toISOString()},Offers,out,+919876543210,wamid.read,broadcast,diwali_sale,READ,${ago(10).toISOString()},,`,
    );
    expect(lines[5]).toBe(
      `${ago(50).toISOString()},Offers,out,+919811122233,wamid.failed,broadcast,,FAILED,${ago(50).toISOString()},131026,"'=HYPERLINK(""http://evil.test"")"`,
    );
  });

  it('keeps E.164 numbers as they are but neutralises anything else that starts like a formula', () => {
    expect(neutraliseFormula('+919876543210')).toBe('+919876543210');
    expect(neutraliseFormula('+1+2')).toBe("'+1+2");
    expect(neutraliseFormula("+cmd|' /C calc'!A0")).toBe("'+cmd|' /C calc'!A0");
    expect(neutraliseFormula('-2')).toBe("'-2");
    expect(neutraliseFormula('@SUM(A1)')).toBe("'@SUM(A1)");
  });

  it('takes the same filters, and refuses a bad query before the file starts', async () => {
    const response = await exportCsv(admin, { status: 'RECEIVED' });
    expect(response.body.split('\r\n').slice(1, -1)).toEqual([expect.stringContaining(',wamid.in,inbound,,RECEIVED,')]);
    const bad = await exportCsv(admin, { status: 'LOST' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: false, fieldErrors: { status: reportTexts.status } });
  });

  it('carries every row across its pages, rows of the same instant included', async () => {
    const tenant = await createTenant(context);
    const channelId = await channel(tenant, 'Bulk');
    const count = EXPORT_PAGE_SIZE * 2 + 1;
    // Rows a microsecond apart (a JavaScript Date cannot tell them apart) and a run of identical times.
    await context.database.raw(
      `insert into channel_messages (enterprise_id, channel_id, direction, customer_number, vendor_message_id, kind, status, source, created_at)
       select $1, $2, 'out', '+91990000' || lpad(n::text, 4, '0'), 'wamid.bulk.' || n, 'template', 'delivered', 'broadcast',
              now() - interval '1 minute' - (case when n % 3 = 0 then 0 else n end) * interval '1 microsecond'
         from generate_series(1, $3::int) as n`,
      [tenant.enterpriseId, channelId, count],
    );
    const response = await exportCsv(tenant);
    const rows = response.body.split('\r\n').slice(1, -1);
    expect(rows).toHaveLength(count);
    const messageIds = new Set(rows.map((row) => row.split(',')[4]));
    expect(messageIds.size).toBe(count);
    const page = await report(tenant, { perPage: 200, from: count - 1 });
    expect(page.body.data).toMatchObject({ more: false, messages: [expect.any(Object)] });
  });
});
