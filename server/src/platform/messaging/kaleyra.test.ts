import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  kaleyraTemplateCallback,
  kaleyraV2StatusCallback,
  startFakeKaleyra,
  type FakeKaleyra,
} from '../../../test/fake-vendors/kaleyra';
import { rejection, testChannel, webhookPost } from '../../../test/fake-vendors/test-channel';
import { createOutboundHttp } from '../outbound-http';
import { createKaleyraAdapter } from './kaleyra';
import type { TemplateMessage } from './vendor-adapter';

let fake: FakeKaleyra;
const http = createOutboundHttp({ allow: ['127.0.0.1'], timeoutMs: 500 });

beforeAll(async () => {
  fake = await startFakeKaleyra();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const v1 = () => createKaleyraAdapter({ http, baseUrl: fake.url, version: 1 });
const v2 = () => createKaleyraAdapter({ http, baseUrl: fake.url, version: 2 });
const channel = (version: 1 | 2) => testChannel(version === 1 ? 3 : 4, fake.credentials());

const shipped: TemplateMessage = {
  to: '+91 98450 12345',
  template: {
    name: 'order_shipped',
    language: 'en',
    category: 'UTILITY',
    parameterFormat: 'POSITIONAL',
    vendorTemplateId: null,
    components: [
      {
        type: 'HEADER',
        format: 'IMAGE',
        media: { url: 'https://cdn.example/box.jpg', fileName: 'box.jpg', contentType: 'image/jpeg' },
      },
      { type: 'BODY', text: 'Hi {{1}}, order {{2}} is on its way' },
    ],
  },
  values: { body: { '1': 'Asha "A"', '2': 'A-77' } },
};

describe('Kaleyra v1 adapter', () => {
  it('posts the form fields with the api-key header and returns the message id', async () => {
    const result = await v1().sendTemplate(channel(1), shipped);
    const request = fake.last()!;
    expect(request.path).toBe(`/v1/${fake.sid}/messages`);
    expect(request.headers['api-key']).toBe(fake.apiKey);
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request.form).toEqual({
      from: `+${fake.businessNumber}`,
      to: '+919845012345',
      channel: 'whatsapp',
      type: 'mediatemplate',
      template_name: 'order_shipped',
      lang_code: 'en',
      params: '"Asha \\"A\\"","A-77"',
      media_url: 'https://cdn.example/box.jpg',
      callback_url: 'https://parley.example/api/webhooks/channels/whk_test',
    });
    expect(result.vendorMessageId).toBe(fake.sent[0]!.id);
  });

  it('sends session text and media', async () => {
    await v1().sendSession(channel(1), { kind: 'text', to: '+919845012345', text: 'Hello' });
    expect(fake.last()!.form).toMatchObject({ type: 'text', body: 'Hello' });
    await v1().sendSession(channel(1), {
      kind: 'media',
      to: '+919845012345',
      mediaType: 'image',
      url: 'https://cdn.example/a.png',
      fileName: 'a.png',
      caption: 'Look',
    });
    expect(fake.last()!.form).toMatchObject({ type: 'media', media_url: 'https://cdn.example/a.png', caption: 'Look' });
    // v1 has no reply buttons: the choices go out written in the text.
    await v1().sendSession(channel(1), {
      kind: 'buttons',
      to: '+919845012345',
      text: 'Sorry, I can only help with flights.',
      buttons: [{ id: 'talk_to_agent', title: 'Talk to an agent' }],
      fallbackText: "Sorry, I can only help with flights.\n\nReply 'Talk to an agent' to reach a person.",
    });
    expect(fake.last()!.form).toMatchObject({
      type: 'text',
      body: "Sorry, I can only help with flights.\n\nReply 'Talk to an agent' to reach a person.",
    });
  });

  it('fills a header variable and a dynamic URL suffix with param_header and param_url', async () => {
    await v1().sendTemplate(channel(1), {
      ...shipped,
      template: {
        ...shipped.template,
        components: [
          { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}' },
          { type: 'BODY', text: 'Track {{1}} here' },
          { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Track', url: 'https://t.example/{{1}}' }] },
        ],
      },
      values: { header: { '1': 'A-77' }, body: { '1': 'A-77' }, buttons: { '0': 'a77?x=1' } },
    });
    expect(fake.last()!.form).toMatchObject({
      type: 'template',
      params: '"A-77"',
      param_header: 'A-77',
      param_url: 'a77?x=1',
    });
  });

  it('refuses what v1 cannot carry instead of sending it half-filled', async () => {
    const error = await rejection(
      v1().sendTemplate(channel(1), {
        ...shipped,
        template: {
          ...shipped.template,
          components: [
            { type: 'BODY', text: 'Your code' },
            { type: 'BUTTONS', buttons: [{ type: 'COPY_CODE', example: 'SAVE10' }] },
          ],
        },
        values: {},
      }),
    );
    expect(error.message).toBe(
      "Kaleyra's v1 API cannot fill offer codes; send this template through a Kaleyra v2 channel",
    );
    expect(fake.requests).toHaveLength(0);
  });

  it('maps a refused key, bad requests, throttling, 5xx and the closed window', async () => {
    const wrongKey = testChannel(3, { ...fake.credentials(), apiKey: 'nope' });
    const auth = await rejection(v1().sendTemplate(wrongKey, shipped));
    expect(auth).toMatchObject({ kind: 'auth', code: 'E401', httpStatus: 401 });
    expect(auth.message).toBe('Kaleyra refused the API key (E401): Invalid API key');

    const cases = [
      ['permanent', 'permanent', 'E413'],
      ['throughput', 'retryable', 'E429'],
      ['maintenance', 'retryable', 'E503'],
      ['server', 'retryable', 'E500'],
      ['outsideWindow', 'outside_window', '470'],
    ] as const;
    for (const [failure, kind, code] of cases) {
      fake.failNext(failure);
      expect(await rejection(v1().sendTemplate(channel(1), shipped)), failure).toMatchObject({ kind, code });
    }
  });

  it('turns a hanging Kaleyra into a retryable timeout', async () => {
    fake.failNext('hang');
    expect(await rejection(v1().sendTemplate(channel(1), shipped))).toMatchObject({
      kind: 'retryable',
      code: 'timeout',
    });
  });
});

describe('Kaleyra v2 adapter', () => {
  it('wraps the Cloud API payload in messaging_object on the business number path', async () => {
    const result = await v2().sendTemplate(channel(2), shipped);
    const request = fake.last()!;
    expect(request.path).toBe(`/v2/${fake.sid}/whatsapp/+${fake.businessNumber}/messages`);
    expect(request.headers['api-key']).toBe(fake.apiKey);
    expect(request.json).toEqual({
      messaging_object: {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: '919845012345',
        type: 'template',
        template: {
          name: 'order_shipped',
          language: { code: 'en' },
          components: [
            { type: 'header', parameters: [{ type: 'image', image: { link: 'https://cdn.example/box.jpg' } }] },
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'Asha "A"' },
                { type: 'text', text: 'A-77' },
              ],
            },
          ],
        },
      },
    });
    expect(result.vendorMessageId).toBe(fake.sent[0]!.id);
  });

  it('uses the regional host of the channel when no base URL is forced', async () => {
    const requests: string[] = [];
    const recording = {
      request: async (input: { url: string }) => {
        requests.push(input.url);
        return { status: 200, headers: {}, body: JSON.stringify({ messages: [{ id: 'wamid.X' }] }) };
      },
    };
    const adapter = createKaleyraAdapter({ http: recording, version: 2 });
    await adapter.sendSession(testChannel(4, { ...fake.credentials(), region: 'eu' }), {
      kind: 'text',
      to: '+919845012345',
      text: 'Hi',
    });
    expect(requests).toEqual([`https://api.eu.kaleyra.io/v2/${fake.sid}/whatsapp/+${fake.businessNumber}/messages`]);
  });

  it("maps WhatsApp's codes passed through by v2", async () => {
    fake.failNext('outsideWindow');
    const error = await rejection(v2().sendSession(channel(2), { kind: 'text', to: '+919845012345', text: 'Hi' }));
    expect(error).toMatchObject({ kind: 'outside_window', code: '131047' });
    const wrongKey = testChannel(4, { ...fake.credentials(), apiKey: 'nope' });
    const auth = await rejection(v2().sendSession(wrongKey, { kind: 'text', to: '+919845012345', text: 'Hi' }));
    expect(auth).toMatchObject({ kind: 'auth', code: 'RBC001' });
    expect(auth.message).toBe('Kaleyra v2 refused the API key (RBC001): Incorrect SID or API Key.');
  });
});

