import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel, ChannelMessage } from '@parley/contracts/channels';
import type { Template } from '@parley/contracts/templates';
import { as, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/test-app';
import { startFakeMeta, type FakeMeta, type FakeMetaAccount } from '../../../test/fake-vendors/meta';
import { channelMessageRows } from '../../../test/messaging-harness';
import {
  customer,
  messagesChange,
  metaMessage,
  metaStatus,
  metaWebhookBody,
  statusesChange,
  templateCategoryChange,
  templateStatusChange,
  usernameCustomer,
} from '../../../test/fake-vendors/meta-webhooks';

/**
 * Meta's documented webhook shapes, signed by the fake Cloud API as Meta signs them, through the
 * real webhook route: two numbers of one Meta app (one app secret, one webhook subscription), so
 * either number's callback URL receives the other's statuses and messages.
 */

let context: TestContext;
let admin: Tenant;
let meta: FakeMeta;
let first: FakeMetaAccount;
let second: FakeMetaAccount;
let channelA: Channel;
let channelB: Channel;
const CUSTOMER = '+919812345678';

type Body = { status: boolean; code?: number; message: string; data: Record<string, unknown> };
async function call(method: 'GET' | 'POST', url: string, payload?: object, token = admin.token) {
  const response = await context.app.inject({ method, url, headers: as(token), ...(payload ? { payload } : {}) });
  return { statusCode: response.statusCode, body: response.json() as Body, raw: response.body };
}

/** Meta POSTs a webhook body to a channel's callback URL, signed with the app secret. */
function deliver(channel: Channel, body: unknown) {
  const { payload, headers } = meta.signedWebhook(body);
  return context.app.inject({ method: 'POST', url: new URL(channel.webhookUrl).pathname, headers, payload });
}

async function createMetaChannel(name: string, account: FakeMetaAccount, tenant = admin) {
  const created = await call(
    'POST',
    '/api/channels',
    {
      name,
      type: 4,
      vendor: 19,
      data: { ...meta.credentials(account), contactId: account.displayPhoneNumber.replace(/\D/g, '') },
    },
    tenant.token,
  );
  expect(created.statusCode, created.raw).toBe(200);
  return created.body.data.channelConfig as Channel;
}

const rows = (channel: Channel, where: { vendorMessageId?: string; direction?: string } = {}) =>
  channelMessageRows(context.database.db, channel.id, where);

/** The customer writes to a channel's number (through its own URL), then Parley answers with a session text. */
async function sessionText(channel: Channel, account: FakeMetaAccount, text: string) {
  const answer = await deliver(
    channel,
    metaWebhookBody([
      {
        wabaId: account.wabaId,
        changes: [messagesChange(account, { from: CUSTOMER, contact: customer(CUSTOMER) }, [metaMessage.text('Hi')])],
      },
    ]),
  );
  expect(answer.statusCode, answer.body).toBe(200);
  const sent = await call('POST', `/api/channels/${channel.id}/messages`, { kind: 'text', to: CUSTOMER, text });
  expect(sent.statusCode, sent.raw).toBe(200);
  return sent.body.data as unknown as ChannelMessage;
}

/** One inbound message of `account`'s number, delivered to `channel`'s URL; answers the stored row's content. */
async function inboundTo(
  channel: Channel,
  account: FakeMetaAccount,
  message: Record<string, unknown>,
  sender: { from?: string; contact?: Record<string, unknown> } = { from: CUSTOMER, contact: customer(CUSTOMER) },
) {
  const body = metaWebhookBody([{ wabaId: account.wabaId, changes: [messagesChange(account, sender, [message])] }]);
  const id = String((body.entry[0]!.changes[0]!.value as { messages: { id: string }[] }).messages[0]!.id);
  const answer = await deliver(channel, body);
  return { answer, id };
}

beforeAll(async () => {
  // Two phone numbers of one Meta app: the same app secret signs both numbers' webhooks.
  meta = await startFakeMeta({
    accounts: [{}, { phoneNumberId: '106540352242999', displayPhoneNumber: '+91 98765 40000' }],
  });
  [first, second] = meta.accounts as [FakeMetaAccount, FakeMetaAccount];
  context = await createTestApp({
    env: {
      PARLEY_OUTBOUND_ALLOW: '127.0.0.1',
      PARLEY_VENDOR_BASE_URLS: JSON.stringify({ metaCloud: meta.baseUrl }),
    },
  });
  admin = await createTenant(context);
  channelA = await createMetaChannel('Number A', first);
  channelB = await createMetaChannel('Number B', second);
});
afterAll(async () => {
  await context?.close();
  await meta?.close();
});

describe('routing by the business number (metadata.phone_number_id)', () => {
  it("applies a status of number B that arrives at A's URL to B's message", async () => {
    const sent = await sessionText(channelB, second, 'Your order ships today');
    const answer = await deliver(
      channelA,
      metaWebhookBody([
        {
          wabaId: second.wabaId,
          changes: [statusesChange(second, [metaStatus(sent.vendorMessageId!, 'delivered', CUSTOMER)])],
        },
      ]),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const [row] = await rows(channelB, { vendorMessageId: sent.vendorMessageId! });
    expect(row!.status).toBe('delivered');
    expect(await rows(channelA, { vendorMessageId: sent.vendorMessageId! })).toHaveLength(0);
  });

  it("stores an inbound message of number B that arrives at A's URL under B", async () => {
    const { answer, id } = await inboundTo(channelA, second, metaMessage.text('Is this number B?'));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await rows(channelA, { vendorMessageId: id })).toHaveLength(0);
    const [row] = await rows(channelB, { vendorMessageId: id });
    expect(row).toMatchObject({
      direction: 'in',
      customerNumber: CUSTOMER,
      content: { type: 'text', text: 'Is this number B?' },
    });
  });

  it('routes each entry of one POST on its own', async () => {
    const sentA = await sessionText(channelA, first, 'From A');
    const sentB = await sessionText(channelB, second, 'From B');
    const changeA = statusesChange(first, [metaStatus(sentA.vendorMessageId!, 'read', CUSTOMER)]);
    const changeB = statusesChange(second, [metaStatus(sentB.vendorMessageId!, 'delivered', CUSTOMER)]);
    const inboundB = messagesChange(second, { from: CUSTOMER, contact: customer(CUSTOMER) }, [
      metaMessage.text('Thanks B'),
    ]);
    const answer = await deliver(
      channelB,
      metaWebhookBody([
        { wabaId: first.wabaId, changes: [changeA] },
        { wabaId: second.wabaId, changes: [changeB, inboundB] },
      ]),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await rows(channelA, { vendorMessageId: sentA.vendorMessageId! }))[0]!.status).toBe('read');
    expect((await rows(channelB, { vendorMessageId: sentB.vendorMessageId! }))[0]!.status).toBe('delivered');
    const inboundId = (inboundB.value.messages[0] as { id: string }).id;
    expect(await rows(channelB, { vendorMessageId: inboundId })).toHaveLength(1);
    expect(await rows(channelA, { vendorMessageId: inboundId })).toHaveLength(0);
  });

  it("refuses a number no channel of the enterprise has (even another enterprise's), storing the rest of the POST", async () => {
    const stranger = await createTenant(context);
    const foreign = { ...first, phoneNumberId: '777000111222333', displayPhoneNumber: '+91 90000 00000' };
    // Another enterprise's channel with that phone number id must not receive it either.
    const foreignChannel = await createMetaChannel('Theirs', foreign, stranger);
    const unknown = messagesChange(foreign, { from: CUSTOMER, contact: customer(CUSTOMER) }, [
      metaMessage.text('Lost?'),
    ]);
    const known = messagesChange(first, { from: CUSTOMER, contact: customer(CUSTOMER) }, [metaMessage.text('Kept')]);
    const answer = await deliver(channelA, metaWebhookBody([{ wabaId: first.wabaId, changes: [unknown, known] }]));
    expect(answer.statusCode).toBe(403);
    expect(answer.body).toContain('777000111222333');
    const unknownId = (unknown.value.messages[0] as { id: string }).id;
    const knownId = (known.value.messages[0] as { id: string }).id;
    expect(await rows(channelA, { vendorMessageId: unknownId })).toHaveLength(0);
    expect(await rows(foreignChannel, { vendorMessageId: unknownId })).toHaveLength(0);
    expect(await rows(channelA, { vendorMessageId: knownId })).toHaveLength(1);
    // Meta retries the refused POST: the part already stored stays stored once.
    expect(
      (await deliver(channelA, metaWebhookBody([{ wabaId: first.wabaId, changes: [unknown, known] }]))).statusCode,
    ).toBe(403);
    expect(await rows(channelA, { vendorMessageId: knownId })).toHaveLength(1);
  });
});

