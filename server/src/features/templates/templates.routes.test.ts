import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Template, TemplateBody } from '@parley/contracts/templates';
import { messageTemplates } from '../../db/schema/channels';
import { createTenant, createTestApp, json, type Tenant, type TestContext } from '../../../test/test-app';
import {
  caller,
  carouselTemplate,
  kaleyraChannel,
  mp4,
  picture,
  sandboxChannel,
  upload,
  utilityTemplate,
  type Envelope,
} from './template-test-fixtures';

let context: TestContext;
let admin: Tenant;
let other: Tenant;
let call: ReturnType<typeof caller>;
let sandbox: { id: string; name: string };
let kaleyra: { id: string; name: string };

type List = Envelope<{ templates: Template[]; more: boolean }>;

beforeAll(async () => {
  context = await createTestApp();
  call = caller(context);
  admin = await createTenant(context);
  other = await createTenant(context);
  sandbox = await sandboxChannel(context, admin);
  kaleyra = await kaleyraChannel(context, admin);
});
afterAll(async () => {
  await context?.close();
});

const create = (body: TemplateBody, tenant = admin) => call(tenant, 'POST', '/api/templates', body as never);
const stored = async (channelId: string) =>
  context.database.db.select().from(messageTemplates).where(eq(messageTemplates.channelId, channelId));

describe('template validation through the route', () => {
  const bodyOnly = (text: string, extra: Partial<TemplateBody> = {}): TemplateBody => ({
    channelId: sandbox.id,
    name: 'limits_check',
    category: 'UTILITY',
    components: [{ type: 'BODY', text }],
    ...extra,
  });
  const cases: { title: string; body: () => TemplateBody; field: string; message: string }[] = [
    {
      title: 'a body over 1024 characters',
      body: () => bodyOnly('b'.repeat(1025)),
      field: 'body',
      message: 'Body must be at most 1024 characters (it has 1025)',
    },
    {
      title: 'a header over 60 characters',
      body: () =>
        bodyOnly('Hello there', {
          components: [
            { type: 'HEADER', format: 'TEXT', text: 'h'.repeat(61) },
            { type: 'BODY', text: 'Hello there' },
          ],
        }),
      field: 'header',
      message: 'Header must be at most 60 characters (it has 61)',
    },
    {
      title: 'a card body over 160 characters',
      body: () => {
        const template = carouselTemplate(sandbox.id, 'limits_check', [crypto.randomUUID(), crypto.randomUUID()]);
        const carousel = template.components.find((part) => part.type === 'CAROUSEL')!;
        if (carousel.type === 'CAROUSEL') carousel.cards[0]!.components[1] = { type: 'BODY', text: 'c'.repeat(161) };
        return template;
      },
      field: 'cards.0.body',
      message: 'Card 1 body must be at most 160 characters (it has 161)',
    },
    {
      title: 'a limited-time offer text over 15 characters',
      body: () => ({
        channelId: sandbox.id,
        name: 'limits_check',
        category: 'MARKETING',
        components: [
          { type: 'LIMITED_TIME_OFFER', limited_time_offer: { text: 'Sixteen chars!!!', has_expiration: true } },
          { type: 'BODY', text: 'Our sale ends soon' },
          {
            type: 'BUTTONS',
            buttons: [
              { type: 'COPY_CODE', example: 'SALE25' },
              { type: 'URL', text: 'Shop now', url: 'https://shop.example.com' },
            ],
          },
        ],
      }),
      field: 'offer',
      message: 'Offer text must be at most 15 characters (it has 16)',
    },
    {
      title: 'too many buttons',
      body: () =>
        bodyOnly('Pick one', {
          components: [
            { type: 'BODY', text: 'Pick one' },
            {
              type: 'BUTTONS',
              buttons: Array.from({ length: 11 }, (_, index) => ({
                type: 'QUICK_REPLY' as const,
                text: `Choice ${index + 1}`,
              })),
            },
          ],
        }),
      field: 'buttons',
      message: 'A template can have at most 10 buttons',
    },
    {
      title: 'a carousel with one card',
      body: () => carouselTemplate(sandbox.id, 'limits_check', [crypto.randomUUID()]),
      field: 'cards',
      message: 'A carousel has 2 to 10 cards (it has 1)',
    },
    {
      title: 'a media header without a file',
      body: () =>
        bodyOnly('See the picture', {
          components: [
            { type: 'HEADER', format: 'IMAGE' },
            { type: 'BODY', text: 'See the picture' },
          ],
        }),
      field: 'header',
      message: 'Header: upload a sample image for the IMAGE header',
    },
    {
      title: 'variables without examples',
      body: () => bodyOnly('Hi {{1}}, your code is {{2}}.'),
      field: 'body.examples',
      message: 'Body: give an example for every variable',
    },
  ];

  it.each(cases)('answers 400 for $title, naming the part and the limit, and stores nothing', async (test) => {
    const response = await create(test.body());
    expect(response.statusCode).toBe(400);
    const body = json<Envelope>(response);
    expect(body.code).toBe(5302);
    expect(body.fieldErrors?.[test.field]).toBe(test.message);
    expect(await stored(sandbox.id)).toHaveLength(0);
  });

  it('refuses a media header whose file is of the wrong type, another tenant’s, or only an outside URL', async () => {
    const video = await upload(context, admin, 'clip.mp4', mp4());
    const foreign = await upload(context, other, 'theirs.png', picture());
    const withHeader = (media: Record<string, string>) =>
      bodyOnly('See the picture', {
        components: [
          { type: 'HEADER', format: 'IMAGE', media: { url: '', ...media } },
          { type: 'BODY', text: 'See the picture' },
        ],
      });
    const wrongType = await create(withHeader({ fileId: video.id }));
    expect(wrongType.statusCode).toBe(400);
    expect(json<Envelope>(wrongType).fieldErrors).toEqual({
      header: 'Header: a IMAGE header takes jpeg, png files (this file is video/mp4)',
    });
    const theirs = await create(withHeader({ fileId: foreign.id }));
    expect(json<Envelope>(theirs).fieldErrors).toEqual({
      header: 'Header: the sample file was not found. Upload it again.',
    });
    const outside = await create(withHeader({ url: 'https://cdn.example.com/picture.png' }));
    expect(json<Envelope>(outside).fieldErrors).toEqual({
      header: 'Header: upload a sample image for the IMAGE header',
    });
    expect(await stored(sandbox.id)).toHaveLength(0);
  });

  it('refuses a channel of another enterprise and a channel type without templates', async () => {
    const foreignChannel = await sandboxChannel(context, other);
    const foreign = await create(utilityTemplate(foreignChannel.id, 'not_mine'));
    expect(foreign.statusCode).toBe(400);
    expect(json<Envelope>(foreign)).toMatchObject({
      code: 5306,
      fieldErrors: { channelId: 'Choose a channel of your enterprise' },
    });
    const sms = await sandboxChannel(context, admin, 0);
    const wrongType = await create(utilityTemplate(sms.id, 'sms_template'));
    expect(wrongType.statusCode).toBe(400);
    expect(json<Envelope>(wrongType)).toMatchObject({
      code: 5307,
      fieldErrors: { channelId: 'Templates are for WhatsApp and RCS channels' },
    });
    expect(await stored(sms.id)).toHaveLength(0);
  });
});

