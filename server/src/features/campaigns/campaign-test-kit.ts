import type { sql } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import type { CampaignBody } from '@parley/contracts/campaigns';
import type { TemplateBody } from '@parley/contracts/templates';
import { as, json, type Tenant, type TestContext } from '../../../test/test-app';
import type { Db } from '../../db/client';
import { messageTemplates } from '../../db/schema/channels';
import {
  customerFields,
  customerGroupMembers,
  customerGroups,
  customers,
  customerSegmentMembers,
  customerSegments,
} from '../../db/schema/customers';
import { createCampaignRuns, type ActivityChange } from './runs';

/** What the campaigns core tests share: calls as a user, a Sandbox channel, templates, customers. */

export interface Answer<T> {
  status: boolean;
  code?: number;
  message: string;
  fieldErrors?: Record<string, string>;
  data: T;
}

export function caller(context: TestContext) {
  return async <T = Record<string, unknown>>(
    tenant: Tenant,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => {
    const response = await context.app.inject({
      method,
      url,
      headers: as(tenant.token),
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
    return { statusCode: response.statusCode, body: json<Answer<T>>(response) };
  };
}

/**
 * Turns the enterprise's campaign switches on (test sends, the estimate: off by default) the way an
 * administrator does, on Enterprise Details, so that signed-in sessions see them at once.
 */
export async function turnOnCampaignFeatures(context: TestContext, admin: Tenant) {
  const call = caller(context);
  const profile = (await call<Record<string, unknown>>(admin, 'GET', '/api/enterprise/profile')).body.data;
  const saved = await call(admin, 'PUT', '/api/enterprise/profile', {
    name: profile.name,
    title: profile.title,
    logo: null,
    timezone: profile.timezone,
    recordExternalCampaigns: profile.recordExternalCampaigns,
    campaignFeatures: { CAMPAIGN_TEST: true, CAMPAIGN_ESTIMATE: true },
  });
  if (saved.statusCode !== 200) throw new Error(`could not turn campaign features on: ${JSON.stringify(saved.body)}`);
}

let counter = 0;

export async function sandboxChannel(context: TestContext, tenant: Tenant) {
  counter += 1;
  const response = await caller(context)<{ channelConfig: { id: string; name: string } }>(
    tenant,
    'POST',
    '/api/channels',
    {
      name: `Campaign channel ${counter}`,
      type: 4,
      vendor: 0,
      data: { contactId: `9192000${String(10000 + counter).slice(-5)}`, failureRate: '0' },
    },
  );
  if (response.statusCode !== 200) throw new Error(`channel not created: ${JSON.stringify(response.body)}`);
  return response.body.data.channelConfig;
}

/** Header {{1}}, body {{1}} {{2}}, a URL button with a suffix (keys header.1, body.1, body.2, button1). */
export function offerTemplate(channelId: string, name: string): TemplateBody {
  return {
    channelId,
    name,
    language: 'en_US',
    category: 'MARKETING',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Offer {{1}}', example: { header_text: ['#1'] } },
      { type: 'BODY', text: 'Hi {{1}}, your tier is {{2}}.', example: { body_text: [['Asha', 'gold']] } },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'QUICK_REPLY', text: 'Stop' },
          {
            type: 'URL',
            text: 'Open',
            url: 'https://shop.example.com/o/{{1}}',
            example: ['https://shop.example.com/o/1'],
          },
        ],
      },
    ],
  };
}

export async function createTemplate(
  context: TestContext,
  tenant: Tenant,
  body: TemplateBody,
  options: { approve?: boolean } = {},
) {
  const response = await caller(context)<{ id: string }>(tenant, 'POST', '/api/templates', body);
  if (response.statusCode !== 200) throw new Error(`template not created: ${JSON.stringify(response.body)}`);
  const id = response.body.data.id;
  if (options.approve !== false)
    await context.database.db.update(messageTemplates).set({ status: 'APPROVED' }).where(eq(messageTemplates.id, id));
  return id;
}

let fieldPosition = 0;

