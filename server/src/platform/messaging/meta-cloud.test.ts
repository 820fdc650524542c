import type { TemplateCard, TemplateComponent } from '@parley/contracts/templates';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeMeta, type FakeMeta } from '../../../test/fake-vendors/meta';
import { createOutboundHttp } from '../outbound-http';
import { createMetaCloudAdapter } from './meta-cloud';
import { VendorError, type AdapterChannel, type TemplateMessage, type WebhookRequest } from './vendor-adapter';
import { signBody, templateStatusCallback, whatsAppCallback } from './whatsapp-webhooks';

let fake: FakeMeta;
let channel: AdapterChannel;
const http = createOutboundHttp({ allow: ['127.0.0.1'], timeoutMs: 500 });

beforeAll(async () => {
  fake = await startFakeMeta();
  channel = {
    id: 'c1',
    enterpriseId: 'e1',
    type: 4,
    vendor: 19,
    contactId: '919876543210',
    credentials: fake.credentials(),
    webhook: { key: 'k', url: 'https://parley.example/api/webhooks/channels/k', verifyToken: 'verify-me', secret: 's' },
  };
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const adapter = () => createMetaCloudAdapter({ http, baseUrl: fake.baseUrl });

const orderUpdate: TemplateMessage = {
  to: '+91 98450 12345',
  template: {
    name: 'order_update',
    language: 'en_US',
    category: 'UTILITY',
    parameterFormat: 'POSITIONAL',
    vendorTemplateId: null,
    components: [
      {
        type: 'HEADER',
        format: 'IMAGE',
        media: { url: 'https://cdn.example/banner.png', fileName: 'banner.png', contentType: 'image/png' },
      },
      { type: 'BODY', text: 'Hi {{1}}, your order {{2}} ships {{1}}.', example: { body_text: [['Asha', 'A-1']] } },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'QUICK_REPLY', text: 'Stop' },
          {
            type: 'URL',
            text: 'Track',
            url: 'https://shop.example/track/{{1}}',
            example: ['https://shop.example/track/A-1'],
          },
          { type: 'COPY_CODE', example: 'SAVE10' },
        ],
      },
    ],
  },
  values: { body: { '1': 'Asha', '2': 'A-77' }, buttons: { '1': 'A-77', '2': 'WELCOME5' } },
};

async function rejection(promise: Promise<unknown>): Promise<VendorError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(VendorError);
    return error as VendorError;
  }
  throw new Error('expected the call to fail');
}

