import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { BroadcastCheck, BroadcastDetail, BroadcastRequest } from '@parley/contracts/broadcasts';
import { createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/test-app';
import { blacklist, broadcastRecipients, broadcasts } from '../../db/schema/broadcasts';
import { customers } from '../../db/schema/customers';
import { caller, createTemplate, orderTemplate, sandboxChannel } from './broadcast-test-kit';

let context: TestContext;
let tenant: Tenant;
let call: ReturnType<typeof caller>;
let request: (numbers: string[]) => BroadcastRequest;

/** +9198<8 digits>: valid Indian mobile numbers. */
const number = (index: number) => `+9198${String(10_000_000 + index).slice(-8)}`;

beforeAll(async () => {
  context = await createTestApp();
  call = caller(context);
  tenant = await createTenant(context);
  const channel = await sandboxChannel(context, tenant);
  const template = await createTemplate(context, tenant, orderTemplate(channel.id, 'order_update'));
  request = (numbers) => ({
    channelId: channel.id,
    phoneNumber: numbers,
    message: { template: { templateId: 'order_update', templateUId: template } },
    columnMapping: [
      { variable: 'header.1', type: 'static', value: '#42' },
      { variable: 'body.1', type: 'column', value: 'name' },
      { variable: 'body.2', type: 'static', value: 'Friday' },
      { variable: 'button1', type: 'expression', value: '{{phoneNumber}}' },
    ],
  });
});
afterAll(async () => {
  await context?.close();
});

describe('a broadcast of many numbers', () => {
  // 100,000 on PostgreSQL (the production database); 20,000 on PGlite, the embedded development one.
  it('resolves and stores 100,000 recipients in seconds', async () => {
    const total = context.database.kind === 'postgres' ? 100_000 : 20_000;
    const db = context.database.db;
    // Every number is a customer (the name fills {{1}}); 100 are blacklisted.
    for (let start = 0; start < total; start += 5_000) {
      await db.insert(customers).values(
        Array.from({ length: 5_000 }, (_, offset) => ({
          enterpriseId: tenant.enterpriseId,
          name: `Customer ${start + offset}`,
          phoneNumber: number(start + offset),
        })),
      );
    }
    await db.insert(blacklist).values(
      Array.from({ length: 100 }, (_, index) => ({
        enterpriseId: tenant.enterpriseId,
        phone: number(index * (total / 100)),
        source: 'manual',
      })),
    );
    const numbers = Array.from({ length: total }, (_, index) => number(index));

    let started = Date.now();
    const checked = await call<BroadcastCheck>(tenant, 'POST', '/api/broadcasts/validate', request(numbers));
    const checkMs = Date.now() - started;
    expect(checked.statusCode).toBe(200);
    expect(checked.body.data).toMatchObject({ total, valid: total - 100, blocked: 100, invalid: 0, duplicate: 0 });
    expect(checked.body.data.examples.valid[0]).toMatchObject({
      phone: number(1),
      name: 'Customer 1',
      preview: 'Hi Customer 1, your order ships on Friday.',
    });

    started = Date.now();
    const sent = await call<{ data: BroadcastDetail }>(tenant, 'POST', '/api/broadcasts', request(numbers));
    const sendMs = Date.now() - started;
    expect(sent.statusCode).toBe(200);
    const [stored] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(broadcastRecipients)
      .where(eq(broadcastRecipients.broadcastId, sent.body.data.data.id));
    expect(stored!.count).toBe(total);
    const [row] = await db.select().from(broadcasts).where(eq(broadcasts.id, sent.body.data.data.id));
    expect(row!.total).toBe(total);
    console.log(`${total} numbers: check ${checkMs} ms, send ${sendMs} ms (${context.database.kind})`);
    // Bounds for a busy, shared CI machine (on an idle one PostgreSQL takes about 4 s and 6 s): a
    // query per recipient instead of per batch would take minutes.
    expect(checkMs).toBeLessThan(60_000);
    expect(sendMs).toBeLessThan(60_000);
  }, 180_000);
});
