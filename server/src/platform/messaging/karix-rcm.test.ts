import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeKarix, type FakeKarix } from '../../../test/fake-vendors/karix';
import { rejection, testChannel, webhookPost } from '../../../test/fake-vendors/test-channel';
import { createOutboundHttp } from '../outbound-http';
import { createKarixRcmAdapter } from './karix-rcm';
import type { TemplateMessage } from './vendor-adapter';

let fake: FakeKarix;
const http = createOutboundHttp({ allow: ['127.0.0.1'], timeoutMs: 500 });

beforeAll(async () => {
  fake = await startFakeKarix();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const channel = (extra: Record<string, string> = {}) => testChannel(2, fake.credentials(extra));
const adapter = () => createKarixRcmAdapter({ http, baseUrl: fake.url });

const reminder: TemplateMessage = {
  to: '+91 98450 12345',
  template: {
    name: 'payment_reminder',
    language: 'en',
    category: 'UTILITY',
    parameterFormat: 'POSITIONAL',
    vendorTemplateId: '2345',
    components: [{ type: 'BODY', text: 'Dear {{1}}, {{2}} is due on {{3}}.' }],
  },
  values: { body: { '1': 'Asha', '2': '₹500', '3': '5 Jan' } },
};

describe('Karix RCM adapter', () => {
  it('sends a template with the Authentication header (not Authorization) in the documented body', async () => {
    const result = await adapter().sendTemplate(channel(), reminder);
    const request = fake.last()!;
    expect(request.path).toBe('/services/rcm/sendMessage');
    expect(request.headers.authentication).toBe(`Bearer ${fake.accKey}`);
    expect(request.headers.authorization).toBeUndefined();
    expect(request.json).toEqual({
      message: {
        channel: 'WABA',
        content: {
          type: 'TEMPLATE',
          template: { templateId: '2345', parameterValues: { '0': 'Asha', '1': '₹500', '2': '5 Jan' } },
        },
        recipient: { to: '919845012345', recipient_type: 'individual', reference: { cust_ref: channel().id } },
        sender: { from: fake.sender },
        preferences: { webHookDNId: '1001' },
      },
      metaData: { version: 'v1.0.9' },
    });
    expect(result.vendorMessageId).toBe(fake.sent[0]!.mid);
  });

  it('sends media headers and URL buttons as a media template, by name when Karix has no id', async () => {
    await adapter().sendTemplate(channel({ webhookId: '' }), {
      ...reminder,
      template: {
        ...reminder.template,
        vendorTemplateId: null,
        components: [
          {
            type: 'HEADER',
            format: 'DOCUMENT',
            media: { url: 'https://cdn.example/bill.pdf', fileName: 'bill.pdf', contentType: 'application/pdf' },
          },
          { type: 'BODY', text: 'Dear {{1}}, your bill' },
          {
            type: 'BUTTONS',
            buttons: [
              { type: 'URL', text: 'Pay', url: 'https://pay.example/{{1}}', example: ['https://pay.example/x'] },
            ],
          },
        ],
      },
      values: { body: { '1': 'Asha' }, buttons: { '0': 'INV-9' } },
    });
    const message = (fake.last()!.json as { message: Record<string, unknown> }).message;
    expect(message.preferences).toBeUndefined();
    expect(message.content).toEqual({
      type: 'MEDIA_TEMPLATE',
      mediaTemplate: {
        templateId: 'payment_reminder',
        bodyParameterValues: { '0': 'Asha' },
        media: { type: 'document', url: 'https://cdn.example/bill.pdf', fileName: 'bill.pdf' },
        buttons: { actions: [{ type: 'url', index: '0', payload: 'INV-9' }] },
      },
    });
  });

  it('sends session text and attachments', async () => {
    await adapter().sendSession(channel(), { kind: 'text', to: '+919845012345', text: 'Paid, thanks' });
    expect((fake.last()!.json as { message: { content: unknown } }).message.content).toEqual({
      type: 'TEXT',
      preview_url: false,
      text: 'Paid, thanks',
    });
    await adapter().sendSession(channel(), {
      kind: 'media',
      to: '+919845012345',
      mediaType: 'image',
      url: 'https://cdn.example/r.png',
      fileName: 'r.png',
      caption: 'Receipt',
    });
    expect((fake.last()!.json as { message: { content: unknown } }).message.content).toEqual({
      type: 'ATTACHMENT',
      attachment: { type: 'image', url: 'https://cdn.example/r.png', caption: 'Receipt' },
    });
  });

  it('maps a refused key, refusals, throttling, outages, the closed window and timeouts', async () => {
    const auth = await rejection(adapter().sendTemplate(channel({ accKey: 'wrong' }), reminder));
    expect(auth).toMatchObject({ kind: 'auth', code: '401' });
    expect(auth.message).toBe('Karix refused the access key (401): Authentication failed: invalid access key');
    const cases = [
      ['permanent', 'permanent', '400'],
      ['throughput', 'retryable', '429'],
      ['maintenance', 'retryable', '503'],
      ['server', 'retryable', '500'],
      ['outsideWindow', 'outside_window', '470'],
    ] as const;
    for (const [failure, kind, code] of cases) {
      fake.failNext(failure);
      expect(await rejection(adapter().sendTemplate(channel(), reminder)), failure).toMatchObject({ kind, code });
    }
    fake.failNext('hang');
    expect(await rejection(adapter().sendTemplate(channel(), reminder))).toMatchObject({
      kind: 'retryable',
      code: 'timeout',
    });
  });

  it('accepts POST callbacks only and reads statuses and inbound messages', () => {
    expect(adapter().verifyWebhook(channel(), webhookPost({}))).toEqual({ kind: 'accept' });
    expect(
      adapter().verifyWebhook(channel(), { method: 'GET', headers: {}, query: {}, rawBody: Buffer.alloc(0) }),
    ).toMatchObject({ kind: 'reject', status: 400 });
    const parsed = adapter().parseWebhook(
      channel(),
      webhookPost([
        {
          channel: 'WABA',
          events: { eventType: 'DELIVERY EVENTS', timestamp: '1760000000000', mid: 'mid-1' },
          notificationAttributes: { status: 'delivered', reason: '000', code: '000' },
          recipient: { to: '919845012345', recipient_type: 'individual' },
        },
        {
          channel: 'WABA',
          events: { eventType: 'DELIVERY EVENTS', timestamp: '1760000001000', mid: 'mid-2' },
          notificationAttributes: { status: 'failed', reason: 'Message undeliverable', code: '131026' },
          recipient: { to: '919845012345' },
        },
        {
          channel: 'WABA',
          events: { eventType: 'User initiated', timestamp: '1760000002000' },
          eventContent: {
            message: { from: '919845012345', id: 'in-1', contentType: 'text', text: { body: 'Paid already' } },
          },
        },
      ]),
    );
    expect(parsed.statuses).toEqual([
      { vendorMessageId: 'mid-1', status: 'delivered', at: new Date(1_760_000_000_000), recipient: '+919845012345' },
      {
        vendorMessageId: 'mid-2',
        status: 'failed',
        at: new Date(1_760_000_001_000),
        recipient: '+919845012345',
        error: { code: '131026', title: 'Message undeliverable' },
      },
    ]);
    expect(parsed.inbound).toEqual([
      {
        vendorMessageId: 'in-1',
        from: '+919845012345',
        at: new Date(1_760_000_002_000),
        type: 'text',
        text: 'Paid already',
      },
    ]);
  });
});
