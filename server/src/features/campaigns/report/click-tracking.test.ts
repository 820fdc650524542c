import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { campaignClicks } from '../../../db/schema/campaigns';
import { as, createTenant, type Tenant, type TestContext } from '../../../../test/test-app';
import { clickToken, readClickToken, trackingValues } from './click-tracking';
import {
  insertCampaign,
  insertCampaignBroadcast,
  insertRecipient,
  insertRun,
  reportContext,
  sandboxChannel,
} from './report-test-kit';

/**
 * Click tracking: the send guard's hook puts a token into a campaign message's tracked URL
 * buttons, and GET /c/<token> records the click and sends the customer on to the address the
 * recipient's values hold.
 */
let context: TestContext;
let tenant: Tenant;
let channel: { id: string };

const PUBLIC_URL = 'http://parley.test';
const components = [
  { type: 'BODY', text: 'Hello {{1}}', example: { body_text: [['Asha']] } },
  {
    type: 'BUTTONS',
    buttons: [
      { type: 'QUICK_REPLY', text: 'Stop' },
      { type: 'URL', text: 'Shop', url: `${PUBLIC_URL}/c/{{1}}`, example: [`${PUBLIC_URL}/c/x`] },
      { type: 'URL', text: 'Help', url: 'https://help.example.com/{{1}}', example: ['https://help.example.com/a'] },
    ],
  },
  {
    type: 'CAROUSEL',
    cards: [1, 2].map(() => ({
      components: [
        { type: 'HEADER', format: 'IMAGE' },
        { type: 'BODY', text: 'Card' },
        {
          type: 'BUTTONS',
          buttons: [{ type: 'URL', text: 'See', url: `${PUBLIC_URL}/c/{{1}}`, example: [`${PUBLIC_URL}/c/x`] }],
        },
      ],
    })),
  },
];

const values = (shop: string) => ({
  body: { '1': 'Asha' },
  buttons: { '1': shop, '2': 'faq' },
  cards: [{ buttons: { '0': 'https://shop.example.com/card-one' } }, { buttons: {} }],
});

let campaign: { id: string; activityId: string; enterpriseId: string };
let main: { id: string; enterpriseId: string; channelId: string };
let shopper: { id: string };
let attacker: { id: string };
let tester: { id: string };

const open = (token: string, method: 'GET' | 'HEAD' = 'GET') =>
  context.app.inject({ method, url: `/c/${token}`, headers: { 'user-agent': 'WhatsApp/2.24' } });
const clicksOf = (recipientId: string) =>
  context.database.db.select().from(campaignClicks).where(eq(campaignClicks.recipientId, recipientId));

beforeAll(async () => {
  context = await reportContext();
  const db = context.database.db;
  tenant = await createTenant(context);
  channel = await sandboxChannel(context, tenant);
  campaign = await insertCampaign(db, { enterpriseId: tenant.enterpriseId, name: 'Winter sale' });
  const run = await insertRun(db, campaign, { occurrence: new Date() });
  const base = { enterpriseId: tenant.enterpriseId, channelId: channel.id, campaignId: campaign.id, components };
  main = await insertCampaignBroadcast(db, { ...base, runId: run.id, variant: 'A' });
  shopper = await insertRecipient(db, main, {
    phone: '+919812300001',
    state: 'accepted',
    status: 'delivered',
    values: values('https://shop.example.com/p/1?ref=winter'),
  });
  attacker = await insertRecipient(db, main, {
    phone: '+919812300002',
    state: 'accepted',
    values: values('javascript:alert(document.cookie)'),
  });
  const test = await insertCampaignBroadcast(db, { ...base, kind: 'test' });
  tester = await insertRecipient(db, test, {
    phone: '+919812300003',
    state: 'accepted',
    values: values('https://shop.example.com/p/1'),
  });
});

afterAll(async () => {
  await context?.close();
});

describe('click tokens', () => {
  it('names the recipient row and the button in 23 to 25 characters, and read back only as written', () => {
    const id = '0f8e2a4c-9b1d-4e6f-a7c3-5d2b8e1f0a9c';
    expect(clickToken(id, 1)).toMatch(/^[A-Za-z0-9_-]{22}1$/);
    expect(readClickToken(clickToken(id, 1))).toEqual({ recipientId: id, button: 1 });
    expect(readClickToken(clickToken(id, 21))).toEqual({ recipientId: id, button: 21 });
    const token = clickToken(id, 0);
    // The 22nd character carries 2 bits of padding: another spelling of the same bytes is refused.
    const twin = `${token.slice(0, 21)}${String.fromCharCode(token.charCodeAt(21) + 1)}0`;
    expect(readClickToken(twin)).toBeNull();
    expect(readClickToken('short1')).toBeNull();
    expect(readClickToken(`${token.slice(0, 22)}999`)).toBeNull();
  });
});

