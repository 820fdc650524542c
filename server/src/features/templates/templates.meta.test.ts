import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Template } from '@parley/contracts/templates';
import { messageTemplates } from '../../db/schema/channels';
import { signBody, templateStatusCallback } from '../../platform/messaging/whatsapp-webhooks';
import { createTenant, createTestApp, json, type Tenant, type TestContext } from '../../../test/test-app';
import { startFakeMeta, type FakeMeta } from '../../../test/fake-vendors/meta';
import { caller, createChannel, picture, upload, utilityTemplate, type Envelope } from './template-test-fixtures';

let context: TestContext;
let meta: FakeMeta;
let admin: Tenant;
let call: ReturnType<typeof caller>;
let channel: { id: string; name: string; webhookUrl: string };

beforeAll(async () => {
  meta = await startFakeMeta();
  context = await createTestApp({
    env: {
      PARLEY_VENDOR_BASE_URLS: JSON.stringify({ metaCloud: meta.baseUrl }),
      PARLEY_OUTBOUND_ALLOW: '127.0.0.1',
    },
  });
  call = caller(context);
  admin = await createTenant(context);
  channel = await createChannel(context, admin, { vendor: 19, data: meta.credentials() });
});
afterAll(async () => {
  await context?.close();
  await meta?.close();
});
beforeEach(() => meta.reset());

const create = async (name: string) => {
  const response = await call(admin, 'POST', '/api/templates', utilityTemplate(channel.id, name) as never);
  expect(response.statusCode).toBe(200);
  return json<Envelope<Template>>(response).data;
};
const read = async (id: string) => json<Envelope<Template>>(await call(admin, 'GET', `/api/templates/${id}`)).data;

/** Meta's callback to the channel's webhook URL, signed with the app secret as Meta signs it. */
function webhook(body: unknown, secret = meta.accounts[0]!.appSecret) {
  const raw = JSON.stringify(body);
  return context.app.inject({
    method: 'POST',
    url: new URL(channel.webhookUrl).pathname,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signBody(secret, raw) },
    payload: raw,
  });
}

