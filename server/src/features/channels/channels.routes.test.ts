import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { channelMessages as texts, credentialFields, vendors, type Channel } from '@parley/contracts/channels';
import { channels } from '../../db/schema/channels';
import { departments } from '../../db/schema/enterprise-admin';
import { as, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/test-app';
import { startFakeMeta, type FakeMeta } from '../../../test/fake-vendors/meta';

let context: TestContext;
let admin: Tenant;
let meta: FakeMeta;

type Body = {
  status: boolean;
  code?: number;
  message: string;
  fieldErrors?: Record<string, string>;
  data: Record<string, unknown>;
};

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin.token) {
  const response = await context.app.inject({ method, url, headers: as(token), ...(payload ? { payload } : {}) });
  return { statusCode: response.statusCode, body: response.json() as Body, raw: response.body };
}
const channelOf = (answer: { body: Body }) => answer.body.data.channelConfig as Channel;

const sandbox = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: 4,
  vendor: 0,
  data: { contactId: '919000000001', failureRate: '0' },
  ...extra,
});
const metaChannel = (name: string, credentials: Record<string, string>) => ({
  name,
  type: 4,
  vendor: 19,
  data: credentials,
});

beforeAll(async () => {
  meta = await startFakeMeta();
  context = await createTestApp({
    env: {
      PARLEY_OUTBOUND_ALLOW: '127.0.0.1',
      PARLEY_VENDOR_BASE_URLS: JSON.stringify({ metaCloud: meta.baseUrl }),
    },
  });
  admin = await createTenant(context);
});
afterAll(async () => {
  await context?.close();
  await meta?.close();
});

