import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { enterprises } from '../../db/schema/platform';
import { channels, sandboxMessages } from '../../db/schema/channels';
import { openTestDatabase } from '../../../test/test-database';
import type { Jobs } from '../../platform/jobs';
import type { ChannelMessaging, MessagingChannel } from '../../platform/messaging/channel-messaging';
import { createSandboxAdapter, sandboxReviewDoneAt } from '../../platform/messaging/sandbox-adapter';
import {
  VendorError,
  type AdapterChannel,
  type ParsedWebhook,
  type TemplateMessage,
  type WebhookRequest,
} from '../../platform/messaging/vendor-adapter';
import { createSandboxJobs, INBOUND_JOB, REVIEW_JOB, STATUS_JOB } from './sandbox.jobs';
import { createSandboxRepository } from './sandbox.repository';
import { createSandboxService, previewText } from './sandbox.service';

/**
 * The Sandbox vendor on a real database, with the job queue and Parley's webhook pipeline
 * replaced by recorders: every callback must pass the Sandbox adapter's own signature check.
 */

interface QueuedJob {
  name: string;
  data: Record<string, unknown>;
  options: { startAfterSeconds?: number; singletonKey?: string; tx?: unknown };
}

let database: Database;
let enterpriseId: string;
let channel: AdapterChannel;
let queue: QueuedJob[];
let callbacks: { request: WebhookRequest; parsed: ParsedWebhook }[];
let refuseCallbacks: boolean;
let rolls: number[];

const DELAY = 3;

const jobs: Jobs = {
  async send(name, data, options = {}) {
    queue.push({ name, data: data as Record<string, unknown>, options });
    return `job-${queue.length}`;
  },
  work: async () => undefined,
  isPending: async () => false,
  stop: async () => undefined,
};

function messagingChannel(adapter: AdapterChannel): MessagingChannel {
  return { adapter, name: 'Sandbox', canSend: true, templateApi: true, vendorName: 'Sandbox' };
}

const phoneAdapter = () => createSandboxAdapter({ phone: service.phone });

const messaging: ChannelMessaging = {
  channel: async (enterprise, id) =>
    enterprise === enterpriseId && id === channel.id ? messagingChannel(channel) : null,
  channelById: async (id) => (id === channel.id ? messagingChannel(channel) : null),
  sendTemplate: async () => {
    throw new Error('not used');
  },
  sendSession: async () => {
    throw new Error('not used');
  },
  async ingest(key, request) {
    expect(key).toBe(channel.webhook.key);
    if (refuseCallbacks) return { kind: 'reject', status: 401, reason: 'The signature does not match the body' };
    const verdict = phoneAdapter().verifyWebhook(channel, request);
    expect(verdict).toEqual({ kind: 'accept' });
    callbacks.push({ request, parsed: phoneAdapter().parseWebhook(channel, request) });
    return verdict;
  },
  onTemplateStatus: () => undefined,
  onInbound: () => undefined,
  onStatus: () => undefined,
};

let repository: ReturnType<typeof createSandboxRepository>;
let handlers: ReturnType<typeof createSandboxJobs>;
let service: ReturnType<typeof createSandboxService>;

/** Runs the queued jobs (and those they queue) in order. */
async function runJobs(limit = 50) {
  let ran = 0;
  while (queue.length > 0 && ran < limit) {
    const job = queue.shift()!;
    ran += 1;
    if (job.name === STATUS_JOB) await handlers.status(job.data as never);
    else if (job.name === INBOUND_JOB) await handlers.inbound(job.data as never);
    else if (job.name === REVIEW_JOB) await handlers.review(job.data as never);
  }
  return ran;
}

async function row(vendorMessageId: string) {
  return (await repository.byVendorId(vendorMessageId))!;
}

