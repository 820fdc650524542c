import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activity, Campaign, CampaignStats } from '@parley/contracts/campaigns';
import type { SandboxMessage } from '@parley/contracts/channels';
import { createTenant, createTestApp, type Tenant, type TestContext } from '../../../../test/test-app';
import { addCustomers, addSegment, caller, campaignBody, createTemplate, sandboxChannel } from '../campaign-test-kit';

/**
 * The report's story end to end: a campaign with a tracked URL button goes out through the
 * broadcast pipeline to a Sandbox phone, the customer taps the button (our /c/ link, redirected
 * to their own address) and answers; the report shows the click and the reply.
 */
const PUBLIC_URL = 'https://parley.test';
let context: TestContext;
let call: ReturnType<typeof caller>;
let maker: Tenant;
let checker: Tenant;
let admin: Tenant;
let channel: { id: string };
let template: string;
let segment: string;

const asha = '+919845500001';

beforeAll(async () => {
  context = await createTestApp({
    withJobs: true,
    env: { PARLEY_SANDBOX_DELAY_SECONDS: '0', PUBLIC_URL },
  });
  call = caller(context);
  maker = await createTenant(context, { roles: [4] });
  checker = await createTenant(context, { enterpriseId: maker.enterpriseId, roles: [5] });
  admin = await createTenant(context, { enterpriseId: maker.enterpriseId });
  channel = await sandboxChannel(context, admin);
  template = await createTemplate(context, admin, {
    channelId: channel.id,
    name: 'tracked_offer',
    language: 'en_US',
    category: 'MARKETING',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Offer {{1}}', example: { header_text: ['#1'] } },
      { type: 'BODY', text: 'Hi {{1}}, your tier is {{2}}.', example: { body_text: [['Asha', 'gold']] } },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'QUICK_REPLY', text: 'Stop' },
          { type: 'URL', text: 'Open', url: `${PUBLIC_URL}/c/{{1}}`, example: [`${PUBLIC_URL}/c/abc`] },
        ],
      },
    ],
  });
  const ids = await addCustomers(context.database.db, maker.enterpriseId, [{ name: 'Asha Rao', phone: asha }]);
  segment = await addSegment(context.database.db, maker.enterpriseId, 'Tracked', [...ids.values()]);
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

describe('a tracked campaign through the Sandbox', () => {
  it('sends our link, redirects the tap to the customer’s address, and reports the click and the reply', async () => {
    const body = campaignBody(channel.id, template, { segmentIds: [segment] }, { name: 'Tracked offer' });
    body.variants[0]!.columnMapping = [
      { variable: 'header.1', type: 'static', value: '#7' },
      { variable: 'body.1', type: 'column', value: 'name' },
      { variable: 'body.2', type: 'static', value: 'gold' },
      { variable: 'button1', type: 'expression', value: 'https://shop.example.com/offer?who={{name}}' },
    ];
    const created = await call<{ campaign: Campaign }>(maker, 'POST', '/api/campaigns', body);
    expect(created.statusCode, JSON.stringify(created.body)).toBe(200);
    const campaignId = created.body.data.campaign.id;
    const submitted = await call<{ activity: Activity }>(maker, 'POST', `/api/campaigns/${campaignId}/submit`);
    const activityId = submitted.body.data.activity.id;
    expect((await call(checker, 'POST', `/api/campaigns/activities/${activityId}/approve`)).statusCode).toBe(200);
    expect((await call(checker, 'POST', `/api/campaigns/activities/${activityId}/start`)).statusCode).toBe(200);

    const thread = await waitFor(
      async () =>
        (
          await call<{ messages: SandboxMessage[] }>(
            admin,
            'GET',
            `/api/sandbox/channels/${channel.id}/conversations/${asha}`,
          )
        ).body.data?.messages ?? [],
      (messages) => messages.length > 0,
    );
    expect(thread).toHaveLength(1);
    // The phone got a token for the button, not the address: the link is ours.
    const token = (thread[0]!.content as { values: { buttons: Record<string, string> } }).values.buttons['1']!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}1$/);

    const tap = await context.app.inject({ method: 'GET', url: `/c/${token}` });
    expect(tap.statusCode).toBe(302);
    expect(tap.headers.location).toBe('https://shop.example.com/offer?who=Asha%20Rao');

    const reply = await call(admin, 'POST', `/api/sandbox/channels/${channel.id}/conversations/${asha}/replies`, {
      text: 'Is it still on?',
    });
    expect(reply.statusCode).toBe(200);

    const stats = await waitFor(
      async () => (await call<CampaignStats>(checker, 'GET', `/api/campaigns/${campaignId}/stats`)).body.data,
      (value) => value.funnel.replied === 1,
    );
    expect(stats.funnel).toMatchObject({ targeted: 1, sent: 1, replied: 1, clicked: 1 });
    expect(stats.clicksByUrl).toEqual([
      { url: 'https://shop.example.com/offer?who=Asha%20Rao', clicks: 1, uniqueClicks: 1 },
    ]);
  }, 60_000);
});
