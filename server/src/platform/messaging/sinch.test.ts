import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeSinch, type FakeSinch } from '../../../test/fake-vendors/sinch';
import { rejection, testChannel, webhookPost } from '../../../test/fake-vendors/test-channel';
import { createOutboundHttp } from '../outbound-http';
import { createSinchAdapter, signSinchCallback } from './sinch';
import type { TemplateMessage } from './vendor-adapter';

let fake: FakeSinch;
const http = createOutboundHttp({ allow: ['127.0.0.1'], timeoutMs: 500 });

beforeAll(async () => {
  fake = await startFakeSinch();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const channel = (extra: Record<string, string> = {}) => testChannel(6, fake.credentials(extra));
const adapter = () => createSinchAdapter({ http, baseUrl: fake.url, authUrl: fake.url });

const offer: TemplateMessage = {
  to: '+44 7700 900123',
  template: {
    name: 'spring_offer',
    language: 'en_GB',
    category: 'MARKETING',
    parameterFormat: 'POSITIONAL',
    vendorTemplateId: 'spring_offer_v2',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Hello {{1}}' },
      { type: 'BODY', text: 'Your code {{1}} saves {{2}} today' },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'URL', text: 'Shop', url: 'https://shop.example/{{1}}', example: ['https://shop.example/x'] },
          { type: 'COPY_CODE', example: 'SPRING' },
          { type: 'QUICK_REPLY', text: 'Stop offers' },
          { type: 'QUICK_REPLY', text: 'Remind me' },
        ],
      },
    ],
  },
  values: {
    header: { '1': 'Sam' },
    body: { '1': 'SPRING10', '2': '10%' },
    buttons: { '0': 'spring', '1': 'SPRING10', '3': 'REMIND_7D' },
  },
};

