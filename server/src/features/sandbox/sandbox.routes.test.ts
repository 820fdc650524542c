import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { channelMessages } from '../../db/schema/channels';
import { as, createTenant, createTestApp, json, type Tenant, type TestContext } from '../../../test/test-app';

/**
 * The Sandbox through the real app: a Sandbox channel created through the API, messages sent
 * through the channels' messaging (the templates' test send and the session send), statuses and
 * replies arriving in channel_messages through the webhook pipeline, the phone's routes.
 */

let context: TestContext;
let admin: Tenant;
let designer: Tenant;
let chatAgent: Tenant;
let other: Tenant;

async function call(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) {
  return context.app.inject({ method, url, headers: as(token), ...(payload !== undefined ? { payload } : {}) });
}

async function createChannel(token: string, name: string, data: Record<string, string>, vendor = 0) {
  const response = await call(token, 'POST', '/api/channels', { name, type: 4, vendor, data });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: { channelConfig: { id: string } } }>(response).data.channelConfig.id;
}

/** Polls until `check` returns a value (the job runner works in the background). */
async function until<T>(check: () => Promise<T | undefined | null | false>, what: string, seconds = 20): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function logged(channelId: string, direction: 'in' | 'out') {
  return context.database.db
    .select()
    .from(channelMessages)
    .where(and(eq(channelMessages.channelId, channelId), eq(channelMessages.direction, direction)));
}

const phoneRoutes = (channelId: string) => ({
  conversations: `/api/sandbox/channels/${channelId}/conversations`,
  thread: (phone: string) => `/api/sandbox/channels/${channelId}/conversations/${encodeURIComponent(phone)}`,
  reply: (phone: string) => `/api/sandbox/channels/${channelId}/conversations/${encodeURIComponent(phone)}/replies`,
});