describe("inbound messages keep their content (Meta's documented types)", () => {
  const stored = async (
    message: Record<string, unknown>,
    sender?: { from?: string; contact?: Record<string, unknown> },
  ) => {
    const { answer, id } = await inboundTo(channelA, first, message, sender);
    expect(answer.statusCode, answer.body).toBe(200);
    const [row] = await rows(channelA, { vendorMessageId: id });
    expect(row).toBeDefined();
    return row!;
  };

  it('text, image, audio, video and document', async () => {
    expect((await stored(metaMessage.text('Hello'))).content).toMatchObject({
      type: 'text',
      text: 'Hello',
      name: 'Asha Rao',
    });
    expect(await stored(metaMessage.image('Broken seal'))).toMatchObject({
      kind: 'media',
      content: {
        type: 'image',
        text: 'Broken seal',
        media: { id: '1003383421387256', mimeType: 'image/jpeg', caption: 'Broken seal' },
      },
    });
    expect((await stored(metaMessage.audio())).content).toMatchObject({
      type: 'audio',
      media: { id: '1003383421387257', mimeType: 'audio/ogg; codecs=opus' },
    });
    expect((await stored(metaMessage.video('Unboxing'))).content).toMatchObject({ type: 'video', text: 'Unboxing' });
    expect((await stored(metaMessage.document('invoice.pdf'))).content).toMatchObject({
      type: 'document',
      text: 'invoice.pdf',
      media: { fileName: 'invoice.pdf', mimeType: 'application/pdf' },
    });
  });

  it('a sticker keeps its media id and type', async () => {
    expect(await stored(metaMessage.sticker(true))).toMatchObject({
      kind: 'media',
      content: {
        type: 'sticker',
        text: 'Sticker',
        media: { id: '1003383421387260', mimeType: 'image/webp', animated: true },
      },
    });
  });

  it('a location keeps latitude, longitude, name and address', async () => {
    const place = { latitude: 12.9716, longitude: 77.5946, name: 'Cubbon Park', address: 'Kasturba Road, Bengaluru' };
    expect(await stored(metaMessage.location(place))).toMatchObject({
      kind: 'location',
      content: { type: 'location', text: 'Cubbon Park, Kasturba Road, Bengaluru', location: place },
    });
    expect((await stored(metaMessage.location({ latitude: 28.6139, longitude: 77.209 }))).content).toMatchObject({
      text: 'Location 28.6139, 77.209',
      location: { latitude: 28.6139, longitude: 77.209 },
    });
  });

  it('shared contacts keep their cards', async () => {
    const row = await stored(metaMessage.contacts());
    expect(row).toMatchObject({
      kind: 'contacts',
      content: {
        type: 'contacts',
        text: 'Contact: Ravi Kumar',
        contacts: [
          {
            name: { formattedName: 'Ravi Kumar', firstName: 'Ravi', lastName: 'Kumar' },
            phones: [{ phone: '+91 98450 12345', type: 'MOBILE', waId: '919845012345' }],
            emails: [{ email: 'ravi@example.com', type: 'WORK' }],
            organization: { company: 'Kumar Traders', title: 'Owner' },
            birthday: '1990-04-12',
          },
        ],
      },
    });
  });

  it('a reaction keeps the message and the emoji; an empty emoji removes it', async () => {
    const sent = await sessionText(channelA, first, 'Your parcel is here');
    expect((await stored(metaMessage.reaction(sent.vendorMessageId!, '👍'))).content).toMatchObject({
      type: 'reaction',
      text: 'Reacted 👍',
      reaction: { messageId: sent.vendorMessageId, emoji: '👍' },
    });
    expect((await stored(metaMessage.reaction(sent.vendorMessageId!, ''))).content).toMatchObject({
      type: 'reaction',
      text: 'Removed a reaction',
      reaction: { messageId: sent.vendorMessageId, emoji: '' },
    });
  });

  it('quick-reply buttons, reply buttons and list rows keep what was chosen', async () => {
    expect(await stored(metaMessage.button('Track it', 'TRACK', 'wamid.template'))).toMatchObject({
      kind: 'interactive',
      content: {
        type: 'button',
        text: 'Track it',
        buttonPayload: 'TRACK',
        reply: { kind: 'quick_reply', id: 'TRACK', title: 'Track it' },
        context: { messageId: 'wamid.template' },
      },
    });
    expect((await stored(metaMessage.buttonReply('yes-1', 'Yes'))).content).toMatchObject({
      type: 'button',
      buttonPayload: 'yes-1',
      reply: { kind: 'button', id: 'yes-1', title: 'Yes' },
    });
    expect((await stored(metaMessage.listReply('slot-9', '9 am', 'Morning slot'))).content).toMatchObject({
      type: 'button',
      text: '9 am',
      reply: { kind: 'list', id: 'slot-9', title: '9 am', description: 'Morning slot' },
    });
  });

  it('a WhatsApp Flow reply keeps its response_json and flow token', async () => {
    const row = await stored(
      metaMessage.flowReply({ screen_0_name_0: 'Asha', screen_0_date_1: '2026-12-01' }, 'flow-token-42'),
    );
    expect(row).toMatchObject({
      kind: 'interactive',
      content: {
        type: 'flow',
        text: 'Sent',
        flow: {
          flowToken: 'flow-token-42',
          response: { screen_0_name_0: 'Asha', screen_0_date_1: '2026-12-01', flow_token: 'flow-token-42' },
        },
      },
    });
    expect(row.content).not.toHaveProperty('buttonPayload');
  });

  it('an order, a system notice and an unsupported message', async () => {
    expect((await stored(metaMessage.order())).content).toMatchObject({
      type: 'order',
      text: 'Order of 2 items: Deliver by Friday',
      order: {
        catalogId: '1537235710290183',
        items: [
          { productRetailerId: 'SKU-1', quantity: 2, itemPrice: 199.5, currency: 'INR' },
          { productRetailerId: 'SKU-2', quantity: 1, itemPrice: 49, currency: 'INR' },
        ],
      },
    });
    const notice = 'User Asha Rao changed from 919812345678 to 919812300000';
    expect((await stored(metaMessage.system(notice, '919812300000'), { from: CUSTOMER })).content).toMatchObject({
      type: 'system',
      text: notice,
      system: { kind: 'user_changed_number', newWaId: '919812300000' },
    });
    expect((await stored(metaMessage.unsupported())).content).toMatchObject({
      type: 'other',
      text: 'Unsupported message: Message type is currently not supported.',
      errors: [{ code: '131051', title: 'Message type unknown' }],
    });
  });

  it('a customer known only by a username is stored with their WhatsApp user id, not an empty number', async () => {
    const contact = usernameCustomer('IN.1502576394655843', 'maria.lopez');
    const withoutFrom = await stored(metaMessage.text('Hola'), { contact });
    expect(withoutFrom).toMatchObject({
      customerNumber: 'IN.1502576394655843',
      content: {
        type: 'text',
        text: 'Hola',
        name: 'Maria Lopez',
        sender: { userId: 'IN.1502576394655843', username: 'maria.lopez' },
      },
    });
    const fromUserId = await stored(metaMessage.text('Hola otra vez'), { from: 'IN.1502576394655843', contact });
    expect(fromUserId.customerNumber).toBe('IN.1502576394655843');
    // A phone number when WhatsApp gives one, with the user id beside it.
    const both = await stored(metaMessage.text('With number'), {
      from: CUSTOMER,
      contact: { ...customer(CUSTOMER), user_id: 'IN.99' },
    });
    expect(both).toMatchObject({ customerNumber: CUSTOMER, content: { sender: { phone: CUSTOMER, userId: 'IN.99' } } });
  });
});