describe('Kaleyra callbacks', () => {
  it('accepts POST (the URL key is the guard) and refuses GET', () => {
    expect(v1().verifyWebhook(channel(1), webhookPost({}))).toEqual({ kind: 'accept' });
    expect(
      v1().verifyWebhook(channel(1), { method: 'GET', headers: {}, query: {}, rawBody: Buffer.alloc(0) }),
    ).toMatchObject({ kind: 'reject', status: 400 });
  });

  it('reads the callback profile variables: statuses incl. NOT-SENT, and incoming messages', () => {
    const statuses = v1().parseWebhook(
      channel(1),
      webhookPost([
        { id: 'm1', status: 'DELIVERED', to: '919845012345', created_at: '1760000000' },
        { id: 'm2', status: 'NOT-SENT', to: '919845012345', error: 'Template not approved', created_at: '1760000001' },
        { id: 'm3', status: 'queued' },
      ]),
    );
    expect(statuses.statuses).toEqual([
      { vendorMessageId: 'm1', status: 'delivered', at: new Date(1_760_000_000_000), recipient: '+919845012345' },
      {
        vendorMessageId: 'm2',
        status: 'failed',
        at: new Date(1_760_000_001_000),
        recipient: '+919845012345',
        error: { code: 'NOT-SENT', title: 'Template not approved' },
      },
    ]);
    const incoming = {
      body: 'Where is my order?',
      from: '919845012345',
      name: 'Asha',
      type: 'text',
      created_at: '1760000005',
      wanumber: fake.businessNumber,
    };
    const first = v1().parseWebhook(channel(1), webhookPost(incoming));
    const again = v1().parseWebhook(channel(1), webhookPost(incoming));
    expect(first.inbound).toMatchObject([
      { from: '+919845012345', name: 'Asha', type: 'text', text: 'Where is my order?' },
    ]);
    expect(first.inbound[0]!.vendorMessageId).toBe(again.inbound[0]!.vendorMessageId);
  });

  it("reads Meta's shapes forwarded by Kaleyra", () => {
    const parsed = v2().parseWebhook(
      channel(2),
      webhookPost({
        contacts: [{ profile: { name: 'Test' }, wa_id: '15550001111' }],
        messages: [
          { from: '15550001111', id: 'ABGG1', timestamp: '1760000000', type: 'text', text: { body: 'Hello' } },
        ],
      }),
    );
    expect(parsed.inbound).toMatchObject([
      { vendorMessageId: 'ABGG1', from: '+15550001111', name: 'Test', text: 'Hello' },
    ]);
    expect(() => v2().parseWebhook(channel(2), webhookPost('not json'))).toThrow('not JSON');
  });

  it('reads v2 webhooks (meta_object with the wamid beside it) and template status callbacks', () => {
    const delivered = v2().parseWebhook(
      channel(2),
      webhookPost(kaleyraV2StatusCallback('wamid.HBgMOTE5NDA3', 'delivered', { timestamp: 1_722_834_665 })),
    );
    expect(delivered.statuses).toEqual([
      {
        vendorMessageId: 'wamid.HBgMOTE5NDA3',
        status: 'delivered',
        at: new Date(1_722_834_665_000),
        recipient: '+919845012345',
        phoneNumberId: '104000000000060',
      },
    ]);
    const failed = v2().parseWebhook(
      channel(2),
      webhookPost(
        kaleyraV2StatusCallback('wamid.F', 'failed', { error: { code: 131047, title: 'Re-engagement message' } }),
      ),
    );
    expect(failed.statuses[0]).toMatchObject({
      vendorMessageId: 'wamid.F',
      status: 'failed',
      error: { code: '131047', title: 'Re-engagement message' },
    });

    const image = v2().parseWebhook(
      channel(2),
      webhookPost({
        meta_object: {
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '919000012345', phone_number_id: '104600000000058' },
            contacts: [{ profile: { name: 'Sam' }, wa_id: '919845012345' }],
            messages: [
              {
                from: '919845012345',
                id: 'wamid.IN1',
                timestamp: '1760000000',
                type: 'image',
                image: { id: '2754859441498128', mime_type: 'image/jpeg', caption: 'Receipt' },
              },
            ],
          },
          field: 'messages',
        },
        extra_info: { media_url: 'https://media.kaleyra.example/2754859441498128.jpg', waba_id: '347000000000069' },
      }),
    );
    expect(image.inbound).toEqual([
      {
        vendorMessageId: 'wamid.IN1',
        from: '+919845012345',
        name: 'Sam',
        at: new Date(1_760_000_000_000),
        type: 'image',
        text: 'Receipt',
        phoneNumberId: '104600000000058',
        media: {
          id: '2754859441498128',
          url: 'https://media.kaleyra.example/2754859441498128.jpg',
          mimeType: 'image/jpeg',
          caption: 'Receipt',
        },
      },
    ]);

    const paused = v1().parseWebhook(
      channel(1),
      webhookPost(
        kaleyraTemplateCallback({
          id: '1234567890',
          name: 'order_shipped',
          language: 'en',
          event: 'PAUSED',
          reason: 'Low quality',
        }),
      ),
    );
    expect(paused).toEqual({
      statuses: [],
      inbound: [],
      templates: [
        {
          status: 'PAUSED',
          vendorTemplateId: '1234567890',
          name: 'order_shipped',
          language: 'en',
          reason: 'Low quality',
        },
      ],
    });
    const approved = v1().parseWebhook(
      channel(1),
      webhookPost(
        kaleyraTemplateCallback({ id: '1234567890', name: 'order_shipped', language: 'en', event: 'APPROVED' }),
      ),
    );
    expect(approved.templates).toEqual([
      { status: 'APPROVED', vendorTemplateId: '1234567890', name: 'order_shipped', language: 'en' },
    ]);
  });
});
