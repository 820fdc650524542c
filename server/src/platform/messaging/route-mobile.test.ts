import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  routeMobileStatusCallback,
  routeMobileTemplateCallback,
  startFakeRouteMobile,
  type FakeRouteMobile,
} from '../../../test/fake-vendors/route-mobile';
import { rejection, testChannel, webhookPost } from '../../../test/fake-vendors/test-channel';
import { createOutboundHttp } from '../outbound-http';
import { createRouteMobileAdapter } from './route-mobile';
import type { TemplateMessage } from './vendor-adapter';

let fake: FakeRouteMobile;
const http = createOutboundHttp({ allow: ['127.0.0.1'], timeoutMs: 500 });

beforeAll(async () => {
  fake = await startFakeRouteMobile();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const channel = () => testChannel(17, fake.credentials());
const adapter = () => createRouteMobileAdapter({ http, baseUrl: fake.url });

const boarding: TemplateMessage = {
  to: '+91 98450 12345',
  template: {
    name: 'boarding_pass_update',
    language: 'en',
    category: 'UTILITY',
    parameterFormat: 'POSITIONAL',
    vendorTemplateId: null,
    components: [
      {
        type: 'HEADER',
        format: 'DOCUMENT',
        media: { url: 'https://cdn.example/pass.pdf', fileName: 'pass.pdf', contentType: 'application/pdf' },
      },
      { type: 'BODY', text: 'Hi {{1}}, your gate is {{2}}.' },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'URL', text: 'Check in', url: 'https://air.example/c/{{1}}', example: ['https://air.example/c/x'] },
        ],
      },
    ],
  },
  values: { body: { '1': 'Asha', '2': 'B12' }, buttons: { '0': 'PNR42' } },
};