describe('Meta Cloud API adapter', () => {
  it('sends a template with Bearer auth in the Cloud API shape and returns the wamid', async () => {
    const result = await adapter().sendTemplate(channel, orderUpdate);
    expect(result.vendorMessageId).toMatch(/^wamid\./);
    const request = fake.last('/messages')!;
    expect(request.path).toBe(`/v23.0/${fake.accounts[0]!.phoneNumberId}/messages`);
    expect(request.headers.authorization).toBe(`Bearer ${fake.accounts[0]!.accessToken}`);
    expect(request.json).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919845012345',
      type: 'template',
      template: {
        name: 'order_update',
        language: { code: 'en_US' },
        components: [
          { type: 'header', parameters: [{ type: 'image', image: { link: 'https://cdn.example/banner.png' } }] },
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Asha' },
              { type: 'text', text: 'A-77' },
            ],
          },
          { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: 'A-77' }] },
          {
            type: 'button',
            sub_type: 'copy_code',
            index: '2',
            parameters: [{ type: 'coupon_code', coupon_code: 'WELCOME5' }],
          },
        ],
      },
    });
    expect(fake.sent[0]!.id).toBe(result.vendorMessageId);
  });

  it('sends named parameters, carousel cards and a limited-time offer expiry', async () => {
    const card = (url: string): TemplateCard => ({
      components: [
        { type: 'HEADER', format: 'IMAGE', media: { url, fileName: '', contentType: 'image/png' } },
        { type: 'BODY', text: 'Only {{deal}} today' },
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'QUICK_REPLY', text: 'More like this' },
            { type: 'URL', text: 'Buy', url: 'https://shop.example/{{1}}', example: ['https://shop.example/x'] },
          ],
        },
      ],
    });
    await adapter().sendTemplate(channel, {
      to: '+919845012345',
      template: {
        name: 'deals',
        language: 'en',
        category: 'MARKETING',
        parameterFormat: 'NAMED',
        vendorTemplateId: null,
        components: [
          { type: 'BODY', text: 'Hello {{first_name}}, see our deals' },
          { type: 'CAROUSEL', cards: [card('https://cdn.example/1.png'), card('https://cdn.example/2.png')] },
        ],
      },
      values: {
        body: { first_name: 'Asha' },
        cards: [
          { body: { deal: '10%' }, buttons: { '1': 'one' } },
          {
            body: { deal: '20%' },
            buttons: { '0': 'card-2-more', '1': 'two' },
            media: { url: 'https://cdn.example/other.png', fileName: 'o.png', contentType: 'image/png' },
          },
        ],
      },
    });
    const template = (fake.last('/messages')!.json as { template: { components: unknown[] } }).template;
    expect(template.components[0]).toEqual({
      type: 'body',
      parameters: [{ type: 'text', parameter_name: 'first_name', text: 'Asha' }],
    });
    expect(template.components[1]).toEqual({
      type: 'carousel',
      cards: [
        {
          card_index: 0,
          components: [
            { type: 'header', parameters: [{ type: 'image', image: { link: 'https://cdn.example/1.png' } }] },
            { type: 'body', parameters: [{ type: 'text', parameter_name: 'deal', text: '10%' }] },
            {
              type: 'button',
              sub_type: 'quick_reply',
              index: '0',
              parameters: [{ type: 'payload', payload: 'More like this' }],
            },
            { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: 'one' }] },
          ],
        },
        {
          card_index: 1,
          components: [
            { type: 'header', parameters: [{ type: 'image', image: { link: 'https://cdn.example/other.png' } }] },
            { type: 'body', parameters: [{ type: 'text', parameter_name: 'deal', text: '20%' }] },
            {
              type: 'button',
              sub_type: 'quick_reply',
              index: '0',
              parameters: [{ type: 'payload', payload: 'card-2-more' }],
            },
            { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: 'two' }] },
          ],
        },
      ],
    });

    await adapter().sendTemplate(channel, {
      to: '+919845012345',
      template: {
        name: 'flash',
        language: 'en',
        category: 'MARKETING',
        parameterFormat: 'POSITIONAL',
        vendorTemplateId: null,
        components: [
          { type: 'LIMITED_TIME_OFFER', limited_time_offer: { text: 'Ends soon', has_expiration: true } },
          { type: 'BODY', text: 'Deal for you' },
          {
            type: 'BUTTONS',
            buttons: [
              { type: 'COPY_CODE', example: 'FLASH' },
              { type: 'URL', text: 'Shop', url: 'https://shop.example' },
            ],
          },
        ],
      },
      values: { offerExpiresAt: 1_900_000_000_000 },
    });
    const offer = (fake.last('/messages')!.json as { template: { components: unknown[] } }).template.components;
    expect(offer).toEqual([
      {
        type: 'limited_time_offer',
        parameters: [{ type: 'limited_time_offer', limited_time_offer: { expiration_time_ms: 1_900_000_000_000 } }],
      },
      {
        type: 'button',
        sub_type: 'copy_code',
        index: '0',
        parameters: [{ type: 'coupon_code', coupon_code: 'FLASH' }],
      },
    ]);
  });

  it('refuses a message with a missing value or a relative media URL before calling Meta', async () => {
    const error = await rejection(
      adapter().sendTemplate(channel, { ...orderUpdate, values: { body: { '1': 'Asha' }, buttons: { '1': 'x' } } }),
    );
    expect(error).toMatchObject({
      kind: 'permanent',
      code: 'missing_value',
      message: 'Body variable {{2}} has no value',
    });
    const relative = await rejection(
      adapter().sendTemplate(channel, {
        ...orderUpdate,
        values: {
          ...orderUpdate.values,
          headerMedia: { url: '/api/files/abc', fileName: 'a.png', contentType: 'image/png' },
        },
      }),
    );
    expect(relative.message).toContain('/api/files/abc');
    expect(fake.requests).toHaveLength(0);
  });

  it('sends session text and media', async () => {
    const text = await adapter().sendSession(channel, { kind: 'text', to: '+919845012345', text: 'Your OTP is 1234' });
    expect(text.vendorMessageId).toMatch(/^wamid\./);
    expect(fake.last('/messages')!.json).toMatchObject({ type: 'text', text: { body: 'Your OTP is 1234' } });
    await adapter().sendSession(channel, {
      kind: 'media',
      to: '+919845012345',
      mediaType: 'document',
      url: 'https://cdn.example/invoice.pdf',
      fileName: 'invoice.pdf',
      caption: 'Your invoice',
    });
    expect(fake.last('/messages')!.json).toMatchObject({
      type: 'document',
      document: { link: 'https://cdn.example/invoice.pdf', filename: 'invoice.pdf', caption: 'Your invoice' },
    });
  });

  it('sends reply buttons as an interactive message, and refuses what WhatsApp would', async () => {
    await adapter().sendSession(channel, {
      kind: 'buttons',
      to: '+919845012345',
      text: 'Sorry, I can only help with flights.',
      buttons: [{ id: 'talk_to_agent', title: 'Talk to an agent' }],
      fallbackText: 'unused here',
    });
    expect(fake.last('/messages')!.json).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919845012345',
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: 'Sorry, I can only help with flights.' },
        action: { buttons: [{ type: 'reply', reply: { id: 'talk_to_agent', title: 'Talk to an agent' } }] },
      },
    });
    // A title over WhatsApp's 20 characters is cut, not refused; four buttons are refused before sending.
    await adapter().sendSession(channel, {
      kind: 'buttons',
      to: '+919845012345',
      text: 'Pick one',
      buttons: [{ id: 'a', title: 'Speak to a human being now' }],
      fallbackText: 'unused',
    });
    expect(fake.last('/messages')!.json).toMatchObject({
      interactive: { action: { buttons: [{ reply: { title: 'Speak to a human bei' } }] } },
    });
    const sentBefore = fake.requests.length;
    const four = [1, 2, 3, 4].map((n) => ({ id: `b${n}`, title: `Option ${n}` }));
    const error = await rejection(
      adapter().sendSession(channel, {
        kind: 'buttons',
        to: '+919845012345',
        text: 'Pick',
        buttons: four,
        fallbackText: '',
      }),
    );
    expect(error).toMatchObject({ kind: 'permanent', code: 'buttons' });
    expect(fake.requests.length).toBe(sentBefore);
  });

  it('maps refused tokens, permanent, throughput, maintenance, 5xx and the closed window', async () => {
    const wrong = { ...channel, credentials: { ...channel.credentials, accessToken: 'stolen' } };
    const auth = await rejection(adapter().sendTemplate(wrong, orderUpdate));
    expect(auth).toMatchObject({ kind: 'auth', code: '190', httpStatus: 401 });
    expect(auth.message).toContain('Meta refused the access token (190)');

    const cases = [
      ['permanent', 'permanent', '132001'],
      ['throughput', 'retryable', '130429'],
      ['maintenance', 'retryable', '131057'],
      ['server', 'retryable', '131000'],
      ['outsideWindow', 'outside_window', '131047'],
    ] as const;
    for (const [failure, kind, code] of cases) {
      fake.failNext(failure);
      const error = await rejection(adapter().sendSession(channel, { kind: 'text', to: '+919845012345', text: 'hi' }));
      expect(error, failure).toMatchObject({ kind, code });
    }
  });

  it('turns a hanging Meta into a retryable timeout', async () => {
    fake.failNext('hang');
    const started = Date.now();
    const error = await rejection(adapter().sendTemplate(channel, orderUpdate));
    expect(error).toMatchObject({ kind: 'retryable', code: 'timeout' });
    expect(error.message).toContain('Meta did not answer in time');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('tests the connection with the phone number and reports a refused token', async () => {
    const ok = await adapter().testConnection!(channel);
    expect(ok).toEqual({ ok: true, message: 'Connected to Parley Test Business (+91 98765 43210)' });
    expect(fake.last()!.query.fields).toBe('display_phone_number,verified_name');
    const refused = await adapter().testConnection!({
      ...channel,
      credentials: { ...channel.credentials, accessToken: 'x' },
    });
    expect(refused.ok).toBe(false);
    expect(refused.message).toContain('Meta refused the access token (190)');
  });

  it('submits a template with its media sample through the resumable upload, edits, fetches and deletes it', async () => {
    const bytes = Buffer.from('89504e470d0a1a0a-fake-png-bytes');
    const components: TemplateComponent[] = [
      {
        type: 'HEADER',
        format: 'IMAGE',
        media: { url: '/api/files/f1', fileName: 'banner.png', contentType: 'image/png' },
      },
      { type: 'BODY', text: 'Hi {{1}}, welcome', example: { body_text: [['Asha']] } },
      { type: 'BUTTONS', buttons: [{ type: 'COPY_CODE', example: 'SAVE10', text: 'Copy offer code' }] },
    ];
    const read: string[] = [];
    const submission = {
      name: 'welcome_offer',
      language: 'en_US',
      category: 'MARKETING',
      parameterFormat: 'POSITIONAL' as const,
      components,
      readMedia: async (media: { url: string }) => {
        read.push(media.url);
        return { bytes, contentType: 'image/png', fileName: 'banner.png' };
      },
    };
    const created = await adapter().submitTemplate!(channel, submission);
    expect(created.status).toBe('PENDING');
    expect(read).toEqual(['/api/files/f1']);

    const session = fake.requests.find((request) => request.path.endsWith('/uploads'))!;
    expect(session.path).toBe(`/v23.0/${fake.accounts[0]!.appId}/uploads`);
    expect(session.query).toMatchObject({
      file_name: 'banner.png',
      file_length: String(bytes.length),
      file_type: 'image/png',
    });
    const upload = fake.requests.find((request) => request.path.includes('upload:'))!;
    expect(upload.headers.authorization).toBe(`OAuth ${fake.accounts[0]!.accessToken}`);
    expect(upload.headers.file_offset).toBe('0');
    expect(upload.rawBody.equals(bytes)).toBe(true);

    const stored = fake.templates.get(created.vendorTemplateId)!;
    const [handle] = [...fake.handles.keys()];
    expect(stored).toMatchObject({
      name: 'welcome_offer',
      language: 'en_US',
      category: 'MARKETING',
      parameterFormat: 'POSITIONAL',
    });
    expect(stored.components).toEqual([
      { type: 'HEADER', format: 'IMAGE', example: { header_handle: [handle] } },
      { type: 'BODY', text: 'Hi {{1}}, welcome', example: { body_text: [['Asha']] } },
      { type: 'BUTTONS', buttons: [{ type: 'COPY_CODE', example: 'SAVE10' }] },
    ]);

    fake.setTemplateStatus(created.vendorTemplateId, 'REJECTED', 'INVALID_FORMAT');
    const fetched = await adapter().fetchTemplate!(channel, {
      name: 'welcome_offer',
      language: 'en_US',
      vendorTemplateId: null,
    });
    expect(fetched).toEqual({
      vendorTemplateId: created.vendorTemplateId,
      name: 'welcome_offer',
      language: 'en_US',
      status: 'REJECTED',
      reason: 'INVALID_FORMAT',
      category: 'MARKETING',
    });

    const edited = await adapter().submitTemplate!(channel, {
      ...submission,
      vendorTemplateId: created.vendorTemplateId,
      components: [components[1]!],
    });
    expect(edited).toEqual({ vendorTemplateId: created.vendorTemplateId, status: 'PENDING' });
    expect(fake.last()!.path).toBe(`/v23.0/${created.vendorTemplateId}`);
    expect(fake.templates.get(created.vendorTemplateId)).toMatchObject({
      status: 'PENDING',
      components: [components[1]],
    });

    await adapter().deleteTemplate!(channel, { name: 'welcome_offer', vendorTemplateId: created.vendorTemplateId });
    expect(fake.last()!.method).toBe('DELETE');
    expect(fake.last()!.query).toEqual({ name: 'welcome_offer', hsm_id: created.vendorTemplateId });
    expect(fake.templates.size).toBe(0);
    expect(
      await adapter().fetchTemplate!(channel, { name: 'welcome_offer', language: 'en_US', vendorTemplateId: null }),
    ).toBeNull();
  });

  it('needs the app id to upload a media sample, and reports a duplicate template', async () => {
    const noApp = { ...channel, credentials: { ...channel.credentials, appId: '' } };
    const submission = {
      name: 'banner_only',
      language: 'en_US',
      category: 'MARKETING',
      parameterFormat: 'POSITIONAL' as const,
      components: [
        {
          type: 'HEADER',
          format: 'IMAGE',
          media: { url: '/api/files/f1', fileName: 'b.png', contentType: 'image/png' },
        },
        { type: 'BODY', text: 'Hello there' },
      ] as TemplateComponent[],
      readMedia: async () => ({ bytes: Buffer.from('x'), contentType: 'image/png', fileName: 'b.png' }),
    };
    const error = await rejection(adapter().submitTemplate!(noApp, submission));
    expect(error).toMatchObject({ kind: 'permanent', message: 'Media headers need the App id to upload the sample' });

    const text = {
      ...submission,
      name: 'plain',
      components: [{ type: 'BODY', text: 'Hello there' }] as TemplateComponent[],
    };
    await adapter().submitTemplate!(channel, text);
    const duplicate = await rejection(adapter().submitTemplate!(channel, text));
    expect(duplicate).toMatchObject({ kind: 'permanent', code: '100' });
    expect(duplicate.message).toContain('Content in this language already exists');
  });

  describe('webhooks', () => {
    const post = (body: string, signature?: string): WebhookRequest => ({
      method: 'POST',
      headers: signature === undefined ? {} : { 'x-hub-signature-256': signature },
      query: {},
      rawBody: Buffer.from(body),
    });

    it("answers Meta's verification challenge only with the channel's verify token", () => {
      const get = (token: string): WebhookRequest => ({
        method: 'GET',
        headers: {},
        query: { 'hub.mode': 'subscribe', 'hub.verify_token': token, 'hub.challenge': '1158201444' },
        rawBody: Buffer.alloc(0),
      });
      expect(adapter().verifyWebhook(channel, get('verify-me'))).toEqual({ kind: 'challenge', body: '1158201444' });
      expect(adapter().verifyWebhook(channel, get('guess'))).toMatchObject({ kind: 'reject', status: 403 });
    });

    it('accepts a body signed with the app secret and refuses a missing or tampered signature', () => {
      const body = JSON.stringify(whatsAppCallback('106540352242922', { statuses: [] }));
      const secret = channel.credentials.appSecret!;
      expect(adapter().verifyWebhook(channel, post(body, signBody(secret, body)))).toEqual({ kind: 'accept' });
      expect(adapter().verifyWebhook(channel, post(body))).toMatchObject({ kind: 'reject', status: 401 });
      expect(adapter().verifyWebhook(channel, post(body.replace('[]', '[ ]'), signBody(secret, body)))).toMatchObject({
        kind: 'reject',
        status: 401,
        reason: 'The signature does not match the body',
      });
      expect(adapter().verifyWebhook(channel, post(body, signBody('other-secret', body)))).toMatchObject({
        kind: 'reject',
      });
    });

    it('parses statuses, inbound messages and template status updates', () => {
      const body = JSON.stringify(
        whatsAppCallback('106540352242922', {
          statuses: [
            {
              id: 'wamid.A',
              status: 'failed',
              timestamp: 1_760_000_000,
              recipient_id: '919845012345',
              errors: [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable' }],
            },
          ],
          contacts: [{ wa_id: '919845012345', profile: { name: 'Asha' } }],
          messages: [
            { id: 'wamid.B', from: '919845012345', timestamp: '1760000001', type: 'text', text: { body: 'Hello' } },
          ],
        }),
      );
      const parsed = adapter().parseWebhook(channel, post(body));
      expect(parsed.statuses).toEqual([
        {
          vendorMessageId: 'wamid.A',
          status: 'failed',
          at: new Date(1_760_000_000_000),
          recipient: '+919845012345',
          error: { code: '131026', title: 'Message undeliverable' },
          phoneNumberId: '106540352242922',
        },
      ]);
      expect(parsed.inbound).toMatchObject([
        { vendorMessageId: 'wamid.B', from: '+919845012345', name: 'Asha', text: 'Hello' },
      ]);
      const template = adapter().parseWebhook(
        channel,
        post(
          JSON.stringify(
            templateStatusCallback('102290129340398', {
              event: 'APPROVED',
              message_template_id: '77',
              message_template_name: 'welcome_offer',
              message_template_language: 'en_US',
            }),
          ),
        ),
      );
      expect(template.templates).toEqual([
        {
          status: 'APPROVED',
          vendorTemplateId: '77',
          name: 'welcome_offer',
          language: 'en_US',
          wabaId: '102290129340398',
        },
      ]);
    });
  });
});