describe('Sinch adapter', () => {
  it('fetches a client-credentials token once and sends a WHATSAPP channel template', async () => {
    const sinch = adapter();
    const result = await sinch.sendTemplate(channel(), offer);
    await sinch.sendSession(channel(), { kind: 'text', to: '+447700900123', text: 'Thanks!' });
    const tokenCalls = fake.requests.filter((request) => request.path === '/oauth2/token');
    expect(tokenCalls).toHaveLength(1);
    expect(tokenCalls[0]!.headers.authorization).toBe(
      `Basic ${Buffer.from(`${fake.keyId}:${fake.keySecret}`).toString('base64')}`,
    );
    expect(tokenCalls[0]!.form).toEqual({ grant_type: 'client_credentials' });

    const send = fake.requests.find((request) => request.path.endsWith('/messages:send'))!;
    expect(send.path).toBe(`/v1/projects/${fake.projectId}/messages:send`);
    expect(send.headers.authorization).toBe(`Bearer ${fake.issued[0]}`);
    expect(send.json).toEqual({
      app_id: fake.appId,
      recipient: { identified_by: { channel_identities: [{ channel: 'WHATSAPP', identity: '447700900123' }] } },
      message: {
        template_message: {
          channel_template: {
            WHATSAPP: {
              template_id: 'spring_offer_v2',
              language_code: 'en_GB',
              parameters: {
                'header[1]text': 'Sam',
                'body[1]text': 'SPRING10',
                'body[2]text': '10%',
                'button[0]url[1]text': 'spring',
                'button[1]copy_code[1]coupon_code': 'SPRING10',
                'button[2]quick_reply[1]payload': 'Stop offers',
                'button[3]quick_reply[1]payload': 'REMIND_7D',
              },
            },
          },
        },
      },
      channel_priority_order: ['WHATSAPP'],
    });
    expect(result.vendorMessageId).toBe(fake.sent[0]!.messageId);
    expect(fake.last()!.json).toMatchObject({ message: { text_message: { text: 'Thanks!' } } });
  });

  it('keys media headers and carousel cards, and sends a captioned image as a card', async () => {
    await adapter().sendTemplate(channel(), {
      to: '+447700900123',
      template: {
        name: 'cards',
        language: 'en',
        category: 'MARKETING',
        parameterFormat: 'POSITIONAL',
        vendorTemplateId: null,
        components: [
          { type: 'BODY', text: 'Pick one' },
          {
            type: 'CAROUSEL',
            cards: [0, 1].map((index) => ({
              components: [
                {
                  type: 'HEADER' as const,
                  format: 'IMAGE' as const,
                  media: { url: `https://c.example/${index}.png`, fileName: '', contentType: '' },
                },
                { type: 'BODY' as const, text: 'Only {{1}}' },
                { type: 'BUTTONS' as const, buttons: [{ type: 'QUICK_REPLY' as const, text: 'Want it' }] },
              ],
            })),
          },
        ],
      },
      values: { cards: [{ body: { '1': '£5' } }, { body: { '1': '£7' } }] },
    });
    const whatsapp = (
      fake.last()!.json as {
        message: { template_message: { channel_template: { WHATSAPP: { parameters: unknown } } } };
      }
    ).message.template_message.channel_template.WHATSAPP;
    expect(whatsapp).toMatchObject({ template_id: 'cards' });
    expect(whatsapp.parameters).toEqual({
      'carousel[0]header[1]image.link': 'https://c.example/0.png',
      'carousel[0]body[1]text': '£5',
      'carousel[0]button[0]quick_reply[1]payload': 'Want it',
      'carousel[1]header[1]image.link': 'https://c.example/1.png',
      'carousel[1]body[1]text': '£7',
      'carousel[1]button[0]quick_reply[1]payload': 'Want it',
    });

    await adapter().sendSession(channel(), {
      kind: 'media',
      to: '+447700900123',
      mediaType: 'image',
      url: 'https://c.example/a.png',
      fileName: 'a.png',
      caption: 'Your receipt',
    });
    expect(fake.last()!.json).toMatchObject({
      message: { card_message: { description: 'Your receipt', media_message: { url: 'https://c.example/a.png' } } },
    });
  });

  it('fetches a new token once when Sinch refuses the cached one', async () => {
    const sinch = adapter();
    const before = fake.issued.length;
    await sinch.sendSession(channel(), { kind: 'text', to: '+447700900123', text: 'one' });
    fake.revokeTokens();
    await sinch.sendSession(channel(), { kind: 'text', to: '+447700900123', text: 'two' });
    expect(fake.issued.length - before).toBe(2);
    expect(fake.last()!.headers.authorization).toBe(`Bearer ${fake.issued.at(-1)}`);
    expect(
      fake.sent.map((sent) => (sent.body.message as { text_message: { text: string } }).text_message.text),
    ).toEqual(['one', 'two']);
  });

  it('maps refused keys, bad requests, throttling, outages, the closed window and timeouts', async () => {
    const wrong = testChannel(6, fake.credentials({ keySecret: 'nope' }));
    const auth = await rejection(adapter().sendTemplate(wrong, offer));
    expect(auth).toMatchObject({ kind: 'auth', code: 'invalid_client', httpStatus: 401 });
    expect(auth.message).toBe('Sinch refused the key id and secret (invalid_client): Client authentication failed');

    const sinch = adapter();
    const cases = [
      ['permanent', 'permanent', 'INVALID_ARGUMENT'],
      ['throughput', 'retryable', 'RESOURCE_EXHAUSTED'],
      ['maintenance', 'retryable', 'UNAVAILABLE'],
      ['server', 'retryable', 'INTERNAL'],
      ['outsideWindow', 'outside_window', 'OUTSIDE_ALLOWED_SENDING_WINDOW'],
    ] as const;
    for (const [failure, kind, code] of cases) {
      fake.failNext(failure, { path: 'messages:send' });
      expect(await rejection(sinch.sendTemplate(channel(), offer)), failure).toMatchObject({ kind, code });
    }
    fake.failNext('hang', { path: 'messages:send' });
    expect(await rejection(sinch.sendTemplate(channel(), offer))).toMatchObject({ kind: 'retryable', code: 'timeout' });
  });

  it('tests the connection with a token and the app', async () => {
    expect(await adapter().testConnection!(channel())).toEqual({
      ok: true,
      message: 'Connected to the Sinch app Parley WhatsApp',
    });
    expect(fake.last()!.path).toBe(`/v1/projects/${fake.projectId}/apps/${fake.appId}`);
    const missing = await adapter().testConnection!(channel({ appId: 'other-app' }));
    expect(missing).toMatchObject({ ok: false });
    expect(missing.message).toContain('App other-app not found');
  });

  describe('callbacks', () => {
    const report = {
      app_id: '01FAKEAPP0000000000000000',
      accepted_time: '2026-01-05T10:00:00.000Z',
      event_time: '2026-01-05T10:00:02.000Z',
      project_id: 'p',
      message_delivery_report: {
        message_id: '01MSG',
        conversation_id: 'c',
        status: 'FAILED',
        channel_identity: { channel: 'WHATSAPP', identity: '447700900123', app_id: 'a' },
        contact_id: 'k',
        reason: { code: 'RECIPIENT_NOT_REACHABLE', description: 'The recipient cannot be reached' },
      },
    };

    it('accepts a signed callback and refuses a missing, tampered or stale signature', () => {
      const secret = 'hook-secret';
      const signed = channel({ webhookSecret: secret });
      const raw = JSON.stringify(report);
      const now = Math.floor(Date.now() / 1000);
      const good = signSinchCallback(secret, raw, 'nonce-1', now);
      expect(adapter().verifyWebhook(signed, webhookPost(raw, good))).toEqual({ kind: 'accept' });
      expect(adapter().verifyWebhook(signed, webhookPost(raw))).toMatchObject({ kind: 'reject', status: 401 });
      expect(adapter().verifyWebhook(signed, webhookPost(raw.replace('FAILED', 'READ'), good))).toMatchObject({
        kind: 'reject',
        reason: 'The signature does not match the body',
      });
      const stale = signSinchCallback(secret, raw, 'nonce-2', now - 6 * 60);
      expect(adapter().verifyWebhook(signed, webhookPost(raw, stale))).toMatchObject({
        kind: 'reject',
        reason: 'The signature timestamp is older than 5 minutes (a replayed callback?)',
      });
      // Without a webhook secret the URL key is the guard.
      expect(adapter().verifyWebhook(channel(), webhookPost(raw))).toEqual({ kind: 'accept' });
    });

    it('reads delivery reports and inbound messages', () => {
      const parsed = adapter().parseWebhook(channel(), webhookPost(report));
      expect(parsed.statuses).toEqual([
        {
          vendorMessageId: '01MSG',
          status: 'failed',
          at: new Date('2026-01-05T10:00:02.000Z'),
          recipient: '+447700900123',
          error: { code: 'RECIPIENT_NOT_REACHABLE', title: 'The recipient cannot be reached' },
        },
      ]);
      const queued = adapter().parseWebhook(
        channel(),
        webhookPost({
          ...report,
          message_delivery_report: { ...report.message_delivery_report, status: 'QUEUED_ON_CHANNEL' },
        }),
      );
      expect(queued.statuses[0]).toMatchObject({ status: 'sent' });

      const inbound = adapter().parseWebhook(
        channel(),
        webhookPost({
          app_id: 'a',
          event_time: '2026-01-05T10:01:00Z',
          message: {
            id: '01IN',
            direction: 'TO_APP',
            contact_message: { text_message: { text: 'Is my order coming?' } },
            channel_identity: { channel: 'WHATSAPP', identity: '447700900123', app_id: 'a' },
            accept_time: '2026-01-05T10:01:00Z',
          },
        }),
      );
      expect(inbound.inbound).toEqual([
        {
          vendorMessageId: '01IN',
          from: '+447700900123',
          at: new Date('2026-01-05T10:01:00Z'),
          type: 'text',
          text: 'Is my order coming?',
        },
      ]);
    });
  });
});