describe('templates on the WhatsApp Cloud API', () => {
  it('submits the template to the WABA in Meta’s shape and stores Meta’s id', async () => {
    const template = await create('order_dispatch');
    expect(template).toMatchObject({ status: 'PENDING', vendorManaged: true });
    const atMeta = meta.templates.get(template.vendorTemplateId!);
    expect(atMeta).toMatchObject({ name: 'order_dispatch', language: 'en_US', category: 'UTILITY' });
    const request = meta.last('/message_templates');
    expect(request?.path).toContain(`/${meta.accounts[0]!.wabaId}/message_templates`);
    expect(request?.headers.authorization).toBe(`Bearer ${meta.accounts[0]!.accessToken}`);
  });

  it('uploads an image header sample to Meta from the stored file', async () => {
    const bytes = picture();
    const file = await upload(context, admin, 'banner.png', bytes);
    const response = await call(admin, 'POST', '/api/templates', {
      ...utilityTemplate(channel.id, 'banner_news'),
      components: [
        { type: 'HEADER', format: 'IMAGE', media: { fileId: file.id, url: '' } },
        { type: 'BODY', text: 'Our new collection is here.' },
      ],
    });
    expect(response.statusCode).toBe(200);
    const handles = [...meta.handles.values()];
    expect(handles).toHaveLength(1);
    expect(handles[0]!.bytes.equals(bytes)).toBe(true);
  });

  it('takes a REJECTED status from Meta’s signed webhook with its reason, and ignores a tampered one', async () => {
    const template = await create('promo_blast');
    const update = {
      event: 'REJECTED',
      message_template_id: template.vendorTemplateId!,
      message_template_name: 'promo_blast',
      message_template_language: 'en_US',
      reason: 'INCORRECT_CATEGORY',
    };
    const forged = await webhook(
      templateStatusCallback(meta.accounts[0]!.wabaId, { ...update, event: 'APPROVED' }),
      'not-the-app-secret',
    );
    expect(forged.statusCode).toBeGreaterThanOrEqual(400);
    expect((await read(template.id)).status).toBe('PENDING');

    const since = await context.bus.lastId();
    const accepted = await webhook(templateStatusCallback(meta.accounts[0]!.wabaId, update));
    expect(accepted.statusCode).toBe(200);
    expect(await read(template.id)).toMatchObject({ status: 'REJECTED', reason: 'INCORRECT_CATEGORY' });
    const events = await context.bus.since(admin.enterpriseId, admin.userId, since);
    expect(events.filter((event) => event.name === 'template.status').map((event) => event.payload)).toEqual([
      { templateId: template.id, status: 'REJECTED', reason: 'INCORRECT_CATEGORY' },
    ]);

    // An event for a template Parley does not have changes nothing.
    const unknown = await webhook(
      templateStatusCallback(meta.accounts[0]!.wabaId, {
        ...update,
        message_template_id: '999999',
        message_template_name: 'made_elsewhere',
      }),
    );
    expect(unknown.statusCode).toBe(200);
    expect(await read(template.id)).toMatchObject({ status: 'REJECTED' });
  });

  it('syncs the status from Meta', async () => {
    const template = await create('sync_me');
    meta.setTemplateStatus(template.vendorTemplateId!, 'APPROVED');
    const approved = await call(admin, 'POST', `/api/templates/${template.id}/sync`);
    expect(json<Envelope<Template>>(approved).data).toMatchObject({ status: 'APPROVED', reason: null });
    meta.setTemplateStatus(template.vendorTemplateId!, 'PAUSED', 'LOW_QUALITY');
    const paused = await call(admin, 'POST', `/api/templates/${template.id}/sync`);
    expect(json<Envelope<Template>>(paused).data).toMatchObject({ status: 'PAUSED', reason: 'LOW_QUALITY' });
  });

  it('answers 502 with Meta’s text and stores nothing when Meta refuses the template', async () => {
    meta.addTemplate({ name: 'made_in_manager', language: 'en_US' });
    const duplicate = await call(
      admin,
      'POST',
      '/api/templates',
      utilityTemplate(channel.id, 'made_in_manager') as never,
    );
    expect(duplicate.statusCode).toBe(502);
    const body = json<Envelope>(duplicate);
    expect(body.code).toBe(5304);
    expect(body.message).toMatch(/^The vendor did not accept the template: .*Content in this language already exists/);

    meta.failNext('auth', { path: 'message_templates' });
    const refused = await call(admin, 'POST', '/api/templates', utilityTemplate(channel.id, 'bad_token') as never);
    expect(refused.statusCode).toBe(502);
    expect(json<Envelope>(refused).message).toMatch(/^The vendor did not accept the template: /);

    const rows = await context.database.db
      .select()
      .from(messageTemplates)
      .where(eq(messageTemplates.channelId, channel.id));
    expect(rows.map((row) => row.name)).not.toContain('made_in_manager');
    expect(rows.map((row) => row.name)).not.toContain('bad_token');
  });

  it('edits at Meta by its id; a refused edit keeps the stored template', async () => {
    const template = await create('edit_at_meta');
    meta.setTemplateStatus(template.vendorTemplateId!, 'APPROVED');
    await call(admin, 'POST', `/api/templates/${template.id}/sync`);
    const edited = {
      ...utilityTemplate(channel.id, 'edit_at_meta'),
      components: [{ type: 'BODY', text: 'Your parcel is on its way.' }],
    };
    const response = await call(admin, 'PUT', `/api/templates/${template.id}`, edited);
    expect(json<Envelope<Template>>(response).data).toMatchObject({
      status: 'PENDING',
      vendorTemplateId: template.vendorTemplateId,
    });
    expect(meta.last()?.path).toContain(`/${template.vendorTemplateId}`);
    expect(meta.templates.get(template.vendorTemplateId!)?.components).toEqual([
      { type: 'BODY', text: 'Your parcel is on its way.' },
    ]);

    meta.failNext('server');
    const failed = await call(admin, 'PUT', `/api/templates/${template.id}`, {
      ...edited,
      components: [{ type: 'BODY', text: 'Another text.' }],
    });
    expect(failed.statusCode).toBe(502);
    expect((await read(template.id)).components).toEqual([{ type: 'BODY', text: 'Your parcel is on its way.' }]);
  });

  it('deletes at Meta first; a refusal deletes nothing', async () => {
    const template = await create('delete_me');
    meta.failNext('server');
    const refused = await call(admin, 'DELETE', `/api/templates/${template.id}`);
    expect(refused.statusCode).toBe(502);
    expect((await call(admin, 'GET', `/api/templates/${template.id}`)).statusCode).toBe(200);
    expect(meta.templates.has(template.vendorTemplateId!)).toBe(true);

    const deleted = await call(admin, 'DELETE', `/api/templates/${template.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(meta.templates.has(template.vendorTemplateId!)).toBe(false);
    expect((await call(admin, 'GET', `/api/templates/${template.id}`)).statusCode).toBe(404);
  });
  it('test-sends the image header as a signed link Meta can fetch without a session', async () => {
    const file = await upload(context, admin, 'launch.png', picture());
    const created = await call(admin, 'POST', '/api/templates', {
      ...utilityTemplate(channel.id, 'launch_news'),
      components: [
        { type: 'HEADER', format: 'IMAGE', media: { fileId: file.id, url: '' } },
        { type: 'BODY', text: 'Hi {{1}}, our new range is here.', example: { body_text: [['Asha']] } },
      ],
    });
    const template = json<Envelope<Template>>(created).data;
    meta.setTemplateStatus(template.vendorTemplateId!, 'APPROVED');
    await call(admin, 'POST', `/api/templates/${template.id}/sync`);
    const response = await call(admin, 'POST', `/api/templates/${template.id}/test-send`, {
      to: '+919876543210',
      values: { '1': 'Ravi' },
    });
    expect(response.statusCode).toBe(200);
    const sent = meta.sent.at(-1)!;
    expect(sent).toMatchObject({ to: '919876543210', type: 'template' });
    const link = /"link":"http:\/\/parley\.test(\/api\/channels\/media\?token=[^"]+)"/.exec(
      JSON.stringify(sent.payload),
    );
    expect(link).not.toBeNull();
    expect(JSON.stringify(sent.payload)).toContain('"text":"Ravi"');
    // Fetched as Meta would: no session, just the link.
    const fetched = await context.app.inject({ method: 'GET', url: link![1]! });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-type']).toContain('image/png');
    expect(fetched.rawPayload.equals(picture())).toBe(true);
    // The file route itself still needs a session.
    expect((await context.app.inject({ method: 'GET', url: `/api/files/${file.id}` })).statusCode).toBe(401);
  });
});