describe('channel CRUD', () => {
  it('creates, lists with filters and pages, reads, updates and deletes a channel', async () => {
    const created = await call('POST', '/api/channels', sandbox('Support WhatsApp'));
    expect(created.statusCode, created.raw).toBe(200);
    expect(created.body.message).toBe(texts.saved);
    const channel = channelOf(created);
    expect(channel).toMatchObject({
      name: 'Support WhatsApp',
      type: 4,
      typeString: 'WHATSAPP',
      vendor: 0,
      vendorString: 'Sandbox',
      contactId: '919000000001',
      data: { contactId: '919000000001', failureRate: '0' },
      canSend: true,
      deptId: null,
      messagesPerSecond: 80,
    });
    expect(channel.webhookUrl).toMatch(/^http:\/\/parley\.test\/api\/webhooks\/channels\/[\w-]{20,}$/);
    expect(channel.webhookVerifyToken.length).toBeGreaterThan(16);

    await call('POST', '/api/channels', { ...sandbox('Alerts SMS'), type: 0 });
    await call('POST', '/api/channels', sandbox('Sales WhatsApp'));

    const all = await call('GET', '/api/channels');
    expect((all.body.data.channelConfig as Channel[]).map((item) => item.name)).toEqual([
      'Alerts SMS',
      'Sales WhatsApp',
      'Support WhatsApp',
    ]);
    const byName = await call('GET', '/api/channels?name=whatsapp');
    expect((byName.body.data.channelConfig as Channel[]).map((item) => item.name)).toEqual([
      'Sales WhatsApp',
      'Support WhatsApp',
    ]);
    const byType = await call('GET', '/api/channels?type=0');
    expect((byType.body.data.channelConfig as Channel[]).map((item) => item.name)).toEqual(['Alerts SMS']);
    const page = await call('GET', '/api/channels?from=1&perPage=1');
    expect(page.body.data).toMatchObject({ more: true });
    expect((page.body.data.channelConfig as Channel[]).map((item) => item.name)).toEqual(['Sales WhatsApp']);
    const last = await call('GET', '/api/channels?from=2&perPage=1');
    expect(last.body.data.more).toBe(false);

    const got = await call('GET', `/api/channels/${channel.id}`);
    expect(channelOf(got)).toEqual(channel);

    const [department] = await context.database.db
      .insert(departments)
      .values({ enterpriseId: admin.enterpriseId, name: 'Care' })
      .returning();
    const updated = await call('PUT', `/api/channels/${channel.id}`, {
      ...sandbox('Support WhatsApp 2'),
      deptId: department!.id,
      messagesPerSecond: 250,
      data: { contactId: '+91 90000-00002', failureRate: '10' },
    });
    expect(updated.statusCode, updated.raw).toBe(200);
    expect(channelOf(updated)).toMatchObject({
      name: 'Support WhatsApp 2',
      deptId: department!.id,
      departmentName: 'Care',
      contactId: '+919000000002',
      messagesPerSecond: 250,
      data: { contactId: '+919000000002', failureRate: '10' },
      // The callback stays the same: the vendor has it.
      webhookUrl: channel.webhookUrl,
      webhookVerifyToken: channel.webhookVerifyToken,
    });

    const removed = await call('DELETE', `/api/channels/${channel.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.body.message).toBe(texts.deleted);
    expect((await call('GET', `/api/channels/${channel.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/channels/${channel.id}`)).statusCode).toBe(404);
  });

  it('refuses a second channel of the same name, in any letter case', async () => {
    expect((await call('POST', '/api/channels', sandbox('Unique name'))).statusCode).toBe(200);
    const again = await call('POST', '/api/channels', sandbox('UNIQUE NAME'));
    expect(again.statusCode).toBe(409);
    expect(again.body).toMatchObject({ code: 5201, fieldErrors: { name: texts.nameTaken } });
  });

  it('refuses a blank name and a department of another enterprise', async () => {
    const blank = await call('POST', '/api/channels', sandbox('  '));
    expect(blank.statusCode).toBe(400);
    expect(blank.body.fieldErrors?.name).toBe(texts.nameRequired);

    const other = await createTenant(context);
    const [foreign] = await context.database.db
      .insert(departments)
      .values({ enterpriseId: other.enterpriseId, name: 'Theirs' })
      .returning();
    const answer = await call('POST', '/api/channels', sandbox('With foreign department', { deptId: foreign!.id }));
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toMatchObject({
      code: 5203,
      fieldErrors: { deptId: 'Choose a department of your enterprise' },
    });
  });
});

describe('credential validation (platform §5)', () => {
  it("answers every vendor's required fields with the spec's messages", async () => {
    for (const vendor of vendors) {
      for (const type of vendor.serves) {
        const answer = await call('POST', '/api/channels', {
          name: `Empty ${vendor.id}-${type}`,
          type,
          vendor: vendor.id,
        });
        const required = credentialFields(vendor.id, type).filter((field) => field.required);
        if (required.length === 0) {
          expect(answer.statusCode, `${vendor.name} ${type}`).toBe(200);
          continue;
        }
        expect(answer.statusCode, `${vendor.name} type ${type}`).toBe(400);
        expect(answer.body.code).toBe(5202);
        expect(answer.body.fieldErrors, `${vendor.name} type ${type}`).toEqual(
          Object.fromEntries(required.map((field) => [`data.${field.name}`, field.message])),
        );
      }
    }
    // Nothing was written by the refused ones.
    const rows = await context.database.db.select().from(channels).where(eq(channels.enterpriseId, admin.enterpriseId));
    expect(rows.filter((row) => row.name.startsWith('Empty '))).toHaveLength(0);
  });

  it("spells the spec's texts for the vendors it names", async () => {
    const kaleyra = await call('POST', '/api/channels', { name: 'K', type: 4, vendor: 3, data: {} });
    expect(kaleyra.body.fieldErrors).toEqual({
      'data.apiKey': 'Auth Token is required',
      'data.sid': 'Auth id is required',
      'data.contactId': 'Valid Waba Phone Number is required',
    });
    const sinch = await call('POST', '/api/channels', { name: 'S', type: 4, vendor: 6, data: {} });
    expect(sinch.body.fieldErrors).toMatchObject({
      'data.region': 'Region is required',
      'data.contactId': 'Contact ID is required',
    });
  });

  it("answers a mobile contact id that is not a number with 'Invalid number format'", async () => {
    const answer = await call('POST', '/api/channels', {
      ...sandbox('Bad number'),
      data: { contactId: '12345' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body.fieldErrors).toEqual({ 'data.contactId': 'Invalid number format' });
  });

  it('refuses a vendor that does not serve the channel type', async () => {
    const answer = await call('POST', '/api/channels', { ...sandbox('Sandbox email'), type: 1 });
    expect(answer.statusCode).toBe(400);
    expect(answer.body.fieldErrors?.vendor).toBe(texts.vendorNotOffered);
  });
});

describe('secrets', () => {
  const token = 'EAAG-super-secret-access-token-1234';
  const appSecret = 'app-secret-abcdefghijkl';
  const credentials = {
    phoneNumberId: '106540352242922',
    wabaId: '102290129340398',
    accessToken: token,
    appSecret,
    contactId: '919876543210',
  };

  it('seals them at rest and shows them masked, a masked or blank value on update keeps them', async () => {
    const created = await call('POST', '/api/channels', metaChannel('Meta secrets', credentials));
    expect(created.statusCode, created.raw).toBe(200);
    expect(created.raw).not.toContain(token);
    expect(created.raw).not.toContain(appSecret);
    const channel = channelOf(created);
    expect(channel.data).toEqual({
      phoneNumberId: '106540352242922',
      wabaId: '102290129340398',
      contactId: '919876543210',
      accessToken: 'EAA…1234',
      appSecret: 'app…ijkl',
    });

    const [row] = await context.database.db.select().from(channels).where(eq(channels.id, channel.id));
    expect(row!.secretsEnc).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(appSecret);
    expect(row!.settings).not.toHaveProperty('accessToken');
    expect(row!.webhookSecretEnc).not.toContain(channel.webhookVerifyToken);

    const list = await call('GET', '/api/channels?name=Meta%20secrets');
    expect(list.raw).not.toContain(token);

    // The form sends the masked values back, and a blank one: both keep the stored secrets.
    const kept = await call('PUT', `/api/channels/${channel.id}`, {
      ...metaChannel('Meta secrets', { ...credentials, accessToken: 'EAA…1234', appSecret: '' }),
    });
    expect(kept.statusCode, kept.raw).toBe(200);
    expect(channelOf(kept).data).toMatchObject({ accessToken: 'EAA…1234', appSecret: 'app…ijkl' });
    const [after] = await context.database.db.select().from(channels).where(eq(channels.id, channel.id));
    const box = (await import('../../platform/secrets')).createSecretBox('test-secret-key-0123456789');
    expect(JSON.parse(box.open(after!.secretsEnc!))).toEqual({ accessToken: token, appSecret });

    // A new value replaces the stored one.
    const replaced = await call('PUT', `/api/channels/${channel.id}`, {
      ...metaChannel('Meta secrets', { ...credentials, accessToken: 'EAAG-new-token-000000009999' }),
    });
    expect(channelOf(replaced).data.accessToken).toBe('EAA…9999');

    // Changing the vendor drops the old vendor's secrets: a masked value cannot stand in for them.
    const toKaleyra = await call('PUT', `/api/channels/${channel.id}`, {
      name: 'Meta secrets',
      type: 4,
      vendor: 3,
      data: { apiKey: 'EAA…9999', sid: 'SID1', contactId: '919876543210' },
    });
    expect(toKaleyra.statusCode).toBe(400);
    expect(toKaleyra.body.fieldErrors).toEqual({ 'data.apiKey': 'Auth Token is required' });
  });

  it('asks for a secret that was never stored, even when the form sends a mask', async () => {
    const answer = await call(
      'POST',
      '/api/channels',
      metaChannel('Meta masked', { ...credentials, accessToken: 'EAA…1234' }),
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.body.fieldErrors).toEqual({ 'data.accessToken': 'Auth Token is required' });
  });
});

describe('vendor offer', () => {
  it('restricts the vendors of new channels; an empty offer means all', async () => {
    const tenant = await createTenant(context);
    const as2 = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      call(method, url, payload, tenant.token);
    expect((await as2('GET', '/api/channels/vendor-offer')).body.data).toEqual({ vendors: [] });

    const unknown = await as2('PUT', '/api/channels/vendor-offer', { vendors: [0, 999] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body.fieldErrors?.vendors).toBe('Unknown vendor: 999');

    const set = await as2('PUT', '/api/channels/vendor-offer', { vendors: [19, 0, 19] });
    expect(set.body.data).toEqual({ vendors: [0, 19] });
    expect((await as2('GET', '/api/channels/vendor-offer')).body.data).toEqual({ vendors: [0, 19] });

    const refused = await as2('POST', '/api/channels', {
      name: 'Kaleyra',
      type: 4,
      vendor: 3,
      data: { apiKey: 'k-0123456789abc', sid: 'S', contactId: '919876543210' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body.fieldErrors?.vendor).toBe(texts.vendorNotAllowed);
    const allowed = await as2('POST', '/api/channels', sandbox('Offered sandbox'));
    expect(allowed.statusCode).toBe(200);

    // A channel keeps its vendor when the offer shrinks afterwards.
    await as2('PUT', '/api/channels/vendor-offer', { vendors: [19] });
    const kept = await as2('PUT', `/api/channels/${channelOf(allowed).id}`, sandbox('Offered sandbox, renamed'));
    expect(kept.statusCode, kept.raw).toBe(200);

    await as2('PUT', '/api/channels/vendor-offer', { vendors: [] });
    expect(
      (
        await as2('POST', '/api/channels', {
          name: 'Kaleyra',
          type: 4,
          vendor: 3,
          data: { apiKey: 'k-0123456789abc', sid: 'S', contactId: '919876543210' },
        })
      ).statusCode,
    ).toBe(200);
    // The other settings of the enterprise are left as they were.
    expect((await as2('GET', '/api/channels/vendor-offer')).body.data).toEqual({ vendors: [] });
  });
});

describe('tenancy and permissions', () => {
  it("answers 404 for another enterprise's channel on every route", async () => {
    const mine = channelOf(await call('POST', '/api/channels', sandbox('Mine only')));
    const other = await createTenant(context);
    const urls: ['GET' | 'PUT' | 'DELETE' | 'POST', string, object?][] = [
      ['GET', `/api/channels/${mine.id}`],
      ['PUT', `/api/channels/${mine.id}`, sandbox('Stolen')],
      ['DELETE', `/api/channels/${mine.id}`],
      ['POST', `/api/channels/${mine.id}/test`],
      ['GET', `/api/channels/${mine.id}/messages`],
      ['POST', `/api/channels/${mine.id}/messages`, { kind: 'text', to: '919876543210', text: 'hi' }],
    ];
    for (const [method, url, payload] of urls) {
      const answer = await call(method, url, payload, other.token);
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(((await call('GET', '/api/channels', undefined, other.token)).body.data.channelConfig as []).length).toBe(0);
    expect(channelOf(await call('GET', `/api/channels/${mine.id}`)).name).toBe('Mine only');
  });

  it('lets viewers read but not change, and refuses those without a channel permission', async () => {
    const viewer = await createTenant(context, { roles: [2], enterpriseId: admin.enterpriseId });
    expect((await call('GET', '/api/channels', undefined, viewer.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/channels/vendor-offer', undefined, viewer.token)).statusCode).toBe(200);
    expect((await call('POST', '/api/channels', sandbox('By viewer'), undefined)).statusCode).toBe(200);
    expect((await call('POST', '/api/channels', sandbox('By viewer 2'), viewer.token)).statusCode).toBe(403);
    expect((await call('PUT', '/api/channels/vendor-offer', { vendors: [] }, viewer.token)).statusCode).toBe(403);

    const approver = await createTenant(context, { roles: [5], enterpriseId: admin.enterpriseId });
    expect((await call('GET', '/api/channels', undefined, approver.token)).statusCode).toBe(403);
  });
});

describe('test connection', () => {
  it('answers for the Sandbox, and refuses a vendor without a test call in words', async () => {
    const sandboxChannel = channelOf(await call('POST', '/api/channels', sandbox('Test sandbox')));
    const ok = await call('POST', `/api/channels/${sandboxChannel.id}/test`);
    expect(ok.statusCode, ok.raw).toBe(200);
    expect(ok.body.data).toMatchObject({ ok: true });

    const karix = channelOf(
      await call('POST', '/api/channels', {
        name: 'Karix',
        type: 4,
        vendor: 1,
        data: { username: 'u', password: 'p-0123456789', contactId: '919876543210' },
      }),
    );
    expect(karix.canSend).toBe(false);
    const refused = await call('POST', `/api/channels/${karix.id}/test`);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toMatchObject({ code: 5205, message: texts.testUnavailable('Karix') });
  });

  it("calls Meta's Graph API with the stored token: right and wrong", async () => {
    const right = channelOf(await call('POST', '/api/channels', metaChannel('Meta right', meta.credentials())));
    const answer = await call('POST', `/api/channels/${right.id}/test`);
    expect(answer.statusCode, answer.raw).toBe(200);
    expect(answer.body.data).toMatchObject({ ok: true });
    expect(String(answer.body.data.message)).toContain('Parley Test Business');

    const wrong = channelOf(
      await call(
        'POST',
        '/api/channels',
        metaChannel('Meta wrong', { ...meta.credentials(), accessToken: 'EAA-wrong-token-0000' }),
      ),
    );
    const refused = await call('POST', `/api/channels/${wrong.id}/test`);
    expect(refused.statusCode).toBe(200);
    expect(refused.body.data.ok).toBe(false);
    expect(String(refused.body.data.message).length).toBeGreaterThan(10);
    expect(refused.raw).not.toContain('EAA-wrong-token-0000');
  });
});
