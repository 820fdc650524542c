import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Channel, ChannelMessage } from '@parley/contracts/channels';
import { channelMessageEvents } from '../../db/schema/channels';
import { createVendorAdapters } from '../../platform/messaging/adapters';
import type { VendorAdapter } from '../../platform/messaging/vendor-adapter';
import { signBody, templateStatusCallback, whatsAppCallback } from '../../platform/messaging/whatsapp-webhooks';
import { createFileStore } from '../../platform/files';
import { createOutboundHttp } from '../../platform/outbound-http';
import { createSecretBox } from '../../platform/secrets';
import { AppError } from '../../platform/errors';
import { as, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/test-app';
import { startFakeMeta, type FakeMeta } from '../../../test/fake-vendors/meta';
import { channelMessageRows } from '../../../test/messaging-harness';
import { createMediaLinks, MEDIA_LINK_TTL_MS } from './media-links';
import { createMessagingService } from './messaging.service';

let context: TestContext;
let admin: Tenant;
let meta: FakeMeta;
let channel: Channel;
let webhookPath: string;
const CUSTOMER = '+919812345678';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

type Body = { status: boolean; code?: number; message: string; data: Record<string, unknown> };

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin.token) {
  const response = await context.app.inject({ method, url, headers: as(token), ...(payload ? { payload } : {}) });
  return { statusCode: response.statusCode, body: response.json() as Body, raw: response.body };
}

/** POSTs a callback as Meta does: the raw JSON, signed with the app secret (or as told). */
function deliver(
  body: object | string,
  options: { signature?: string | null; contentType?: string; tamper?: boolean; path?: string } = {},
) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const signature = options.signature === undefined ? signBody(meta.accounts[0]!.appSecret, raw) : options.signature;
  const sent = options.tamper ? raw.replace('delivered', 'read').replace('Hello', 'Hullo') : raw;
  return context.app.inject({
    method: 'POST',
    url: options.path ?? webhookPath,
    headers: {
      'content-type': options.contentType ?? 'application/json',
      ...(signature ? { 'x-hub-signature-256': signature } : {}),
    },
    payload: sent,
  });
}

const phoneNumberId = () => meta.accounts[0]!.phoneNumberId;
let counter = 0;
const inbound = (text: string, id = `wamid.in.${++counter}`) =>
  whatsAppCallback(phoneNumberId(), {
    contacts: [{ wa_id: CUSTOMER.slice(1), profile: { name: 'Asha' } }],
    messages: [
      {
        from: CUSTOMER.slice(1),
        id,
        timestamp: String(Math.floor(Date.now() / 1000)),
        type: 'text',
        text: { body: text },
      },
    ],
  });
const status = (id: string, value: 'sent' | 'delivered' | 'read' | 'failed', extra: object = {}) =>
  whatsAppCallback(phoneNumberId(), {
    statuses: [
      { id, status: value, timestamp: Math.floor(Date.now() / 1000), recipient_id: CUSTOMER.slice(1), ...extra },
    ],
  });

const messageRows = (where: { vendorMessageId?: string; direction?: string } = {}) =>
  channelMessageRows(context.database.db, channel.id, where);
async function eventRows(vendorMessageId: string) {
  return context.database.db
    .select()
    .from(channelMessageEvents)
    .where(
      and(eq(channelMessageEvents.channelId, channel.id), eq(channelMessageEvents.vendorMessageId, vendorMessageId)),
    );
}

/** A session text to the customer through the route; the customer wrote first. */
async function sendText(text: string) {
  const answer = await call('POST', `/api/channels/${channel.id}/messages`, { kind: 'text', to: CUSTOMER, text });
  expect(answer.statusCode, answer.raw).toBe(200);
  return answer.body.data as unknown as ChannelMessage;
}

beforeAll(async () => {
  meta = await startFakeMeta();
  context = await createTestApp({
    env: {
      PARLEY_OUTBOUND_ALLOW: '127.0.0.1',
      PARLEY_VENDOR_BASE_URLS: JSON.stringify({ metaCloud: meta.baseUrl }),
    },
  });
  admin = await createTenant(context);
  const created = await call('POST', '/api/channels', {
    name: 'Meta WhatsApp',
    type: 4,
    vendor: 19,
    data: { ...meta.credentials(), contactId: '919876543210' },
  });
  expect(created.statusCode, created.raw).toBe(200);
  channel = created.body.data.channelConfig as Channel;
  webhookPath = new URL(channel.webhookUrl).pathname;
});
afterAll(async () => {
  await context?.close();
  await meta?.close();
});
beforeEach(() => meta.reset());