/** A customer attribute definition; returns its id. */
export async function addField(
  db: Db,
  enterpriseId: string,
  fieldName: string,
  kind: 'text' | 'number' | 'multi' | 'single',
  options: string[] = [],
) {
  fieldPosition += 1;
  const [row] = await db
    .insert(customerFields)
    .values({
      enterpriseId,
      fieldName,
      fieldLabel: fieldName,
      fieldHelptext: '',
      fieldType: kind === 'multi' ? 'selectbox-multiplevalue' : kind === 'single' ? 'selectbox-singlevalue' : 'text',
      inputType: kind === 'number' ? 'number' : kind === 'text' ? 'alphanumeric' : null,
      defaultValues: options,
      position: fieldPosition,
    })
    .returning({ id: customerFields.id });
  return row!.id;
}

export interface SeedCustomer {
  name: string;
  phone: string;
  data?: Record<string, string | string[]>;
  createdAt?: Date;
}

export async function addCustomers(db: Db, enterpriseId: string, list: SeedCustomer[]) {
  const rows = await db
    .insert(customers)
    .values(
      list.map((customer) => ({
        enterpriseId,
        name: customer.name,
        phoneNumber: customer.phone,
        data: customer.data ?? {},
        ...(customer.createdAt ? { createdAt: customer.createdAt } : {}),
      })),
    )
    .returning({ id: customers.id, phone: customers.phoneNumber });
  return new Map(rows.map((row) => [row.phone, row.id]));
}

export async function addSegment(db: Db, enterpriseId: string, name: string, customerIds: string[]) {
  const [segment] = await db
    .insert(customerSegments)
    .values({ enterpriseId, name, memberCount: customerIds.length })
    .returning({ id: customerSegments.id });
  if (customerIds.length > 0)
    await db
      .insert(customerSegmentMembers)
      .values(customerIds.map((customerId) => ({ segmentId: segment!.id, customerId })));
  return segment!.id;
}

export async function addGroup(db: Db, enterpriseId: string, name: string, customerIds: string[]) {
  const [group] = await db.insert(customerGroups).values({ enterpriseId, name }).returning({ id: customerGroups.id });
  if (customerIds.length > 0)
    await db.insert(customerGroupMembers).values(customerIds.map((customerId) => ({ groupId: group!.id, customerId })));
  return group!.id;
}

/** A campaign body: one variant of the offer template, everything mapped, sent now. */
export function campaignBody(
  channelId: string,
  templateId: string,
  audience: Partial<CampaignBody['audience']>,
  overrides: Partial<CampaignBody> = {},
): CampaignBody {
  return {
    name: 'Winter offer',
    channelId,
    departmentId: null,
    variants: [
      {
        label: 'A',
        templateId,
        share: 100,
        columnMapping: [
          { variable: 'header.1', type: 'static', value: '#7' },
          { variable: 'body.1', type: 'column', value: 'name' },
          { variable: 'body.2', type: 'static', value: 'gold' },
          { variable: 'button1', type: 'expression', value: 'u/{{name}}' },
        ],
      },
    ],
    audience: { segmentIds: [], groupIds: [], listIds: [], filters: [], ...audience },
    schedule: { kind: 'now', at: '', weekdays: [], until: '', spreadMinutes: 0 },
    trackClicks: true,
    ...overrides,
  };
}

/** A scheduler of its own (as another server process would run), queueing into `queued`. */
export function schedulerFor(db: Db, queued: string[] = [], announced: ActivityChange[] = []) {
  return createCampaignRuns({
    db,
    queue: {
      async enqueue(broadcastId) {
        queued.push(broadcastId);
      },
    },
    log: { error: () => undefined },
    announce: async (changes) => {
      announced.push(...changes);
    },
  });
}

/** A multipart body with one CSV file in the field "file". */
export function csvUpload(fileName: string, content: string) {
  const boundary = '----parleycampaignlist';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function rowsOf(db: Db, query: ReturnType<typeof sql>) {
  return ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
}
