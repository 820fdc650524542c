import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { broadcastRecipients } from '../../db/schema/broadcasts';
import { channelMessageEvents, channelMessages } from '../../db/schema/channels';
import { as, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/test-app';
import { createMetaChannel, insertBroadcast, phones, recipientsOf } from './broadcast-test-fixtures';

let context: TestContext;
let tenant: Tenant;
let other: Tenant;
let channel: { id: string };
const CONTACT = '919000077777';
const DAY = 24 * 60 * 60 * 1000;

/** A finished broadcast (the app's own worker leaves COMPLETED ones alone) whose rows are set by `states`. */
async function finishedBroadcast(input: {
  tenant?: Tenant;
  channelId?: string;
  templateName?: string;
  createdAt?: Date;
  numbers?: string[];
}) {
  const owner = input.tenant ?? tenant;
  return insertBroadcast(context.database.db, {
    enterpriseId: owner.enterpriseId,
    channelId: input.channelId ?? channel.id,
    userId: owner.userId,
    phones: input.numbers ?? phones(1, 9000 + Math.floor(Math.random() * 100_000)),
    templateName: input.templateName,
    createdAt: input.createdAt,
    status: 'COMPLETED',
  });
}

const get = (url: string, who: Tenant = tenant) => context.app.inject({ method: 'GET', url, headers: as(who.token) });

beforeAll(async () => {
  context = await createTestApp();
  tenant = await createTenant(context);
  other = await createTenant(context);
  channel = await createMetaChannel(context.app, tenant, { contactId: CONTACT, failureRate: '0' }, 0);
});
afterAll(async () => {
  await context?.close();
});

describe('broadcast list', () => {
  let recent: { id: string };
  let older: { id: string };
  let old: { id: string };

  beforeAll(async () => {
    const now = Date.now();
    old = await finishedBroadcast({ templateName: 'order_cancelled', createdAt: new Date(now - 10 * DAY) });
    older = await finishedBroadcast({ templateName: 'diwali_offer', createdAt: new Date(now - 2 * DAY) });
    recent = await finishedBroadcast({ templateName: 'order_shipped', createdAt: new Date(now - 60_000) });
    const otherChannel = await createMetaChannel(
      context.app,
      other,
      { contactId: '919000066666', failureRate: '0' },
      0,
    );
    await finishedBroadcast({ tenant: other, channelId: otherChannel.id, templateName: 'order_shipped' });
  });

  it('shows the last 7 days by default, newest first, with who sent it, the channel and the raw status', async () => {
    const response = await get('/api/broadcasts');
    expect(response.statusCode).toBe(200);
    const { broadcastList, more } = response.json().data;
    expect(broadcastList.map((item: { id: string }) => item.id)).toEqual([recent.id, older.id]);
    expect(more).toBe(false);
    expect(broadcastList[0]).toMatchObject({
      name: 'order_shipped',
      status: 'COMPLETED',
      user: { name: expect.stringMatching(/^User /) },
      channelName: expect.stringMatching(/^Broadcast channel/),
      progress: { total: 1, pending: 1 },
    });
    expect(new Date(broadcastList[0].createdOn).toISOString()).toBe(broadcastList[0].createdOn);
  });

  it('filters by template name (contains, any case) and by a date range given', async () => {
    const byName = (await get('/api/broadcasts?name=ORDER')).json().data.broadcastList;
    expect(byName.map((item: { id: string }) => item.id)).toEqual([recent.id]);
    const from = new Date(Date.now() - 11 * DAY).toISOString();
    const to = new Date(Date.now() - DAY).toISOString();
    const ranged = (
      await get(`/api/broadcasts?fromDate=${encodeURIComponent(from)}&toDate=${encodeURIComponent(to)}`)
    ).json().data.broadcastList;
    expect(ranged.map((item: { id: string }) => item.id)).toEqual([older.id, old.id]);
  });

  it('pages, and never shows another enterprise’s broadcasts', async () => {
    const first = (await get('/api/broadcasts?perPage=1')).json().data;
    expect(first.broadcastList).toHaveLength(1);
    expect(first.more).toBe(true);
    const second = (await get('/api/broadcasts?perPage=1&from=1')).json().data;
    expect(second.broadcastList[0].id).toBe(older.id);
    expect(second.more).toBe(false);
    const theirs = (await get('/api/broadcasts', other)).json().data.broadcastList;
    expect(theirs).toHaveLength(1);
    expect(theirs[0].id).not.toBe(recent.id);
  });
});

describe('broadcast detail, messages and message status', () => {
  let broadcastId: string;
  let numbers: string[];
  let byPhone: Map<string, { id: string }>;
  const sentAt = new Date(Date.now() - 10 * 60_000);

  beforeAll(async () => {
    numbers = phones(7, 50_000);
    const broadcast = await finishedBroadcast({ numbers });
    broadcastId = broadcast.id;
    const db = context.database.db;
    const rows = await recipientsOf(db, broadcastId);
    byPhone = new Map(rows.map((row) => [row.phone, row]));
    // 0 read, 1 delivered, 2 accepted (no status yet), 3 failed at delivery, 4 refused (retryable),
    // 5 refused for good, 6 blocked.
    const statuses = ['read', 'delivered', 'accepted', 'failed'];
    for (const [index, status] of statuses.entries()) {
      const phone = numbers[index]!;
      const [message] = await db
        .insert(channelMessages)
        .values({
          enterpriseId: tenant.enterpriseId,
          channelId: channel.id,
          direction: 'out',
          customerNumber: phone,
          vendorMessageId: `wamid.read-test-${index}`,
          kind: 'template',
          status,
          statusAt: new Date(sentAt.getTime() + 120_000),
          source: 'broadcast',
          sourceId: byPhone.get(phone)!.id,
          ...(status === 'failed' ? { errorCode: '131026', errorText: 'Message undeliverable' } : {}),
          createdAt: sentAt,
        })
        .returning();
      await db
        .update(broadcastRecipients)
        .set({
          state: 'accepted',
          attempts: 1,
          messageId: message!.id,
          vendorMessageId: message!.vendorMessageId,
          sentAt,
        })
        .where(eq(broadcastRecipients.id, byPhone.get(phone)!.id));
    }
    // The read message's history, delivered by webhook out of order.
    await db.insert(channelMessageEvents).values(
      [
        { status: 'read', at: 120_000 },
        { status: 'sent', at: 30_000 },
        { status: 'delivered', at: 60_000 },
      ].map((event) => ({
        enterpriseId: tenant.enterpriseId,
        channelId: channel.id,
        vendorMessageId: 'wamid.read-test-0',
        status: event.status,
        occurredAt: new Date(sentAt.getTime() + event.at),
      })),
    );
    await db
      .update(broadcastRecipients)
      .set({
        state: 'failed',
        attempts: 6,
        errorCode: '130429',
        errorText: 'Rate limit hit',
        retryable: true,
        sentAt,
      })
      .where(eq(broadcastRecipients.id, byPhone.get(numbers[4]!)!.id));
    await db
      .update(broadcastRecipients)
      .set({
        state: 'failed',
        attempts: 1,
        errorCode: '132001',
        errorText: 'Template name does not exist',
        retryable: false,
        sentAt,
      })
      .where(eq(broadcastRecipients.id, byPhone.get(numbers[5]!)!.id));
    await db
      .update(broadcastRecipients)
      .set({ state: 'blocked', errorCode: 'blacklisted', errorText: 'Number is on the blacklist', sentAt })
      .where(eq(broadcastRecipients.id, byPhone.get(numbers[6]!)!.id));
  });

  it('gives the request, the template as sent and the counts', async () => {
    const response = await get(`/api/broadcasts/${broadcastId}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json().data.data;
    expect(detail).toMatchObject({
      id: broadcastId,
      channelId: channel.id,
      status: 'COMPLETED',
      messagesPerSecond: 1000,
      retryable: 1,
      message: { template: { templateId: 'order_update', parameterFormat: 'POSITIONAL' } },
      progress: { total: 7, sent: 4, delivered: 2, read: 1, failed: 3, blocked: 1, pending: 0, possibleDuplicates: 0 },
    });
    expect(detail.phoneNumbers).toEqual([...numbers].sort());
    expect(detail.message.template.components[0]).toMatchObject({ type: 'BODY' });
  });

  it('is not found for another enterprise', async () => {
    expect((await get(`/api/broadcasts/${broadcastId}`, other)).statusCode).toBe(404);
    expect((await get(`/api/broadcasts/${broadcastId}/messages`, other)).statusCode).toBe(404);
    const messageId = byPhone.get(numbers[0]!)!.id;
    expect((await get(`/api/broadcasts/${broadcastId}/messages/${messageId}`, other)).statusCode).toBe(404);
  });

  it('lists each message From the channel’s number To the customer with its current status', async () => {
    const response = await get(`/api/broadcasts/${broadcastId}/messages?perPage=50`);
    expect(response.statusCode).toBe(200);
    const rows = response.json().data.message as {
      from: string;
      to: string;
      currentDeliveryStatus: string;
      errorCode: string | null;
    }[];
    expect(rows).toHaveLength(7);
    expect(rows.every((row) => row.from === CONTACT)).toBe(true);
    const status = new Map(rows.map((row) => [row.to, row.currentDeliveryStatus]));
    expect(numbers.map((phone) => status.get(phone))).toEqual([
      'READ',
      'DELIVERED',
      'SUCCESS',
      'FAILED',
      'FAILED',
      'FAILED',
      'BLOCKED',
    ]);
    expect(rows.find((row) => row.to === numbers[3])?.errorCode).toBe('131026');
    expect(rows.find((row) => row.to === numbers[5])?.errorCode).toBe('132001');
  });

  it('filters the messages by status and pages them', async () => {
    const failed = (await get(`/api/broadcasts/${broadcastId}/messages?status=FAILED`)).json().data.message;
    expect(failed.map((row: { to: string }) => row.to).sort()).toEqual(numbers.slice(3, 6).sort());
    const read = (await get(`/api/broadcasts/${broadcastId}/messages?status=read`)).json().data.message;
    expect(read.map((row: { to: string }) => row.to)).toEqual([numbers[0]]);
    const page = (await get(`/api/broadcasts/${broadcastId}/messages?perPage=5`)).json().data;
    expect(page.message).toHaveLength(5);
    expect(page.more).toBe(true);
  });

  it('shows a read message’s history in time order with the channel’s message id', async () => {
    const messageId = byPhone.get(numbers[0]!)!.id;
    const response = await get(`/api/broadcasts/${broadcastId}/messages/${messageId}`);
    expect(response.statusCode).toBe(200);
    const history = response.json().data;
    expect(history.currentDeliveryStatus).toBe('READ');
    expect(history.transId).toBe('wamid.read-test-0');
    expect(history.messageStatuses.map((entry: { status: string }) => entry.status)).toEqual([
      'SUCCESS',
      'SUCCESS',
      'DELIVERED',
      'READ',
    ]);
    expect(history.messageStatuses[0]).toMatchObject({
      msg: 'Accepted by the vendor',
      messageStatusTime: sentAt.toISOString(),
    });
    expect(history.messageStatuses[3].msg).toBe('Read by the customer');
  });

  it('shows why a message failed or was blocked', async () => {
    const failed = (await get(`/api/broadcasts/${broadcastId}/messages/${byPhone.get(numbers[5]!)!.id}`)).json().data;
    expect(failed).toEqual({
      currentDeliveryStatus: 'FAILED',
      transId: null,
      messageStatuses: [
        { status: 'FAILED', messageStatusTime: sentAt.toISOString(), msg: '132001: Template name does not exist' },
      ],
    });
    const blocked = (await get(`/api/broadcasts/${broadcastId}/messages/${byPhone.get(numbers[6]!)!.id}`)).json().data;
    expect(blocked.currentDeliveryStatus).toBe('BLOCKED');
    expect(blocked.messageStatuses[0].msg).toBe('Number is on the blacklist');
  });

  it('is not found for a message of another broadcast', async () => {
    const another = await finishedBroadcast({});
    const [row] = await recipientsOf(context.database.db, another.id);
    expect((await get(`/api/broadcasts/${broadcastId}/messages/${row!.id}`)).statusCode).toBe(404);
  });
});