describe('templates', () => {
  it('submits to the Sandbox (PENDING until its review), stores image samples as Parley files', async () => {
    const files = [
      await upload(context, admin, 'one.png', picture()),
      await upload(context, admin, 'two.png', picture()),
    ];
    const response = await create(
      carouselTemplate(
        sandbox.id,
        'spring_picks',
        files.map((file) => file.id),
      ),
    );
    expect(response.statusCode).toBe(200);
    const template = json<Envelope<Template>>(response).data;
    expect(template).toMatchObject({
      name: 'spring_picks',
      templateId: 'spring_picks',
      channelName: sandbox.name,
      type: 'CAROUSEL',
      status: 'PENDING',
      reason: null,
      vendorManaged: true,
    });
    expect(template.vendorTemplateId).toMatch(/^sbx_tpl_/);
    expect(template.submittedAt).not.toBeNull();
    const carousel = template.components.find((part) => part.type === 'CAROUSEL');
    const headers = carousel?.type === 'CAROUSEL' ? carousel.cards.map((card) => card.components[0]) : [];
    expect(headers).toEqual(
      files.map((file) => ({
        type: 'HEADER',
        format: 'IMAGE',
        media: { fileId: file.id, url: `/api/files/${file.id}`, fileName: file.name, contentType: 'image/png' },
      })),
    );
    const again = await call(admin, 'GET', `/api/templates/${template.id}`);
    expect(json<Envelope<Template>>(again).data).toEqual(template);
  });

  it('answers fieldErrors.name for a name already used on the channel in that language', async () => {
    expect((await create(utilityTemplate(sandbox.id, 'twin_name'))).statusCode).toBe(200);
    const twin = await create(utilityTemplate(sandbox.id, 'twin_name'));
    expect(twin.statusCode).toBe(409);
    expect(json<Envelope>(twin)).toMatchObject({
      code: 5301,
      fieldErrors: { name: 'A template with this name and language already exists on this channel' },
    });
    const otherLanguage = await create(utilityTemplate(sandbox.id, 'twin_name', { language: 'hi' }));
    expect(otherLanguage.statusCode).toBe(200);
    expect((await stored(sandbox.id)).filter((row) => row.name === 'twin_name')).toHaveLength(2);
  });

  it('lists newest first with name, status and channel filters and pages of perPage', async () => {
    const tenant = await createTenant(context);
    const channel = await sandboxChannel(context, tenant);
    const portal = await kaleyraChannel(context, tenant);
    for (const name of ['order_alpha', 'order_beta', 'promo_gamma'])
      expect((await create(utilityTemplate(channel.id, name), tenant)).statusCode).toBe(200);
    const manual = json<Envelope<Template>>(await create(utilityTemplate(portal.id, 'order_delta'), tenant)).data;
    await call(tenant, 'PUT', `/api/templates/${manual.id}/status`, { status: 'APPROVED' });

    const names = async (query: string) =>
      json<List>(await call(tenant, 'GET', `/api/templates${query}`)).data.templates.map((item) => item.name);
    expect(await names('')).toEqual(['order_delta', 'promo_gamma', 'order_beta', 'order_alpha']);
    expect(await names('?name=ORDER')).toEqual(['order_delta', 'order_beta', 'order_alpha']);
    expect(await names('?status=APPROVED')).toEqual(['order_delta']);
    expect(await names('?status=PENDING&name=order')).toEqual(['order_beta', 'order_alpha']);
    expect(await names(`?channelId=${portal.id}`)).toEqual(['order_delta']);
    expect(await names('?name=100%25')).toEqual([]);

    const first = json<List>(await call(tenant, 'GET', '/api/templates?perPage=3')).data;
    expect(first.templates.map((item) => item.name)).toEqual(['order_delta', 'promo_gamma', 'order_beta']);
    expect(first.more).toBe(true);
    const second = json<List>(await call(tenant, 'GET', '/api/templates?perPage=3&from=3')).data;
    expect(second).toMatchObject({ more: false });
    expect(second.templates.map((item) => item.name)).toEqual(['order_alpha']);
    expect(first.templates[0]).toMatchObject({ channelName: portal.name, type: 'STANDARD', vendorManaged: false });
  });

  it('keeps a vendor without a template API PENDING for its portal and records the portal’s decision', async () => {
    const response = await create(utilityTemplate(kaleyra.id, 'portal_order'));
    const template = json<Envelope<Template>>(response).data;
    expect(template).toMatchObject({
      status: 'PENDING',
      reason: "Register this template in Kaleyra's portal, then record its status here.",
      vendorManaged: false,
      vendorTemplateId: null,
      submittedAt: null,
    });
    const sync = await call(admin, 'POST', `/api/templates/${template.id}/sync`);
    expect(sync.statusCode).toBe(409);
    expect(json<Envelope>(sync).code).toBe(5305);

    const since = (await context.bus.lastId()) ?? 0;
    const rejected = await call(admin, 'PUT', `/api/templates/${template.id}/status`, {
      status: 'REJECTED',
      reason: 'Button text breaks the vendor policy',
    });
    expect(rejected.statusCode).toBe(200);
    expect(json<Envelope<Template>>(rejected).data).toMatchObject({
      status: 'REJECTED',
      reason: 'Button text breaks the vendor policy',
    });
    const events = await context.bus.since(admin.enterpriseId, admin.userId, since);
    expect(events.filter((event) => event.name === 'template.status').map((event) => event.payload)).toEqual([
      { templateId: template.id, status: 'REJECTED', reason: 'Button text breaks the vendor policy' },
    ]);
    const approved = await call(admin, 'PUT', `/api/templates/${template.id}/status`, { status: 'APPROVED' });
    expect(json<Envelope<Template>>(approved).data).toMatchObject({ status: 'APPROVED', reason: null });
  });

  it('refuses recording a status by hand for a vendor that reports it itself', async () => {
    const template = json<Envelope<Template>>(await create(utilityTemplate(sandbox.id, 'self_reported'))).data;
    const response = await call(admin, 'PUT', `/api/templates/${template.id}/status`, { status: 'APPROVED' });
    expect(response.statusCode).toBe(409);
    expect(json<Envelope>(response)).toMatchObject({
      code: 5305,
      message: "This channel's vendor reports template statuses itself: use Sync instead",
    });
    expect(json<Envelope<Template>>(await call(admin, 'GET', `/api/templates/${template.id}`)).data.status).toBe(
      'PENDING',
    );
  });

  it('edits by submitting again; keeps the row as it was when the edit breaks a limit', async () => {
    const template = json<Envelope<Template>>(await create(utilityTemplate(kaleyra.id, 'editable'))).data;
    await call(admin, 'PUT', `/api/templates/${template.id}/status`, { status: 'APPROVED' });
    const edited = utilityTemplate(kaleyra.id, 'editable_renamed', {
      components: [{ type: 'BODY', text: 'Your order is on its way.' }],
    });
    const response = await call(admin, 'PUT', `/api/templates/${template.id}`, edited as never);
    expect(response.statusCode).toBe(200);
    expect(json<Envelope<Template>>(response).data).toMatchObject({
      name: 'editable_renamed',
      status: 'PENDING',
      components: [{ type: 'BODY', text: 'Your order is on its way.' }],
    });
    const broken = await call(admin, 'PUT', `/api/templates/${template.id}`, {
      ...edited,
      components: [{ type: 'BODY', text: 'x'.repeat(1025) }],
    } as never);
    expect(broken.statusCode).toBe(400);
    const [row] = await context.database.db.select().from(messageTemplates).where(eq(messageTemplates.id, template.id));
    expect(row!.components).toEqual([{ type: 'BODY', text: 'Your order is on its way.' }]);

    const moved = await call(admin, 'PUT', `/api/templates/${template.id}`, {
      ...edited,
      channelId: sandbox.id,
    } as never);
    expect(json<Envelope>(moved).fieldErrors).toEqual({
      channelId: 'The channel of a template cannot be changed: create a new template instead',
    });
  });

  it('keeps the name of a template the vendor knows by name', async () => {
    const template = json<Envelope<Template>>(await create(utilityTemplate(sandbox.id, 'fixed_name'))).data;
    const renamed = await call(
      admin,
      'PUT',
      `/api/templates/${template.id}`,
      utilityTemplate(sandbox.id, 'new_name') as never,
    );
    expect(renamed.statusCode).toBe(400);
    expect(json<Envelope>(renamed).fieldErrors).toEqual({
      name: 'The name of a submitted template cannot be changed: create a new template instead',
    });
  });

  it('sends a test only for an APPROVED template', async () => {
    const template = json<Envelope<Template>>(await create(utilityTemplate(sandbox.id, 'not_yet'))).data;
    const response = await call(admin, 'POST', `/api/templates/${template.id}/test-send`, { to: '+919876543210' });
    expect(response.statusCode).toBe(409);
    expect(json<Envelope>(response)).toMatchObject({ code: 5303, message: 'Only an APPROVED template can be sent' });
  });

  it('deletes a template', async () => {
    const template = json<Envelope<Template>>(await create(utilityTemplate(sandbox.id, 'short_lived'))).data;
    const response = await call(admin, 'DELETE', `/api/templates/${template.id}`);
    expect(json<Envelope>(response).data).toEqual({ id: template.id });
    expect((await call(admin, 'GET', `/api/templates/${template.id}`)).statusCode).toBe(404);
  });
});