describe('template status events (message_template_status_update)', () => {
  async function createTemplate(name: string, channel = channelA) {
    const created = await call('POST', '/api/templates', {
      channelId: channel.id,
      name,
      language: 'en_US',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Your order {{1}} is on its way', example: { body_text: [['#1042']] } }],
    });
    expect(created.statusCode, created.raw).toBe(200);
    return created.body.data as unknown as Template;
  }
  const read = async (id: string) => (await call('GET', `/api/templates/${id}`)).body.data as unknown as Template;
  const event = (template: Template, name: string, extra: Record<string, unknown> = {}) =>
    deliver(
      channelA,
      metaWebhookBody([
        {
          wabaId: first.wabaId,
          changes: [
            templateStatusChange({
              event: name,
              id: template.vendorTemplateId!,
              name: template.name,
              language: 'en_US',
              ...extra,
            }),
          ],
        },
      ]),
    );

  it('follows every documented event: PAUSED then REINSTATED ends APPROVED, ARCHIVED and PENDING_DELETION disable', async () => {
    const template = await createTemplate('order_moves');
    const steps: [string, string][] = [
      ['APPROVED', 'APPROVED'],
      ['FLAGGED', 'APPROVED'],
      ['PAUSED', 'PAUSED'],
      ['REINSTATED', 'APPROVED'],
      ['ARCHIVED', 'DISABLED'],
      ['UNARCHIVED', 'APPROVED'],
      ['IN_APPEAL', 'PENDING'],
      ['LIMIT_EXCEEDED', 'REJECTED'],
      ['DISABLED', 'DISABLED'],
      ['PENDING_DELETION', 'DISABLED'],
      ['DELETED', 'DISABLED'],
    ];
    for (const [name, status] of steps) {
      const answer = await event(template, name);
      expect(answer.statusCode, answer.body).toBe(200);
      expect({ name, status: (await read(template.id)).status }).toEqual({ name, status });
    }
  });

  it("takes Meta's category from the status event and from a category update", async () => {
    const template = await createTemplate('order_offer');
    await event(template, 'APPROVED', { category: 'MARKETING' });
    expect(await read(template.id)).toMatchObject({ status: 'APPROVED', category: 'MARKETING' });
    const answer = await deliver(
      channelA,
      metaWebhookBody([
        {
          wabaId: first.wabaId,
          changes: [
            templateCategoryChange({
              id: template.vendorTemplateId!,
              name: template.name,
              language: 'en_US',
              previous: 'MARKETING',
              next: 'UTILITY',
            }),
          ],
        },
      ]),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await read(template.id)).toMatchObject({ status: 'APPROVED', category: 'UTILITY' });
  });

  it("applies an event of B's WhatsApp Business Account that arrives at A's URL to B's template", async () => {
    const template = await createTemplate('order_on_b', channelB);
    const answer = await deliver(
      channelA,
      metaWebhookBody([
        {
          wabaId: second.wabaId,
          changes: [
            templateStatusChange({
              event: 'APPROVED',
              id: template.vendorTemplateId!,
              name: template.name,
              language: 'en_US',
            }),
          ],
        },
      ]),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await read(template.id)).status).toBe('APPROVED');
  });

  it('polling maps the same statuses as the webhook', async () => {
    const template = await createTemplate('order_polled');
    for (const [status, expected] of [
      ['PAUSED', 'PAUSED'],
      ['REINSTATED', 'APPROVED'],
      ['ARCHIVED', 'DISABLED'],
    ] as const) {
      meta.setTemplateStatus(template.vendorTemplateId!, status);
      const synced = await call('POST', `/api/templates/${template.id}/sync`);
      expect(synced.statusCode, synced.raw).toBe(200);
      expect((synced.body.data as unknown as Template).status).toBe(expected);
    }
  });
});
