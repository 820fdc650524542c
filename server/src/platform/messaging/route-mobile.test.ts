import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeRouteMobile, type FakeRouteMobile } from '../../../test/fake-vendors/route-mobile';
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
        header: [{ document: { link: 'https://cdn.example/pass.pdf', filename: 'pass.pdf' } }],
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

  it('reports refused credentials, refused requests, throttling, 5xx, the closed window and timeouts', async () => {
    const wrong = testChannel(17, { ...fake.credentials(), password: 'guess' });
    const auth = await rejection(adapter().sendTemplate(wrong, boarding));
    expect(auth).toMatchObject({ kind: 'auth', code: 'HTTP 401' });
    expect(auth.message).toBe(
      'Route Mobile refused the username or password (HTTP 401): unable to process request: Invalid username or password',
    );

    const cases = [
      ['permanent', 'permanent', 'HTTP 422'],
      ['throughput', 'retryable', 'HTTP 429'],
      ['maintenance', 'retryable', 'HTTP 503'],
      ['server', 'retryable', 'HTTP 500'],
      ['outsideWindow', 'outside_window', '131047'],
    ] as const;
    const rm = adapter();
    for (const [failure, kind, code] of cases) {
      fake.failNext(failure, { path: '/wba/' });
      expect(await rejection(rm.sendTemplate(channel(), boarding)), failure).toMatchObject({ kind, code });
    }
    const refused = await rejection(
      (async () => {
        fake.failNext('permanent', { path: '/wba/' });
        return rm.sendTemplate(channel(), boarding);
      })(),
    );
    expect(refused.message).toContain('template_name: Template not found');

    fake.failNext('hang', { path: '/wba/' });
    expect(await rejection(rm.sendTemplate(channel(), boarding))).toMatchObject({ kind: 'retryable', code: 'timeout' });
  });

  it('refuses carousels rather than sending something Route Mobile does not document', async () => {
    const error = await rejection(
      adapter().sendTemplate(channel(), {
        ...boarding,
        template: {
          ...boarding.template,
          components: [
            { type: 'BODY', text: 'Deals' },
            {
              type: 'CAROUSEL',
              cards: [
                {
                  components: [
                    {
                      type: 'HEADER',
                      format: 'IMAGE',
                      media: { url: 'https://c.example/1.png', fileName: '', contentType: '' },
                    },
                  ],
                },
              ],
            },
          ],
        },
        values: {},
      }),
    );
    expect(error.message).toBe('Route Mobile has no documented way to send carousel templates through its API');
    expect(fake.requests).toHaveLength(0);
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

  it('reads status and inbound callbacks, accepting POST only', () => {
    const rm = adapter();
    expect(rm.verifyWebhook(channel(), webhookPost({}))).toEqual({ kind: 'accept' });
    expect(
      rm.verifyWebhook(channel(), { method: 'GET', headers: {}, query: {}, rawBody: Buffer.alloc(0) }),
    ).toMatchObject({
      kind: 'reject',
      status: 400,
    });
    const statuses = rm.parseWebhook(
      channel(),
      webhookPost({
        statuses: [
          { id: 'req-1', recipient_id: '919845012345', status: 'read', timestamp: '1760000000' },
          {
            id: 'req-2',
            recipient_id: '919845012345',
            status: 'failed',
            timestamp: '1760000001',
            errors: [{ code: 131026, title: 'Receiver is incapable of receiving this message' }],
          },
        ],
      }),
    );
    expect(statuses.statuses).toEqual([
      { vendorMessageId: 'req-1', status: 'read', at: new Date(1_760_000_000_000), recipient: '+919845012345' },
      {
        vendorMessageId: 'req-2',
        status: 'failed',
        at: new Date(1_760_000_001_000),
        recipient: '+919845012345',
        error: { code: '131026', title: 'Receiver is incapable of receiving this message' },
      },
    ]);
    const inbound = rm.parseWebhook(
      channel(),
      webhookPost({
        contacts: [{ profile: { name: 'Asha' }, wa_id: '919845012345' }],
        messages: [
          {
            from: '919845012345',
            id: 'in-1',
            timestamp: '1760000002',
            type: 'button',
            button: { text: 'Yes', payload: 'YES' },
          },
        ],
      }),
    );
    expect(inbound.inbound).toMatchObject([
      { vendorMessageId: 'in-1', type: 'button', text: 'Yes', buttonPayload: 'YES', name: 'Asha' },
    ]);
  });
});