describe('tenancy and permissions', () => {
  it('answers 404 for another enterprise’s template on every route and never lists it', async () => {
    const template = json<Envelope<Template>>(await create(utilityTemplate(kaleyra.id, 'private_one'))).data;
    const url = `/api/templates/${template.id}`;
    const attempts = [
      call(other, 'GET', url),
      call(other, 'PUT', url, utilityTemplate(kaleyra.id, 'private_one') as never),
      call(other, 'DELETE', url),
      call(other, 'POST', `${url}/sync`),
      call(other, 'PUT', `${url}/status`, { status: 'APPROVED' }),
      call(other, 'POST', `${url}/test-send`, { to: '+919876543210' }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.statusCode).toBe(404);
    const list = json<List>(await call(other, 'GET', '/api/templates?name=private')).data;
    expect(list.templates).toEqual([]);
    const [row] = await context.database.db.select().from(messageTemplates).where(eq(messageTemplates.id, template.id));
    expect(row).toMatchObject({ name: 'private_one', status: 'PENDING' });
  });

  it('refuses users without the message templates permission; chat handlers may only read them', async () => {
    const viewer = await createTenant(context, { enterpriseId: admin.enterpriseId, roles: [6] });
    expect((await call(viewer, 'GET', '/api/templates')).statusCode).toBe(403);
    const writer = await createTenant(context, { enterpriseId: admin.enterpriseId, roles: [4] });
    expect((await call(writer, 'GET', '/api/templates')).statusCode).toBe(200);
    // Handle Chats reads them for the broadcast screen, and changes nothing.
    const agent = await createTenant(context, { enterpriseId: admin.enterpriseId, roles: [3] });
    expect((await call(agent, 'GET', '/api/templates')).statusCode).toBe(200);
    expect((await call(agent, 'POST', '/api/templates', {})).statusCode).toBe(403);
  });
});
