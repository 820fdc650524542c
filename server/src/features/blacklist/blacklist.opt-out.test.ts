import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlacklistEntry } from '@parley/contracts/broadcasts';
import { as, createTenant, createTestApp, json, type Tenant, type TestContext } from '../../../test/test-app';

/**
 * Opt-outs through the real webhook pipeline: the Sandbox phone replies, the Sandbox delivers the
 * reply to Parley's webhook, the channels feature stores it and hands it to the inbound handlers.
 */

let context: TestContext;
let admin: Tenant;
let channelId: string;
const channelName = 'Offers WhatsApp';

async function call(token: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  return context.app.inject({ method, url, headers: as(token), ...(payload !== undefined ? { payload } : {}) });
}

const reply = (phone: string, text: string) =>
  call(admin.token, 'POST', `/api/sandbox/channels/${channelId}/conversations/${encodeURIComponent(phone)}/replies`, {
    text,
  });

async function entries(tenant: Tenant = admin): Promise<BlacklistEntry[]> {
  const response = await call(tenant.token, 'GET', '/api/blacklist?perPage=200');
  return json<{ data: { blacklist: BlacklistEntry[] } }>(response).data.blacklist;
}

/** How many inbound messages Parley stored from this number (the webhook has been through). */
async function received(phone: string): Promise<number> {
  const { rows } = await context.database.raw(
    `select count(*)::int as n from channel_messages where channel_id = $1 and customer_number = $2 and direction = 'in'`,
    [channelId, phone],
  );
  return Number(rows[0]!.n);
}

async function until<T>(check: () => Promise<T | undefined | null | false>, what: string, seconds = 20): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let sentinels = 0;
/** Waits until the replies sent so far were handled: a later opt-out from a fresh number shows up. */
async function settled() {
  sentinels += 1;
  const phone = `+91970000${String(9000 + sentinels)}`;
  await reply(phone, 'STOP');
  await until(async () => (await entries()).some((item) => item.phoneNumber === phone), 'the later reply');
}

beforeAll(async () => {
  context = await createTestApp({ withJobs: true, env: { PARLEY_SANDBOX_DELAY_SECONDS: '0' } });
  admin = await createTenant(context);
  const created = await call(admin.token, 'POST', '/api/channels', {
    name: channelName,
    type: 4,
    vendor: 0,
    data: { contactId: '919000000001', failureRate: '0' },
  });
  expect(created.statusCode, created.body).toBe(200);
  channelId = json<{ data: { channelConfig: { id: string } } }>(created).data.channelConfig.id;
});
afterAll(async () => {
  await context?.close();
});

describe('opting out by replying', () => {
  it("puts a number that replies 'STOP' on the list once, however often it says so", async () => {
    const phone = '+919700000001';
    const first = await reply(phone, 'STOP');
    expect(first.statusCode, first.body).toBe(200);
    const entry = await until(async () => (await entries()).find((item) => item.phoneNumber === phone), 'the opt-out');
    expect(entry).toMatchObject({ source: 'opt_out', reason: `Replied STOP on ${channelName}`, createdBy: null });

    await reply(phone, ' stop. ');
    await until(async () => (await received(phone)) === 2, 'the second reply');
    await settled();
    expect((await entries()).filter((item) => item.phoneNumber === phone)).toHaveLength(1);
  });

  it("takes the Hindi 'रोकें' as an opt-out too", async () => {
    const phone = '+919700000002';
    expect((await reply(phone, 'रोकें')).statusCode).toBe(200);
    const entry = await until(async () => (await entries()).find((item) => item.phoneNumber === phone), 'the opt-out');
    expect(entry).toMatchObject({ source: 'opt_out', reason: `Replied रोकें on ${channelName}` });
  });

  it('ignores a message that only mentions stopping', async () => {
    const phone = '+919700000003';
    await reply(phone, 'Please stop the delivery of my order');
    await until(async () => (await received(phone)) === 1, 'the reply');
    await settled();
    expect((await entries()).some((item) => item.phoneNumber === phone)).toBe(false);
  });

  it("lets 'START' undo an opt-out but not a number the enterprise blacklisted itself", async () => {
    const optedOut = '+919700000004';
    await reply(optedOut, 'STOP');
    await until(async () => (await entries()).some((item) => item.phoneNumber === optedOut), 'the opt-out');
    await reply(optedOut, 'Start');
    await until(async () => !(await entries()).some((item) => item.phoneNumber === optedOut), 'the opt-in');

    const listed = '+919700000005';
    await call(admin.token, 'POST', '/api/blacklist', { phoneNumbers: [listed], reason: 'Abusive' });
    await reply(listed, 'START');
    await until(async () => (await received(listed)) === 1, 'the reply');
    await settled();
    expect((await entries()).find((item) => item.phoneNumber === listed)).toMatchObject({
      source: 'manual',
      reason: 'Abusive',
    });
    // A STOP from a number already listed changes nothing either.
    await reply(listed, 'STOP');
    await until(async () => (await received(listed)) === 2, 'the second reply');
    await settled();
    expect((await entries()).find((item) => item.phoneNumber === listed)).toMatchObject({ source: 'manual' });
  });

  it('opts out of this enterprise only', async () => {
    const other = await createTenant(context);
    await until(async () => (await entries()).some((item) => item.phoneNumber === '+919700000001'), 'the opt-out');
    expect(await entries(other)).toEqual([]);
  });
});