describe('webhook verification', () => {
  it("echoes Meta's challenge for the channel's verify token, and refuses a wrong one", async () => {
    const good = await context.app.inject({
      method: 'GET',
      url: `${webhookPath}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(channel.webhookVerifyToken)}&hub.challenge=1158201444`,
    });
    expect(good.statusCode).toBe(200);
    expect(good.headers['content-type']).toMatch(/^text\/plain/);
    expect(good.body).toBe('1158201444');

    const wrong = await context.app.inject({
      method: 'GET',
      url: `${webhookPath}?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444`,
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).not.toContain('1158201444');
  });

  it('answers 404 with no detail for an unknown key', async () => {
    const answer = await deliver(inbound('Hello'), { path: '/api/webhooks/channels/not-a-channel-key' });
    expect(answer.statusCode).toBe(404);
    expect(answer.body).not.toContain('channel');
  });

  it('refuses a callback without a signature or with a changed body, and stores nothing', async () => {
    const id = 'wamid.unsigned';
    const missing = await deliver(inbound('Hello', id), { signature: null });
    expect(missing.statusCode).toBe(401);
    const tampered = await deliver(inbound('Hello', id), { tamper: true });
    expect(tampered.statusCode).toBe(401);
    const garbage = await deliver(inbound('Hello', id), { signature: 'sha256=deadbeef' });
    expect(garbage.statusCode).toBe(401);
    expect(await messageRows({ vendorMessageId: id })).toHaveLength(0);
  });

  it('reads the raw bytes without a content type, and refuses an empty unsigned body', async () => {
    const raw = JSON.stringify(inbound('No content type', 'wamid.in.untyped'));
    const untyped = await context.app.inject({
      method: 'POST',
      url: webhookPath,
      headers: { 'x-hub-signature-256': signBody(meta.accounts[0]!.appSecret, raw) },
      payload: Buffer.from(raw),
    });
    expect(untyped.statusCode, untyped.body).toBe(200);
    expect(await messageRows({ vendorMessageId: 'wamid.in.untyped' })).toHaveLength(1);
    const empty = await context.app.inject({ method: 'POST', url: webhookPath });
    expect(empty.statusCode).toBe(401);
  });

  it('answers 400 to a signed body that is not a callback', async () => {
    const answer = await deliver('not json at all');
    expect(answer.statusCode).toBe(400);
    const shapeless = await deliver({ hello: 'world' });
    expect(shapeless.statusCode).toBe(400);
  });
});

describe('inbound messages and statuses', () => {
  it('stores an inbound message once however often it is delivered, whatever its content type', async () => {
    const body = inbound('Hello, is my order on its way?', 'wamid.in.once');
    for (const contentType of ['application/json', 'application/json; charset=utf-8', 'text/plain']) {
      const answer = await deliver(body, { contentType });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const rows = await messageRows({ vendorMessageId: 'wamid.in.once' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      direction: 'in',
      status: 'received',
      source: 'inbound',
      kind: 'text',
      customerNumber: CUSTOMER,
      content: { type: 'text', text: 'Hello, is my order on its way?', name: 'Asha' },
    });
    const log = await call(
      'GET',
      `/api/channels/${channel.id}/messages?customerNumber=${encodeURIComponent(CUSTOMER)}`,
    );
    expect(
      (log.body.data.messages as ChannelMessage[]).filter((m) => m.vendorMessageId === 'wamid.in.once'),
    ).toHaveLength(1);
  });

  it('sends a session text inside the 24-hour window only', async () => {
    const stranger = await call('POST', `/api/channels/${channel.id}/messages`, {
      kind: 'text',
      to: '+919800000077',
      text: 'Hi',
    });
    expect(stranger.statusCode).toBe(409);
    expect(stranger.body.code).toBe(5208);
    expect(meta.sent).toHaveLength(0);

    await deliver(inbound('Hi there'));
    const sent = await sendText('Your order ships today');
    expect(sent).toMatchObject({ direction: 'out', status: 'accepted', kind: 'text', source: 'session' });
    expect(sent.vendorMessageId).toMatch(/^wamid\./);
    expect(meta.sent.at(-1)).toMatchObject({ to: CUSTOMER.slice(1), type: 'text' });

    const badNumber = await call('POST', `/api/channels/${channel.id}/messages`, { kind: 'text', to: '12', text: 'x' });
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.body.message).toBe('Invalid number format');
  });

  it('keeps one event per status however often it is repeated', async () => {
    await deliver(inbound('ping'));
    const sent = await sendText('Replayed');
    for (let i = 0; i < 3; i += 1)
      expect((await deliver(status(sent.vendorMessageId!, 'delivered'))).statusCode).toBe(200);
    expect(await eventRows(sent.vendorMessageId!)).toHaveLength(1);
    const [row] = await messageRows({ vendorMessageId: sent.vendorMessageId! });
    expect(row!.status).toBe('delivered');
  });

  it('only moves a status forward: read then delivered stays read; failed is final', async () => {
    await deliver(inbound('ping'));
    const first = await sendText('Out of order');
    await deliver(status(first.vendorMessageId!, 'read'));
    await deliver(status(first.vendorMessageId!, 'delivered'));
    await deliver(status(first.vendorMessageId!, 'sent'));
    expect((await messageRows({ vendorMessageId: first.vendorMessageId! }))[0]!.status).toBe('read');
    expect(await eventRows(first.vendorMessageId!)).toHaveLength(3);

    const second = await sendText('Fails');
    await deliver(
      status(second.vendorMessageId!, 'failed', {
        errors: [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable' }],
      }),
    );
    await deliver(status(second.vendorMessageId!, 'delivered'));
    const [failed] = await messageRows({ vendorMessageId: second.vendorMessageId! });
    expect(failed).toMatchObject({ status: 'failed', errorCode: '131026', errorText: 'Message undeliverable' });

    const log = await call('GET', `/api/channels/${channel.id}/messages?perPage=200`);
    const shown = (log.body.data.messages as ChannelMessage[]).find((m) => m.id === failed!.id);
    expect(shown).toMatchObject({ status: 'failed', errorCode: '131026' });
  });

  it('stores callbacks arriving all at once, each status three times in shuffled order: one event each, none regresses', async () => {
    await deliver(inbound('ping'));
    const messages = [];
    for (let i = 0; i < 8; i += 1) messages.push(await sendText(`Burst ${i}`));
    const failing = messages[7]!;
    const callbacks: object[] = [];
    for (const message of messages)
      for (const value of ['sent', 'delivered', 'read'] as const)
        for (let copy = 0; copy < 3; copy += 1) callbacks.push(status(message.vendorMessageId!, value));
    for (let copy = 0; copy < 3; copy += 1)
      callbacks.push(
        status(failing.vendorMessageId!, 'failed', {
          errors: [{ code: 131049, title: 'Not delivered to keep engagement healthy' }],
        }),
      );
    callbacks.sort(() => Math.random() - 0.5);

    const answers = await Promise.all(callbacks.map((callback) => deliver(callback)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(callbacks.map(() => 200));

    for (const message of messages.slice(0, 7)) {
      expect((await eventRows(message.vendorMessageId!)).map((event) => event.status).sort()).toEqual([
        'delivered',
        'read',
        'sent',
      ]);
      expect((await messageRows({ vendorMessageId: message.vendorMessageId! }))[0]!.status).toBe('read');
    }
    expect(await eventRows(failing.vendorMessageId!)).toHaveLength(4);
    expect((await messageRows({ vendorMessageId: failing.vendorMessageId! }))[0]).toMatchObject({
      status: 'failed',
      errorCode: '131049',
    });
  });

  it("publishes channelMessage.updated on the channel's topic only, not to every console", async () => {
    const before = await context.bus.lastId();
    await deliver(inbound('notify me'));
    const events = await context.bus.since(admin.enterpriseId, admin.userId, before, 500, [`channel:${channel.id}`]);
    // The inbound message may start an automatic reply in the background; look for the inbound one.
    const updated = events.filter((event) => event.name === 'channelMessage.updated').map((event) => event.payload);
    expect(updated).toContainEqual(
      expect.objectContaining({ channelId: channel.id, direction: 'in', status: 'received' }),
    );
    const everyone = await context.bus.since(admin.enterpriseId, admin.userId, before);
    expect(everyone.map((event) => event.name)).not.toContain('channelMessage.updated');
  });
});

describe('media', () => {
  it('gives the vendor a public, signed, expiring link to the Parley file', async () => {
    const boundary = '----channelmedia';
    const upload = await context.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...as(admin.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="map.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        PNG,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    const fileId = (upload.json() as Body).data.id as string;
    await deliver(inbound('send me the map'));
    const sent = await call('POST', `/api/channels/${channel.id}/messages`, {
      kind: 'media',
      to: CUSTOMER,
      mediaType: 'image',
      fileId,
      caption: 'Our shop',
    });
    expect(sent.statusCode, sent.raw).toBe(200);
    const payload = meta.sent.at(-1)!.payload as { image: { link: string; caption?: string } };
    expect(payload.image.link).toMatch(/^http:\/\/parley\.test\/api\/channels\/media\?token=/);

    const link = new URL(payload.image.link);
    const path = `${link.pathname}${link.search}`;
    const fetched = await context.app.inject({ method: 'GET', url: path });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-type']).toBe('image/png');
    expect(fetched.rawPayload.equals(PNG)).toBe(true);

    const forged = await context.app.inject({ method: 'GET', url: `${path.slice(0, -6)}AAAAAA` });
    expect(forged.statusCode).toBe(404);

    // A link past its time answers 404 like a forged one.
    const links = createMediaLinks({
      secrets: createSecretBox('test-secret-key-0123456789'),
      files: createFileStore({ db: context.database.db, dataDir: context.config.dataDir }),
      publicUrl: 'http://parley.test',
    });
    const stale = new URL((await links.link(admin.enterpriseId, fileId, Date.now() - MEDIA_LINK_TTL_MS - 1000)).url);
    expect((await context.app.inject({ method: 'GET', url: `${stale.pathname}${stale.search}` })).statusCode).toBe(404);

    const missing = await call('POST', `/api/channels/${channel.id}/messages`, {
      kind: 'media',
      to: CUSTOMER,
      mediaType: 'image',
      fileId: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.body.message).toBe('Attachment is missing !');
  });
});

describe('messaging service', () => {
  const box = createSecretBox('test-secret-key-0123456789');
  const log = { error: () => undefined };

  it('applies a status that arrived before the send was logged', async () => {
    const early = 'wamid.early.1';
    // A vendor so fast that its 'delivered' callback is processed before the send call returns.
    const ref: { messaging?: ReturnType<typeof createMessagingService> } = {};
    const fast: VendorAdapter = {
      vendor: 19,
      async sendTemplate() {
        const verdict = await ref.messaging!.ingest(channel.webhookUrl.split('/').pop()!, {
          method: 'POST',
          headers: {},
          query: {},
          rawBody: Buffer.from(JSON.stringify(status(early, 'delivered'))),
        });
        expect(verdict).toEqual({ kind: 'accept' });
        expect(await messageRows({ vendorMessageId: early })).toHaveLength(0);
        return { vendorMessageId: early };
      },
      sendSession: async () => ({ vendorMessageId: 'unused' }),
      verifyWebhook: () => ({ kind: 'accept' }),
      parseWebhook: () => ({
        statuses: [{ vendorMessageId: early, status: 'delivered', at: new Date() }],
        inbound: [],
        templates: [],
      }),
    };
    const messaging = createMessagingService({
      db: context.database.db,
      secrets: box,
      adapters: { get: () => fast },
      bus: context.bus,
      config: context.config,
      log,
    });
    ref.messaging = messaging;
    const seen: string[] = [];
    messaging.onStatus(async (updates) => {
      for (const update of updates) seen.push(update.status);
    });
    const sent = await messaging.sendTemplate(admin.enterpriseId, channel.id, {
      message: {
        to: CUSTOMER,
        template: {
          name: 'order_update',
          language: 'en',
          category: 'UTILITY',
          parameterFormat: 'POSITIONAL',
          components: [{ type: 'BODY', text: 'Your order {{1}} ships today' }],
          vendorTemplateId: null,
        },
        values: { body: ['A-17'] },
      } as never,
      source: 'test',
    });
    expect(sent).toMatchObject({ status: 'delivered', vendorMessageId: early, kind: 'template', source: 'test' });
    expect(sent.content).toMatchObject({
      type: 'template',
      template: { name: 'order_update' },
      values: { body: ['A-17'] },
    });
    expect(seen).toEqual(['delivered']);
  });

  it("logs a refused send as failed with the vendor's code and answers in words", async () => {
    const adapters = createVendorAdapters({
      http: createOutboundHttp({ allow: ['127.0.0.1'] }),
      baseUrls: { metaCloud: meta.baseUrl },
      sandbox: {
        deliver: async () => ({ vendorMessageId: 'x' }),
        reviewTemplate: async () => ({ vendorTemplateId: 'x' }),
      },
    });
    const messaging = createMessagingService({
      db: context.database.db,
      secrets: box,
      adapters,
      bus: context.bus,
      config: context.config,
      log,
    });
    const template = {
      to: CUSTOMER,
      template: {
        name: 'order_update',
        language: 'en',
        category: 'UTILITY',
        parameterFormat: 'POSITIONAL' as const,
        components: [{ type: 'BODY' as const, text: 'Your order ships today' }],
        vendorTemplateId: null,
      },
      values: {},
    } as never;

    meta.failNext('permanent');
    const refused = await messaging
      .sendTemplate(admin.enterpriseId, channel.id, { message: template, source: 'test' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).key).toBe('CHANNEL_VENDOR_REJECTED');
    expect((refused as AppError).message).toContain('WhatsApp Cloud API (Meta) refused the message (');

    meta.failNext('auth');
    const auth = await messaging
      .sendTemplate(admin.enterpriseId, channel.id, { message: template, source: 'test' })
      .catch((error: unknown) => error);
    expect((auth as AppError).key).toBe('CHANNEL_VENDOR_AUTH');

    const failed = (await messageRows({ direction: 'out' })).filter(
      (row) => row.status === 'failed' && row.kind === 'template',
    );
    expect(failed).toHaveLength(2);
    expect(failed.every((row) => row.errorCode && row.errorText && row.vendorMessageId === null)).toBe(true);

    const accepted = await messaging.sendTemplate(admin.enterpriseId, channel.id, {
      message: template,
      source: 'test',
    });
    expect(accepted.status).toBe('accepted');

    const other = await createTenant(context);
    await expect(
      messaging.sendTemplate(other.enterpriseId, channel.id, { message: template, source: 'test' }),
    ).rejects.toMatchObject({ key: 'NOT_FOUND' });
  });

  it('hands template verdicts and new inbound messages to the subscribers, repeats only once', async () => {
    const adapters = createVendorAdapters({
      http: createOutboundHttp({ allow: ['127.0.0.1'] }),
      baseUrls: { metaCloud: meta.baseUrl },
      sandbox: {
        deliver: async () => ({ vendorMessageId: 'x' }),
        reviewTemplate: async () => ({ vendorTemplateId: 'x' }),
      },
    });
    const messaging = createMessagingService({
      db: context.database.db,
      secrets: box,
      adapters,
      bus: context.bus,
      config: context.config,
      log,
    });
    const verdicts: string[] = [];
    const inbox: string[] = [];
    messaging.onTemplateStatus(async (target, event) => {
      expect(target.adapter.id).toBe(channel.id);
      verdicts.push(`${event.name}:${event.status}:${event.reason ?? ''}`);
    });
    messaging.onInbound(async (_target, message) => {
      inbox.push(message.text);
    });
    const key = new URL(channel.webhookUrl).pathname.split('/').pop()!;
    const signed = (body: object) => {
      const raw = Buffer.from(JSON.stringify(body));
      return {
        method: 'POST' as const,
        headers: { 'x-hub-signature-256': signBody(meta.accounts[0]!.appSecret, raw) },
        query: {},
        rawBody: raw,
      };
    };
    const review = templateStatusCallback(meta.accounts[0]!.wabaId, {
      event: 'REJECTED',
      message_template_id: '998877',
      message_template_name: 'order_update',
      message_template_language: 'en',
      reason: 'INVALID_FORMAT',
    });
    expect(await messaging.ingest(key, signed(review))).toEqual({ kind: 'accept' });
    const message = inbound('Subscribers see me once', 'wamid.in.subscribers');
    await messaging.ingest(key, signed(message));
    await messaging.ingest(key, signed(message));
    expect(verdicts).toEqual(['order_update:REJECTED:INVALID_FORMAT']);
    expect(inbox).toEqual(['Subscribers see me once']);
  });

  it('refuses to send through a vendor Parley has no adapter for', async () => {
    const karix = await call('POST', '/api/channels', {
      name: 'Karix send',
      type: 4,
      vendor: 1,
      data: { username: 'u', password: 'p-0123456789', contactId: '919876543210' },
    });
    const id = (karix.body.data.channelConfig as Channel).id;
    const answer = await call('POST', `/api/channels/${id}/messages`, { kind: 'text', to: CUSTOMER, text: 'x' });
    expect(answer.statusCode).toBe(409);
    expect(answer.body).toMatchObject({
      code: 5204,
      message:
        'Sending through Karix is not available in Parley yet. The channel can be configured, but messages cannot be sent through it.',
    });
  });
});
