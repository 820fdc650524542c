import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BroadcastCheck,
  BroadcastDetail,
  BroadcastMessageRow,
  BroadcastRequest,
  MessageStatusHistory,
} from '@parley/contracts/broadcasts';
import type { SandboxMessage } from '@parley/contracts/channels';
import { createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/test-app';
import { blacklist } from '../../db/schema/broadcasts';
import { caller, createTemplate, orderTemplate, sandboxChannel } from './broadcast-test-kit';

let context: TestContext;
let admin: Tenant;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  context = await createTestApp({ withJobs: true, env: { PARLEY_SANDBOX_DELAY_SECONDS: '0' } });
  call = caller(context);
  admin = await createTenant(context);
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

describe('a broadcast through the Sandbox', () => {
  it('is checked, sent to every valid number with its customer’s values, and read', async () => {
    const channel = await sandboxChannel(context, admin);
    const templateId = await createTemplate(context, admin, orderTemplate(channel.id, 'order_ready'), {
      approve: false,
    });
    const template = await waitFor(
      async () => (await call<{ status: string }>(admin, 'GET', `/api/templates/${templateId}`)).body.data,
      (found) => found.status !== 'PENDING',
    );
    expect(template.status).toBe('APPROVED');
    for (const [name, phoneNumber] of [
      ['Asha Rao', '+919830000001'],
      ['Ben Roy', '+919830000002'],
    ])
      expect((await call(admin, 'POST', '/api/customers', { name, phoneNumber })).statusCode).toBe(200);
    await context.database.db
      .insert(blacklist)
      .values({ enterpriseId: admin.enterpriseId, phone: '+919830000003', source: 'opt_out' });

    const request: BroadcastRequest = {
      channelId: channel.id,
      phoneNumber: ['+919830000001', '9830000002', '+919830000003', '+91 98300 00001'],
      message: { template: { templateId: 'order_ready', templateUId: templateId } },
      columnMapping: [
        { variable: 'header.1', type: 'static', value: '#77' },
        { variable: 'body.1', type: 'column', value: 'name' },
        { variable: 'body.2', type: 'static', value: 'today' },
        { variable: 'button1', type: 'expression', value: 'orders/{{phoneNumber}}' },
      ],
    };
    const checked = await call<BroadcastCheck>(admin, 'POST', '/api/broadcasts/validate', request);
    expect(checked.body.data).toMatchObject({ total: 4, valid: 2, duplicate: 1, blocked: 1, invalid: 0 });

    const sent = await call<{ data: BroadcastDetail }>(admin, 'POST', '/api/broadcasts', request);
    expect(sent.statusCode, JSON.stringify(sent.body)).toBe(200);
    const id = sent.body.data.data.id;

    const detail = await waitFor(
      async () => (await call<{ data: BroadcastDetail }>(admin, 'GET', `/api/broadcasts/${id}`)).body.data.data,
      (found) => found.progress.read === 2,
    );
    expect(detail).toMatchObject({
      status: 'COMPLETED',
      progress: { total: 3, sent: 2, read: 2, blocked: 1, failed: 0, pending: 0, possibleDuplicates: 0 },
    });

    const rows = (await call<{ message: BroadcastMessageRow[] }>(admin, 'GET', `/api/broadcasts/${id}/messages`)).body
      .data.message;
    expect(Object.fromEntries(rows.map((row) => [row.to, row.currentDeliveryStatus]))).toEqual({
      '+919830000001': 'READ',
      '+919830000002': 'READ',
      '+919830000003': 'BLOCKED',
    });
    const asha = rows.find((row) => row.to === '+919830000001')!;
    const history = (await call<MessageStatusHistory>(admin, 'GET', `/api/broadcasts/${id}/messages/${asha.id}`)).body
      .data;
    expect(history.currentDeliveryStatus).toBe('READ');
    expect(history.transId).toEqual(expect.any(String));

    // The Sandbox phone of Asha received the message with her name and her own tracking link.
    const thread = (
      await call<{ messages: SandboxMessage[] }>(
        admin,
        'GET',
        `/api/sandbox/channels/${channel.id}/conversations/+919830000001`,
      )
    ).body.data.messages;
    expect(thread).toHaveLength(1);
    expect(thread[0]!.content).toMatchObject({
      values: {
        header: { '1': '#77' },
        body: { '1': 'Asha Rao', '2': 'today' },
        buttons: { '1': 'orders/%2B919830000001' },
      },
    });
  }, 60_000);
});