/** Creates a utility template on the channel and waits for the Sandbox to approve it. */
async function approvedTemplate(channelId: string, name: string) {
  const created = await call(admin.token, 'POST', '/api/templates', {
    channelId,
    name,
    language: 'en_US',
    category: 'UTILITY',
    components: [
      {
        type: 'BODY',
        text: 'Hello {{1}}, your order {{2}} is on its way',
        example: { body_text: [['Asha', '#1042']] },
      },
      { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Track it' }] },
    ],
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = json<{ data: { id: string } }>(created).data.id;
  const status = await until(async () => {
    const response = await call(admin.token, 'GET', `/api/templates/${id}`);
    const template = json<{ data: { status: string; reason: string | null } }>(response).data;
    return template.status !== 'PENDING' ? template : null;
  }, 'the Sandbox review');
  return { id, ...status };
}

beforeAll(async () => {
  context = await createTestApp({ withJobs: true, env: { PARLEY_SANDBOX_DELAY_SECONDS: '0' } });
  admin = await createTenant(context, { roles: [1] });
  designer = await createTenant(context, { roles: [2], enterpriseId: admin.enterpriseId });
  chatAgent = await createTenant(context, { roles: [3], enterpriseId: admin.enterpriseId });
  other = await createTenant(context, { roles: [1] });
});
afterAll(async () => {
  await context?.close();
});

describe('a Sandbox channel', () => {
  let channelId: string;
  const customer = '+919000000010';

  beforeAll(async () => {
    channelId = await createChannel(admin.token, 'Sandbox WhatsApp', { contactId: '919000000001', failureRate: '0' });
  });

  it("approves a template, delivers its test send to the phone and moves Parley's log to read", async () => {
    const template = await approvedTemplate(channelId, 'order_update');
    expect(template.status).toBe('APPROVED');
    const sent = await call(admin.token, 'POST', `/api/templates/${template.id}/test-send`, {
      to: customer,
      values: { '1': 'Ravi' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const { vendorMessageId } = json<{ data: { vendorMessageId: string } }>(sent).data;
    expect(vendorMessageId).toMatch(/^wamid\.SBX/);

    const read = await until(async () => {
      const [message] = (await logged(channelId, 'out')).filter((row) => row.vendorMessageId === vendorMessageId);
      return message?.status === 'read' ? message : null;
    }, 'the message to be read');
    expect(read.customerNumber).toBe(customer);

    const routes = phoneRoutes(channelId);
    const conversations = json<{ data: { conversations: { phone: string; lastText: string; count: number }[] } }>(
      await call(designer.token, 'GET', routes.conversations),
    ).data.conversations;
    expect(conversations).toEqual([
      expect.objectContaining({ phone: customer, count: 1, lastText: expect.stringContaining('Hello Ravi') }),
    ]);
    const thread = json<{ data: { messages: { status: string; content: Record<string, unknown> }[] } }>(
      await call(admin.token, 'GET', routes.thread(customer)),
    ).data.messages;
    expect(thread).toHaveLength(1);
    expect(thread[0]).toMatchObject({
      status: 'read',
      content: { type: 'template', template: { name: 'order_update' }, values: { body: { '1': 'Ravi' } } },
    });
  });

  it('takes a reply as an inbound message exactly once, and then opens the 24-hour window', async () => {
    const number = '+919000000011';
    const routes = phoneRoutes(channelId);
    const outside = await call(admin.token, 'POST', `/api/channels/${channelId}/messages`, {
      kind: 'text',
      to: number,
      text: 'Hello there',
    });
    expect(json(outside).code).toBe(5208); // CHANNEL_OUTSIDE_WINDOW

    const replied = await call(admin.token, 'POST', routes.reply(number.slice(1)), { text: 'Is my order late?' });
    expect(replied.statusCode, replied.body).toBe(200);
    const reply = json<{ data: { vendorMessageId: string; direction: string; phone: string } }>(replied).data;
    expect(reply).toMatchObject({ direction: 'from_phone', phone: number });

    await until(async () => {
      const messages = json<{ data: { messages: { vendorMessageId: string; status: string }[] } }>(
        await call(admin.token, 'GET', routes.thread(number)),
      ).data.messages;
      return messages.find((message) => message.vendorMessageId === reply.vendorMessageId)?.status === 'delivered';
    }, 'Parley to take the reply');
    const inbound = (await logged(channelId, 'in')).filter((row) => row.customerNumber === number);
    expect(inbound).toHaveLength(1);
    expect(inbound[0]).toMatchObject({
      vendorMessageId: reply.vendorMessageId,
      status: 'received',
      content: expect.objectContaining({ type: 'text', text: 'Is my order late?' }),
    });

    const answered = await call(admin.token, 'POST', `/api/channels/${channelId}/messages`, {
      kind: 'text',
      to: number,
      text: 'It ships today',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    await until(async () => {
      const messages = json<{
        data: { messages: { direction: string; status: string; content: { text?: string } }[] };
      }>(await call(admin.token, 'GET', routes.thread(number))).data.messages;
      // Found by its text: the conversation runtime's own notice to the customer (this channel has
      // no bot, so the chat goes to people) may arrive before or after it.
      const answer = messages.find(
        (message) => message.direction === 'to_phone' && message.content.text === 'It ships today',
      );
      return answer?.status === 'read';
    }, 'the answer to be read on the phone');
  });

  it('passes a pressed quick-reply button to Parley with its payload', async () => {
    const number = '+919000000012';
    const replied = await call(admin.token, 'POST', phoneRoutes(channelId).reply(number), {
      text: 'Track it',
      buttonPayload: 'Track it',
    });
    expect(replied.statusCode, replied.body).toBe(200);
    const message = await until(
      async () => (await logged(channelId, 'in')).find((row) => row.customerNumber === number),
      'the button press',
    );
    expect(message.content).toMatchObject({ type: 'button', text: 'Track it', buttonPayload: 'Track it' });
  });

  it('refuses a reply without text and a number that is not one', async () => {
    const routes = phoneRoutes(channelId);
    const blank = await call(admin.token, 'POST', routes.reply('919000000013'), { text: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(json<{ fieldErrors?: Record<string, string> }>(blank).fieldErrors).toMatchObject({ text: 'Type a message' });
    expect((await call(admin.token, 'GET', routes.thread('not-a-number'))).statusCode).toBe(400);
  });

  it("answers 404 for another enterprise's channel and 403 without a channel or template permission", async () => {
    const routes = phoneRoutes(channelId);
    expect((await call(other.token, 'GET', routes.conversations)).statusCode).toBe(404);
    expect((await call(other.token, 'POST', routes.reply('919000000014'), { text: 'hi' })).statusCode).toBe(404);
    expect((await call(chatAgent.token, 'GET', routes.conversations)).statusCode).toBe(403);
    expect((await logged(channelId, 'in')).filter((row) => row.customerNumber === '+919000000014')).toHaveLength(0);
  });
});

describe('a Sandbox channel failing every message', () => {
  it('fails the message with a real WhatsApp error code in the log and on the phone', async () => {
    const channelId = await createChannel(admin.token, 'Sandbox failing', {
      contactId: '919000000002',
      failureRate: '100',
    });
    const template = await approvedTemplate(channelId, 'order_update_failing');
    const sent = await call(admin.token, 'POST', `/api/templates/${template.id}/test-send`, { to: '+919000000020' });
    expect(sent.statusCode, sent.body).toBe(200);
    const failed = await until(async () => {
      const [message] = await logged(channelId, 'out');
      return message?.status === 'failed' ? message : null;
    }, 'the failure');
    expect(['131026', '131000']).toContain(failed.errorCode);
    expect(failed.errorText).toMatch(/Message undeliverable|Something went wrong/);
    const thread = json<{ data: { messages: { status: string; errorCode: string }[] } }>(
      await call(admin.token, 'GET', phoneRoutes(channelId).thread('+919000000020')),
    ).data.messages;
    expect(thread[0]).toMatchObject({ status: 'failed', errorCode: failed.errorCode });
  });

  it("rejects a template named 'sandbox_reject…' with the reason INVALID_FORMAT", async () => {
    const channelId = await createChannel(admin.token, 'Sandbox review', { contactId: '919000000003' });
    const template = await approvedTemplate(channelId, 'sandbox_reject_promo');
    expect(template).toMatchObject({ status: 'REJECTED', reason: 'INVALID_FORMAT' });
  });
});

describe('the Sandbox channels list', () => {
  it('lists only Sandbox channels of the enterprise, also to someone who may only send templates', async () => {
    const author = await createTenant(context, { roles: [4], enterpriseId: admin.enterpriseId });
    await createChannel(
      admin.token,
      'Route Mobile listed',
      { username: 'u', password: 'p', contactId: '919812345670' },
      17,
    );
    const listed = json<{ data: { channels: { name: string; failureRate: number; contactId: string }[] } }>(
      await call(author.token, 'GET', '/api/sandbox/channels'),
    ).data.channels;
    expect(listed.map((channel) => channel.name)).toEqual(['Sandbox failing', 'Sandbox review', 'Sandbox WhatsApp']);
    expect(listed[0]).toMatchObject({ failureRate: 100, contactId: '919000000002' });
    const theirs = json<{ data: { channels: unknown[] } }>(await call(other.token, 'GET', '/api/sandbox/channels'));
    expect(theirs.data.channels).toEqual([]);
    expect((await call(chatAgent.token, 'GET', '/api/sandbox/channels')).statusCode).toBe(403);
  });
});

describe('a channel of another vendor', () => {
  it("is not a Sandbox: the phone's routes answer CHANNEL_NOT_SANDBOX", async () => {
    const channelId = await createChannel(
      admin.token,
      'Route Mobile',
      { username: 'user', password: 'secret', contactId: '919812345678' },
      17,
    );
    const response = await call(admin.token, 'GET', phoneRoutes(channelId).conversations);
    expect(response.statusCode).toBe(409);
    expect(json(response).code).toBe(5210);
  });
});