function templateMessage(category: string, to = '+919000000010'): TemplateMessage {
  return {
    to,
    template: {
      name: 'order_update',
      language: 'en_US',
      category,
      parameterFormat: 'POSITIONAL',
      components: [
        { type: 'BODY', text: 'Hello {{1}}, your order {{2}} is on its way', example: { body_text: [['A', 'B']] } },
        { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Stop' }] },
      ],
      vendorTemplateId: null,
    },
    values: { body: { '1': 'Asha', '2': '#1042' } },
  };
}

beforeAll(async () => {
  database = await openTestDatabase();
  const [enterprise] = await database.db.insert(enterprises).values({ name: 'Sandbox tests' }).returning();
  enterpriseId = enterprise!.id;
  const [stored] = await database.db
    .insert(channels)
    .values({
      enterpriseId,
      name: 'Sandbox',
      type: 4,
      vendor: 0,
      contactId: '919000000001',
      webhookKey: 'sandbox-test-key',
      webhookSecretEnc: 'sealed',
    })
    .returning();
  channel = {
    id: stored!.id,
    enterpriseId,
    type: 4,
    vendor: 0,
    contactId: '919000000001',
    credentials: { contactId: '919000000001', failureRate: '0' },
    webhook: {
      key: 'sandbox-test-key',
      url: 'http://parley.test/api/webhooks/channels/sandbox-test-key',
      verifyToken: 'verify-me',
      secret: 'sandbox-hmac-secret',
    },
  };
  repository = createSandboxRepository(database.db);
  const published: unknown[] = [];
  handlers = createSandboxJobs({
    repository,
    jobs,
    bus: {
      publish: async (event) => {
        published.push(event);
        return { id: published.length, userId: null, payload: null, at: '', ...event };
      },
      publishMany: async () => [],
      subscribe: () => () => undefined,
      since: async () => [],
      lastId: async () => 0,
      close: async () => undefined,
    },
    messaging: () => messaging,
    delaySeconds: DELAY,
  });
  service = createSandboxService({
    repository,
    jobs,
    messaging: () => messaging,
    delaySeconds: DELAY,
    publish: handlers.publish,
    random: () => rolls.shift() ?? 0.5,
  });
});

afterAll(async () => {
  await database?.close();
});

beforeEach(async () => {
  queue = [];
  callbacks = [];
  refuseCallbacks = false;
  rolls = [];
  channel.credentials.failureRate = '0';
  await database.db.delete(sandboxMessages).where(eq(sandboxMessages.channelId, channel.id));
});

describe('sending to a Sandbox number', () => {
  it('stores the message on the phone and reports sent, delivered and read as signed callbacks', async () => {
    const { vendorMessageId } = await phoneAdapter().sendTemplate(channel, templateMessage('UTILITY'));
    expect(vendorMessageId).toMatch(/^wamid\.SBX[0-9A-F]{32}$/);
    const stored = await row(vendorMessageId);
    expect(stored).toMatchObject({ direction: 'to_phone', phone: '+919000000010', status: 'accepted' });
    expect(stored.content).toMatchObject({ type: 'template', template: { name: 'order_update', category: 'UTILITY' } });
    // The first step waits for the delay, in the same transaction as the row.
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({
      name: STATUS_JOB,
      data: { channelId: channel.id, vendorMessageId, status: 'sent' },
      options: { startAfterSeconds: DELAY, singletonKey: `${vendorMessageId}:sent` },
    });
    expect(queue[0]!.options.tx).toBeDefined();
    // No secret goes into job data.
    expect(JSON.stringify(queue[0]!.data)).not.toContain(channel.webhook.secret);

    await runJobs();
    expect(callbacks.map((callback) => callback.parsed.statuses.map((event) => event.status))).toEqual([
      ['sent'],
      ['delivered'],
      ['read'],
    ]);
    expect(callbacks[0]!.parsed.statuses[0]).toMatchObject({ vendorMessageId, recipient: '+919000000010' });
    expect((await row(vendorMessageId)).status).toBe('read');
  });

  it('fails a marketing message with a real WhatsApp error at a failure rate of 100 %', async () => {
    channel.credentials.failureRate = '100';
    rolls = [0.2, 0.99]; // fails; the last of the marketing errors
    const { vendorMessageId } = await phoneAdapter().sendTemplate(channel, templateMessage('MARKETING'));
    await runJobs();
    expect(callbacks).toHaveLength(1);
    expect(callbacks[0]!.parsed.statuses).toEqual([
      expect.objectContaining({
        vendorMessageId,
        status: 'failed',
        error: {
          code: '131050',
          title:
            'Unable to deliver the message. This recipient has chosen to stop receiving marketing messages on WhatsApp from your business.',
        },
      }),
    ]);
    expect(await row(vendorMessageId)).toMatchObject({ status: 'failed', errorCode: '131050' });
    expect(queue).toHaveLength(0); // failed is final
  });

  it('never fails a utility message with a marketing-only error', async () => {
    channel.credentials.failureRate = '100';
    const codes = new Set<string>();
    for (const pick of [0, 0.49, 0.5, 0.99]) {
      rolls = [0, pick];
      const { vendorMessageId } = await phoneAdapter().sendTemplate(channel, templateMessage('UTILITY'));
      await runJobs();
      codes.add((await row(vendorMessageId)).errorCode!);
    }
    expect([...codes].sort()).toEqual(['131000', '131026']);
  });

  it('lets a share of messages through at a failure rate between 0 and 100', async () => {
    channel.credentials.failureRate = '30';
    rolls = [0.5]; // 50 ≥ 30: delivered
    const first = await phoneAdapter().sendTemplate(channel, templateMessage('UTILITY'));
    rolls = [0.1, 0]; // 10 < 30: fails
    const second = await phoneAdapter().sendTemplate(channel, templateMessage('UTILITY'));
    await runJobs();
    expect((await row(first.vendorMessageId)).status).toBe('read');
    expect((await row(second.vendorMessageId)).status).toBe('failed');
  });

  it('replays a step that runs twice and never moves a message back', async () => {
    const { vendorMessageId } = await phoneAdapter().sendTemplate(channel, templateMessage('UTILITY'));
    const sent = queue.shift()!;
    await handlers.status(sent.data as never);
    await handlers.status(sent.data as never); // a retry after a crash: the same event again
    expect(callbacks.map((callback) => callback.parsed.statuses[0]!.status)).toEqual(['sent', 'sent']);
    await runJobs();
    expect((await row(vendorMessageId)).status).toBe('read');
    callbacks = [];
    await handlers.status({ channelId: channel.id, vendorMessageId, status: 'delivered' });
    expect(callbacks).toHaveLength(0);
    expect((await row(vendorMessageId)).status).toBe('read');
  });

  it('refuses an invalid number and a session message outside the 24-hour window', async () => {
    await expect(
      phoneAdapter().sendTemplate(channel, templateMessage('UTILITY', 'not a number')),
    ).rejects.toMatchObject({
      kind: 'permanent',
    });
    const outside = await phoneAdapter()
      .sendSession(channel, { kind: 'text', to: '+919000000011', text: 'Hi' })
      .catch((error: unknown) => error);
    expect(outside).toBeInstanceOf(VendorError);
    expect(outside).toMatchObject({ kind: 'outside_window', code: '131047' });
    expect(await repository.thread(enterpriseId, channel.id, '+919000000011')).toHaveLength(0);

    await service.reply(enterpriseId, channel.id, '919000000011', { text: 'Hello?' });
    const { vendorMessageId } = await phoneAdapter().sendSession(channel, {
      kind: 'text',
      to: '+919000000011',
      text: 'Hi, how can we help?',
    });
    expect((await row(vendorMessageId)).content).toEqual({ type: 'text', text: 'Hi, how can we help?' });
  });
});

describe('replying as the customer', () => {
  it('reaches Parley as an inbound text callback and reads what the phone had received', async () => {
    const { vendorMessageId: earlier } = await phoneAdapter().sendTemplate(channel, templateMessage('UTILITY'));
    // sent and delivered, not read yet
    await handlers.status(queue.shift()!.data as never);
    await handlers.status(queue.shift()!.data as never);
    queue = []; // the clock's read step has not come yet
    callbacks = [];

    const reply = await service.reply(enterpriseId, channel.id, '+919000000010', { text: 'Where is it?' });
    expect(reply).toMatchObject({ direction: 'from_phone', phone: '+919000000010', status: 'sent' });
    expect(queue.map((job) => job.name)).toEqual([INBOUND_JOB, STATUS_JOB]);
    await runJobs();
    const inbound = callbacks.flatMap((callback) => callback.parsed.inbound);
    expect(inbound).toEqual([
      expect.objectContaining({
        vendorMessageId: reply.vendorMessageId,
        from: '+919000000010',
        type: 'text',
        text: 'Where is it?',
      }),
    ]);
    const statuses = callbacks.flatMap((callback) => callback.parsed.statuses);
    expect(statuses).toEqual([expect.objectContaining({ vendorMessageId: earlier, status: 'read' })]);
    expect((await row(earlier)).status).toBe('read');
    expect((await row(reply.vendorMessageId)).status).toBe('delivered');
    expect(queue).toHaveLength(0);
  });

  it('sends a pressed quick-reply button with its payload', async () => {
    const reply = await service.reply(enterpriseId, channel.id, '919000000012', {
      text: 'Stop',
      buttonPayload: 'Stop',
    });
    await runJobs();
    expect(callbacks[0]!.parsed.inbound[0]).toMatchObject({ type: 'button', text: 'Stop', buttonPayload: 'Stop' });
    expect(reply.content).toEqual({ type: 'button', text: 'Stop', payload: 'Stop' });
  });

  it("sends a pressed reply button of an interactive message as WhatsApp's button_reply", async () => {
    const reply = await service.reply(enterpriseId, channel.id, '919000000013', {
      text: 'Talk to an agent',
      buttonReplyId: 'talk_to_agent',
    });
    await runJobs();
    expect(callbacks[0]!.parsed.inbound[0]).toMatchObject({
      type: 'button',
      text: 'Talk to an agent',
      buttonPayload: 'talk_to_agent',
      reply: { kind: 'button', id: 'talk_to_agent', title: 'Talk to an agent' },
    });
    expect(reply.content).toEqual({ type: 'button_reply', text: 'Talk to an agent', id: 'talk_to_agent' });
  });

  it('shows a reply Parley refused as failed, with the reason', async () => {
    refuseCallbacks = true;
    const reply = await service.reply(enterpriseId, channel.id, '919000000013', { text: 'Hi' });
    await runJobs();
    expect(await row(reply.vendorMessageId)).toMatchObject({
      status: 'failed',
      errorText: 'The signature does not match the body',
    });
  });

  it('refuses another enterprise and channels that are not the Sandbox', async () => {
    await expect(
      service.reply('00000000-0000-4000-8000-000000000000', channel.id, '919000000010', { text: 'x' }),
    ).rejects.toMatchObject({ key: 'NOT_FOUND' });
    channel.vendor = 19;
    try {
      await expect(service.conversations(enterpriseId, channel.id)).rejects.toMatchObject({
        key: 'CHANNEL_NOT_SANDBOX',
      });
    } finally {
      channel.vendor = 0;
    }
  });
});

describe('the Sandbox phone lists', () => {
  it('lists numbers latest first with their last text, and a thread oldest first', async () => {
    await phoneAdapter().sendTemplate(channel, templateMessage('UTILITY', '+919000000020'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await phoneAdapter().sendTemplate(channel, templateMessage('UTILITY', '+919000000021'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await service.reply(enterpriseId, channel.id, '+919000000020', { text: 'Thanks!' });
    const { conversations } = await service.conversations(enterpriseId, channel.id);
    expect(conversations).toEqual([
      expect.objectContaining({ phone: '+919000000020', lastText: 'Thanks!', count: 2 }),
      expect.objectContaining({
        phone: '+919000000021',
        lastText: 'Hello Asha, your order #1042 is on its way',
        count: 1,
      }),
    ]);
    const { messages } = await service.thread(enterpriseId, channel.id, '919000000020');
    expect(messages.map((message) => message.direction)).toEqual(['to_phone', 'from_phone']);
  });

  it('previews media by caption or type and file name', () => {
    expect(previewText({ type: 'media', mediaType: 'image', caption: 'Our menu', fileName: 'menu.png' })).toBe(
      'Our menu',
    );
    expect(previewText({ type: 'media', mediaType: 'document', caption: '', fileName: 'bill.pdf' })).toBe(
      'document: bill.pdf',
    );
  });
});

describe('template review', () => {
  it('approves after the delay through a signed template status callback', async () => {
    const submitted = await phoneAdapter().submitTemplate!(channel, {
      name: 'order_update',
      language: 'en_US',
      category: 'UTILITY',
      parameterFormat: 'POSITIONAL',
      components: [],
    });
    expect(submitted.status).toBe('PENDING');
    expect(queue[0]).toMatchObject({ name: REVIEW_JOB, options: { startAfterSeconds: DELAY } });
    const doneAt = sandboxReviewDoneAt(submitted.vendorTemplateId)!;
    expect(doneAt.getTime()).toBeGreaterThan(Date.now() + (DELAY - 1) * 1000);
    // Asked before the review is done: still pending.
    expect(
      await phoneAdapter().fetchTemplate!(channel, {
        name: 'order_update',
        language: 'en_US',
        vendorTemplateId: submitted.vendorTemplateId,
      }),
    ).toMatchObject({ status: 'PENDING' });
    await runJobs();
    expect(callbacks[0]!.parsed.templates).toEqual([
      {
        status: 'APPROVED',
        vendorTemplateId: submitted.vendorTemplateId,
        name: 'order_update',
        language: 'en_US',
        // The callback's entry names the Sandbox's WhatsApp Business Account, as Meta's do.
        wabaId: expect.any(String),
      },
    ]);
  });

  it("rejects a template named 'sandbox_reject…' with INVALID_FORMAT, and fetching says the same", async () => {
    const submitted = await phoneAdapter().submitTemplate!(channel, {
      name: 'sandbox_reject_offer',
      language: 'en_US',
      category: 'MARKETING',
      parameterFormat: 'POSITIONAL',
      components: [],
    });
    await runJobs();
    expect(callbacks[0]!.parsed.templates[0]).toMatchObject({ status: 'REJECTED', reason: 'INVALID_FORMAT' });
    const past = submitted.vendorTemplateId.replace(
      /^sbx_tpl_[0-9a-z]+_/,
      `sbx_tpl_${(Date.now() - 1000).toString(36)}_`,
    );
    expect(
      await phoneAdapter().fetchTemplate!(channel, {
        name: 'sandbox_reject_offer',
        language: 'en_US',
        vendorTemplateId: past,
      }),
    ).toMatchObject({ status: 'REJECTED', reason: 'INVALID_FORMAT' });
  });
});

describe('the Sandbox webhook check', () => {
  const body = Buffer.from(JSON.stringify({ object: 'whatsapp_business_account', entry: [] }));

  it('refuses a tampered or unsigned body and answers the GET challenge only with the channel token', async () => {
    const adapter = phoneAdapter();
    const { signBody } = await import('../../platform/messaging/whatsapp-webhooks');
    const signed = signBody(channel.webhook.secret, body);
    const post = (rawBody: Buffer, signature?: string) =>
      adapter.verifyWebhook(channel, {
        method: 'POST',
        headers: signature ? { 'x-parley-signature': signature } : {},
        query: {},
        rawBody,
      });
    expect(post(body, signed)).toEqual({ kind: 'accept' });
    expect(post(Buffer.concat([body, Buffer.from(' ')]), signed)).toMatchObject({ kind: 'reject', status: 401 });
    expect(post(body)).toMatchObject({ kind: 'reject', status: 401 });
    const get = (token: string) =>
      adapter.verifyWebhook(channel, {
        method: 'GET',
        headers: {},
        query: { 'hub.mode': 'subscribe', 'hub.verify_token': token, 'hub.challenge': '42' },
        rawBody: Buffer.alloc(0),
      });
    expect(get('verify-me')).toEqual({ kind: 'challenge', body: '42' });
    expect(get('wrong')).toMatchObject({ kind: 'reject', status: 403 });
    expect(await adapter.testConnection!(channel)).toEqual({ ok: true, message: 'The Sandbox is built in and ready' });
  });
});