describe('Route Mobile adapter', () => {
  it('logs in once, then sends the media_template body with the bare JWT and returns the request id', async () => {
    const rm = adapter();
    const first = await rm.sendTemplate(channel(), boarding);
    await rm.sendTemplate(channel(), boarding);
    const logins = fake.requests.filter((request) => request.path === '/auth/v1/login/');
    expect(logins).toHaveLength(1);
    expect(logins[0]!.json).toEqual({ username: fake.username, password: fake.password });
    const send = fake.last('/wba/v1/messages')!;
    expect(send.headers.authorization).toBe(fake.issued[0]);
    expect(send.json).toEqual({
      phone: '+919845012345',
      media: {
        type: 'media_template',
        template_name: 'boarding_pass_update',
        lang_code: 'en',
        header: [{ document: { link: 'https://cdn.example/pass.pdf', file_name: 'pass.pdf' } }],
        body: [{ text: 'Asha' }, { text: 'B12' }],
        button: [{ button_no: '0', url: 'PNR42' }],
      },
    });
    expect(first.vendorMessageId).toBe(fake.sent[0]!.requestId);
  });

  it('logs in again once when the token is refused, and renews a token about to expire', async () => {
    const rm = adapter();
    await rm.sendSession(channel(), { kind: 'text', to: '+919845012345', text: 'Hello' });
    fake.expireTokens();
    const result = await rm.sendSession(channel(), { kind: 'text', to: '+919845012345', text: 'Again' });
    expect(result.vendorMessageId).toBe(fake.sent[1]!.requestId);
    expect(fake.requests.map((request) => request.path)).toEqual([
      '/auth/v1/login/',
      '/wba/v1/messages',
      '/wba/v1/messages',
      '/auth/v1/login/',
      '/wba/v1/messages',
    ]);
    expect(fake.last()!.json).toEqual({ phone: '+919845012345', text: 'Again' });

    const shortLived = await startFakeRouteMobile({ tokenTtlSeconds: 120 });
    try {
      const short = createRouteMobileAdapter({ http, baseUrl: shortLived.url });
      const shortChannel = testChannel(17, shortLived.credentials());
      await short.sendSession(shortChannel, { kind: 'text', to: '+919845012345', text: 'one' });
      await short.sendSession(shortChannel, { kind: 'text', to: '+919845012345', text: 'two' });
      // A token within five minutes of its expiry is not used: each send logs in.
      expect(shortLived.issued).toHaveLength(2);
    } finally {
      await shortLived.close();
    }
  });

  it('reports refused credentials, refused requests, throttling, 5xx and timeouts', async () => {
    const wrong = testChannel(17, { ...fake.credentials(), password: 'guess' });
    const auth = await rejection(adapter().sendTemplate(wrong, boarding));
    expect(auth).toMatchObject({ kind: 'auth', code: 'HTTP 403' });
    expect(auth.message).toBe(
      'Route Mobile refused the username or password (HTTP 403): invalid credentials or the account has been deactivated',
    );

    const cases = [
      ['permanent', 'permanent', 'HTTP 400'],
      ['throughput', 'retryable', 'HTTP 429'],
      ['maintenance', 'retryable', 'HTTP 503'],
      ['server', 'retryable', 'HTTP 500'],
    ] as const;
    const rm = adapter();
    for (const [failure, kind, code] of cases) {
      fake.failNext(failure, { path: '/wba/' });
      expect(await rejection(rm.sendTemplate(channel(), boarding)), failure).toMatchObject({ kind, code });
    }
    fake.failNext('permanent', { path: '/wba/' });
    const refused = await rejection(rm.sendTemplate(channel(), boarding));
    expect(refused.message).toBe(
      'Route Mobile refused the message (HTTP 400): please check API docs for more info: media.lang_code: Shorter than minimum length 2.',
    );

    fake.failNext('hang', { path: '/wba/' });
    expect(await rejection(rm.sendTemplate(channel(), boarding))).toMatchObject({ kind: 'retryable', code: 'timeout' });
  });

  it('learns of a closed 24-hour window from the failed status callback, not from the send', async () => {
    const rm = adapter();
    fake.failNext('outsideWindow', { path: '/wba/' });
    const sent = await rm.sendSession(channel(), { kind: 'text', to: '+919845012345', text: 'Are you there?' });
    expect(sent.vendorMessageId).toBe(fake.sent[0]!.requestId);
    const parsed = rm.parseWebhook(channel(), webhookPost(fake.callbacks[0]));
    expect(parsed.statuses).toMatchObject([
      {
        vendorMessageId: sent.vendorMessageId,
        status: 'failed',
        recipient: '+919845012345',
        error: { code: '470', title: 'Re-engagement message' },
      },
    ]);
  });

  it('sends carousels and limited-time offers in the documented carousel and limited_time fields', async () => {
    const rm = adapter();
    await rm.sendTemplate(channel(), {
      ...boarding,
      template: {
        ...boarding.template,
        name: 'summer_cards',
        components: [
          { type: 'BODY', text: 'Get {{1}} off' },
          {
            type: 'CAROUSEL',
            cards: [1, 2].map((n) => ({
              components: [
                {
                  type: 'HEADER' as const,
                  format: 'IMAGE' as const,
                  media: { url: `https://c.example/${n}.png`, fileName: '', contentType: '' },
                },
                { type: 'BODY' as const, text: `Card ${n}: code {{1}}` },
                {
                  type: 'BUTTONS' as const,
                  buttons: [
                    { type: 'QUICK_REPLY' as const, text: 'More' },
                    {
                      type: 'URL' as const,
                      text: 'Shop',
                      url: 'https://shop.example/{{1}}',
                      example: ['https://shop.example/a'],
                    },
                  ],
                },
              ],
            })),
          },
        ],
      },
      values: {
        body: { '1': '15%' },
        cards: [
          { body: { '1': 'SUN10' }, buttons: { '0': 'more-1', '1': 'lemons' } },
          { body: { '1': 'SUN20' }, buttons: { '1': 'limes' } },
        ],
      },
    });
    expect(fake.last('/wba/v1/messages')!.json).toEqual({
      phone: '+919845012345',
      media: {
        type: 'media_template',
        template_name: 'summer_cards',
        lang_code: 'en',
        body: [{ text: '15%' }],
        carousel: [
          {
            type: 'image',
            url: 'https://c.example/1.png',
            body: [{ text: 'SUN10' }],
            button: [
              { button_no: '0', payload: 'more-1' },
              { button_no: '1', url: 'lemons' },
            ],
          },
          {
            type: 'image',
            url: 'https://c.example/2.png',
            body: [{ text: 'SUN20' }],
            button: [
              { button_no: '0', payload: 'More' },
              { button_no: '1', url: 'limes' },
            ],
          },
        ],
      },
    });

    await rm.sendTemplate(channel(), {
      ...boarding,
      template: {
        ...boarding.template,
        name: 'flash_sale',
        components: [
          { type: 'LIMITED_TIME_OFFER', limited_time_offer: { text: 'Ends soon', has_expiration: true } },
          { type: 'BODY', text: 'Hi {{1}}' },
          {
            type: 'BUTTONS',
            buttons: [
              { type: 'COPY_CODE', example: 'CARIBE25' },
              { type: 'URL', text: 'Book', url: 'https://air.example/deals' },
            ],
          },
        ],
      },
      values: { body: { '1': 'Pablo' }, buttons: { '0': 'CARIBE26' }, offerExpiresAt: 1_702_373_850_000 },
    });
    expect(fake.last('/wba/v1/messages')!.json).toEqual({
      phone: '+919845012345',
      media: {
        type: 'media_template',
        template_name: 'flash_sale',
        lang_code: 'en',
        body: [{ text: 'Pablo' }],
        limited_time: [{ expiration_time: 1_702_373_850_000, button: [{ button_no: '0', coupon_code: 'CARIBE26' }] }],
      },
    });
  });

  it('sends text headers, offer codes and session media with the file name Route Mobile requires', async () => {
    const rm = adapter();
    await rm.sendTemplate(channel(), {
      ...boarding,
      template: {
        ...boarding.template,
        name: 'coupon_code',
        components: [
          { type: 'HEADER', format: 'TEXT', text: 'Hello {{1}}' },
          { type: 'BODY', text: 'Use the code below' },
          { type: 'BUTTONS', buttons: [{ type: 'COPY_CODE', example: 'DUSSHERA23' }] },
        ],
      },
      values: { header: { '1': 'Sir' } },
    });
    expect(fake.last('/wba/v1/messages')!.json).toMatchObject({
      media: { header: [{ text: 'Sir' }], button: [{ button_no: '0', coupon_code: 'DUSSHERA23' }] },
    });

    await rm.sendSession(channel(), {
      kind: 'media',
      to: '+919845012345',
      mediaType: 'image',
      url: 'https://cdn.example/photos/shoe%20red.jpg?v=2',
      fileName: '',
      caption: 'Your pick',
    });
    expect(fake.last('/wba/v1/messages')!.json).toEqual({
      phone: '+919845012345',
      media: {
        type: 'image',
        url: 'https://cdn.example/photos/shoe%20red.jpg?v=2',
        file: 'shoe red.jpg',
        caption: 'Your pick',
      },
    });
    await rm.sendSession(channel(), {
      kind: 'media',
      to: '+919845012345',
      mediaType: 'audio',
      url: 'https://cdn.example/note.mp3',
      fileName: 'note.mp3',
      caption: 'ignored',
    });
    expect(fake.last('/wba/v1/messages')!.json).toEqual({
      phone: '+919845012345',
      media: { type: 'audio', url: 'https://cdn.example/note.mp3', file: 'note.mp3' },
    });
  });

  it('tests the connection with a login', async () => {
    expect(await adapter().testConnection!(channel())).toEqual({
      ok: true,
      message: `Logged in to Route Mobile as ${fake.username}`,
    });
    const refused = await adapter().testConnection!(testChannel(17, { ...fake.credentials(), password: 'x' }));
    expect(refused.ok).toBe(false);
    expect(refused.message).toContain('Route Mobile refused the username or password');
  });

  it('reads the documented status, template and inbound callbacks, accepting POST only', () => {
    const rm = adapter();
    expect(rm.verifyWebhook(channel(), webhookPost({}))).toEqual({ kind: 'accept' });
    expect(
      rm.verifyWebhook(channel(), { method: 'GET', headers: {}, query: {}, rawBody: Buffer.alloc(0) }),
    ).toMatchObject({
      kind: 'reject',
      status: 400,
    });

    const delivered = routeMobileStatusCallback('5a9f3040-85ae-11ec-8168-0242ac120002', 'delivered', {
      timestamp: 1_643_974_443,
    });
    const read = {
      display_no: '919321820000',
      ...routeMobileStatusCallback('req-1', 'read', { timestamp: 1_760_000_000 }),
    };
    const failedReport = routeMobileStatusCallback('req-2', 'failed', {
      timestamp: 1_760_000_001,
      error: { code: 131026, title: 'Message Undeliverable' },
    });
    const statuses = rm.parseWebhook(channel(), webhookPost([delivered, read, failedReport]));
    expect(statuses.statuses).toEqual([
      {
        vendorMessageId: '5a9f3040-85ae-11ec-8168-0242ac120002',
        status: 'delivered',
        at: new Date(1_643_974_443_000),
        recipient: '+919845012345',
      },
      { vendorMessageId: 'req-1', status: 'read', at: new Date(1_760_000_000_000), recipient: '+919845012345' },
      {
        vendorMessageId: 'req-2',
        status: 'failed',
        at: new Date(1_760_000_001_000),
        recipient: '+919845012345',
        error: { code: '131026', title: 'Message Undeliverable' },
      },
    ]);
    expect(statuses.templates).toEqual([]);

    const approved = rm.parseWebhook(
      channel(),
      webhookPost(
        routeMobileTemplateCallback({ name: 'welcome', id: '640099017215001', language: 'en', status: 'APPROVED' }),
      ),
    );
    expect(approved).toEqual({
      statuses: [],
      inbound: [],
      templates: [{ status: 'APPROVED', vendorTemplateId: '640099017215001', name: 'welcome', language: 'en' }],
    });
    const paused = rm.parseWebhook(
      channel(),
      webhookPost(
        routeMobileTemplateCallback({
          name: 'abc__1',
          id: '640099017215002',
          language: 'en',
          status: 'PAUSED',
          description: 'Your WhatsApp message template has been paused for 3 hours because it had issues.',
        }),
      ),
    );
    expect(paused.templates).toEqual([
      {
        status: 'PAUSED',
        vendorTemplateId: '640099017215002',
        name: 'abc__1',
        language: 'en',
        reason: 'Your WhatsApp message template has been paused for 3 hours because it had issues.',
      },
    ]);
    // A quality warning is not a status change of ours.
    const flagged = routeMobileTemplateCallback({ name: 'x', id: '1', language: 'en_US', status: 'FLAGGED' });
    expect(rm.parseWebhook(channel(), webhookPost(flagged))).toEqual({ statuses: [], inbound: [], templates: [] });

    const inbound = rm.parseWebhook(
      channel(),
      webhookPost([
        {
          messages: [
            {
              id: '6af19ee2-72d9-11ed-88f4-0a58a9fe0002',
              from: '919845012345',
              type: 'text',
              timestamp: '1670051363',
              text: { body: 'Hi' },
              message_id: 'wamid.HBgMOTE3MDQ1MzQ1Mjg1FQIAEhgg',
            },
          ],
          contacts: [{ profile: { name: 'Darryl' }, wa_id: '919845012345' }],
          brand_msisdn: '919000012345',
          request_id: '6af19ee2-72d9-11ed-88f4-0a58a9fe0c02',
        },
        {
          contacts: [{ profile: { name: 'Asha' }, wa_id: '919845012346' }],
          messages: [
            {
              button: { text: 'Buy Now' },
              context: { from: '919000012345', id: 'b7e984f4-94ad-11ec-b1f4-0a58a9fe0001' },
              from: '919845012346',
              id: 'd14b9dce-94ad-11ec-ad15-0242ac120001',
              timestamp: '1645623480',
              type: 'button',
            },
          ],
          brand_msisdn: '919000012345',
        },
        {
          apiKey: 'callback-key',
          messages: [
            {
              from: '919845012345',
              id: 'ABGGFlA5FpafAgo',
              image: {
                file: '/usr/local/wamedia/shared/b1cf38',
                id: 'b1c68f38-8734-4ad3-b4a1-ef0c10d00001',
                mime_type: 'image/jpeg',
                sha256: '29ed500fa64eb55fc19dc4124acb300e',
                caption: 'Check out my new phone!',
                media_url: 'https://apis.rmlconnect.net/wba/v1/media?media_id=fc233119&username=demo',
              },
              timestamp: '1521497954',
              type: 'image',
            },
            {
              from: '919845012345',
              id: 'ABGGFlA5FpafAgo6tHcN',
              timestamp: '1521827831',
              type: 'voice',
              voice: {
                id: '463eb7ec-ff4e-4d9b-b110-1879cbd00001',
                mime_type: 'audio/ogg; codecs=opus',
                media_url: 'https://apis.rmlconnect.net/wba/v1/media?media_id=463eb7ec&username=demo',
              },
            },
          ],
          brand_msisdn: '919000012345',
          request_id: 'aebeca32-f125-11eb-8c86-0242ac120001',
        },
        {
          contact_no: '919845012347',
          data: {
            contacts: [{ profile: { name: 'Justin' }, wa_id: '919845012347' }],
            messages: [
              {
                context: { referred_product: { catalog_id: '965968000000002', product_retailer_id: 'sku-1' } },
                from: '919845012347',
                id: 'ABEGkZgxFkqiBiDQ',
                text: { body: 'Is this in stock?' },
                timestamp: '1655377850',
                type: 'text',
              },
            ],
            brand_msisdn: '919000012345',
          },
          time: '2022-06-16 11:10:50.560600',
          source: 'FROM_CALLBACK',
        },
      ]),
    );
    expect(inbound.inbound).toEqual([
      {
        vendorMessageId: '6af19ee2-72d9-11ed-88f4-0a58a9fe0002',
        from: '+919845012345',
        name: 'Darryl',
        at: new Date(1_670_051_363_000),
        type: 'text',
        text: 'Hi',
      },
      {
        vendorMessageId: 'd14b9dce-94ad-11ec-ad15-0242ac120001',
        from: '+919845012346',
        name: 'Asha',
        at: new Date(1_645_623_480_000),
        type: 'button',
        text: 'Buy Now',
        reply: { kind: 'quick_reply', id: 'Buy Now', title: 'Buy Now' },
        context: { messageId: 'b7e984f4-94ad-11ec-b1f4-0a58a9fe0001', from: '919000012345' },
      },
      {
        vendorMessageId: 'ABGGFlA5FpafAgo',
        from: '+919845012345',
        at: new Date(1_521_497_954_000),
        type: 'image',
        text: 'Check out my new phone!',
        media: {
          id: 'b1c68f38-8734-4ad3-b4a1-ef0c10d00001',
          url: 'https://apis.rmlconnect.net/wba/v1/media?media_id=fc233119&username=demo',
          mimeType: 'image/jpeg',
          sha256: '29ed500fa64eb55fc19dc4124acb300e',
          caption: 'Check out my new phone!',
        },
      },
      {
        vendorMessageId: 'ABGGFlA5FpafAgo6tHcN',
        from: '+919845012345',
        at: new Date(1_521_827_831_000),
        type: 'audio',
        text: '',
        media: {
          id: '463eb7ec-ff4e-4d9b-b110-1879cbd00001',
          url: 'https://apis.rmlconnect.net/wba/v1/media?media_id=463eb7ec&username=demo',
          mimeType: 'audio/ogg; codecs=opus',
        },
      },
      {
        vendorMessageId: 'ABEGkZgxFkqiBiDQ',
        from: '+919845012347',
        name: 'Justin',
        at: new Date(1_655_377_850_000),
        type: 'text',
        text: 'Is this in stock?',
      },
    ]);
  });
});