describe('tracking values (the send guard hook)', () => {
  it("puts tokens into the campaign's tracked URL buttons, on the template and on cards", async () => {
    const hook = trackingValues(context.database.db, { publicUrl: PUBLIC_URL });
    const result = await hook({ id: main.id }, [{ id: shopper.id, values: values('https://shop.example.com/p/1') }]);
    expect(result.get(shopper.id)).toEqual({
      body: { '1': 'Asha' },
      // Button 1 links to our tracking address; button 2 goes elsewhere and keeps its value.
      buttons: { '1': clickToken(shopper.id, 1), '2': 'faq' },
      // Card 1's button has a value; card 2's has none and stays as it is.
      cards: [{ buttons: { '0': clickToken(shopper.id, 10) } }, { buttons: {} }],
    });
  });

  it('leaves test sends, campaigns without click tracking and other broadcasts alone', async () => {
    const db = context.database.db;
    const hook = trackingValues(db, { publicUrl: PUBLIC_URL });
    const rows = [{ id: tester.id, values: values('https://shop.example.com/p/1') }];
    const testBroadcast = await insertCampaignBroadcast(db, {
      enterpriseId: tenant.enterpriseId,
      channelId: channel.id,
      campaignId: campaign.id,
      kind: 'test',
      components,
    });
    expect((await hook({ id: testBroadcast.id }, rows)).size).toBe(0);
    const untracked = await insertCampaign(db, {
      enterpriseId: tenant.enterpriseId,
      name: 'Plain',
      trackClicks: false,
    });
    const plain = await insertCampaignBroadcast(db, {
      enterpriseId: tenant.enterpriseId,
      channelId: channel.id,
      campaignId: untracked.id,
      components,
    });
    expect((await hook({ id: plain.id }, rows)).size).toBe(0);
    const broadcast = await insertCampaignBroadcast(db, {
      enterpriseId: tenant.enterpriseId,
      channelId: channel.id,
      components,
    });
    expect((await hook({ id: broadcast.id }, rows)).size).toBe(0);
    // Another server's address is not ours to track.
    const elsewhere = trackingValues(db, { publicUrl: 'https://other.example.com' });
    expect((await elsewhere({ id: main.id }, rows)).size).toBe(0);
  });
});

describe('GET /c/:token', () => {
  it('records the click and redirects to the recipient’s address', async () => {
    const response = await open(clickToken(shopper.id, 1));
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('https://shop.example.com/p/1?ref=winter');
    const card = await open(clickToken(shopper.id, 10));
    expect(card.headers.location).toBe('https://shop.example.com/card-one');
    const clicks = await clicksOf(shopper.id);
    expect(clicks.map((click) => [click.campaignId, click.button, click.url]).sort()).toEqual([
      [campaign.id, 1, 'https://shop.example.com/p/1?ref=winter'],
      [campaign.id, 10, 'https://shop.example.com/card-one'],
    ]);
  });

  it('does not count a HEAD request (a link checker) as a click', async () => {
    const before = (await clicksOf(shopper.id)).length;
    const response = await open(clickToken(shopper.id, 1), 'HEAD');
    expect(response.statusCode).toBe(302);
    expect((await clicksOf(shopper.id)).length).toBe(before);
  });

  it('shows the clicks in the report: clicked once per recipient, clicks by address', async () => {
    await open(clickToken(shopper.id, 1));
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/campaigns/${campaign.id}/stats`,
      headers: as(tenant.token),
    });
    const stats = response.json().data;
    expect(stats.funnel.clicked).toBe(1);
    expect(stats.clicksByUrl).toEqual([
      { url: 'https://shop.example.com/p/1?ref=winter', clicks: 2, uniqueClicks: 1 },
      { url: 'https://shop.example.com/card-one', clicks: 1, uniqueClicks: 1 },
    ]);
  });

  it('answers a plain 404 page, never a redirect, for unknown tokens', async () => {
    for (const token of [clickToken(crypto.randomUUID(), 1), 'not-a-token', clickToken(shopper.id, 5)]) {
      const response = await open(token);
      expect(response.statusCode).toBe(404);
      expect(response.headers.location).toBeUndefined();
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('Link not found');
    }
  });

  it('refuses a destination that is not http or https (javascript:) and records nothing', async () => {
    const response = await open(clickToken(attacker.id, 1));
    expect(response.statusCode).toBe(404);
    expect(response.headers.location).toBeUndefined();
    expect(await clicksOf(attacker.id)).toEqual([]);
  });

  it('does not track test sends', async () => {
    const response = await open(clickToken(tester.id, 1));
    expect(response.statusCode).toBe(404);
    expect(await clicksOf(tester.id)).toEqual([]);
  });
});
