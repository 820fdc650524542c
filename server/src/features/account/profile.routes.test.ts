import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/platform';
import { userProfiles } from '../../db/schema/enterprise-admin';
import {
  as,
  captcha,
  createTenant,
  createTestApp,
  json,
  TEST_CAPTCHA,
  TEST_PASSWORD,
  type TestContext,
} from '../../../test/test-app';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context?.close();
});

const send = (method: 'POST' | 'PUT' | 'GET', url: string, token: string, payload?: object) =>
  context.app.inject({ method, url, headers: as(token), ...(payload ? { payload } : {}) });

function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function upload(token: string, filename: string, content: Buffer | string) {
  const boundary = `----parley${crypto.randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n\r\n`),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/files',
    payload,
    headers: { ...as(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return json(response).data.id as string;
}

async function userRow(id: string) {
  const [row] = await context.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

describe('name and picture', () => {
  it('changes my name and picture, and /me shows them', async () => {
    const tenant = await createTenant(context, { roles: [3] });
    const fileId = await upload(tenant.token, 'me.png', tinyPng());
    const saved = await send('PUT', '/api/account/profile', tenant.token, {
      name: '  Ada Lovelace ',
      profilePic: fileId,
    });
    expect(saved.statusCode).toBe(200);
    expect(json(saved).data).toMatchObject({ name: 'Ada Lovelace', profilePic: `/api/files/${fileId}` });
    const me = json(await send('GET', '/api/account/me', tenant.token));
    expect(me.data).toMatchObject({ name: 'Ada Lovelace', profilePic: `/api/files/${fileId}` });

    const removed = json(await send('PUT', '/api/account/profile', tenant.token, { name: 'Ada', profilePic: null }));
    expect(removed.data.profilePic).toBeNull();
  });

  it('refuses an empty name, a file that is not a jpeg/png, and another tenant’s picture, changing nothing', async () => {
    const tenant = await createTenant(context);
    const other = await createTenant(context);
    const before = await userRow(tenant.userId);

    const empty = await send('PUT', '/api/account/profile', tenant.token, { name: '   ', profilePic: null });
    expect(empty.statusCode).toBe(400);
    expect(json(empty)).toMatchObject({ fieldErrors: { name: expect.any(String) } });

    const csv = await upload(tenant.token, 'list.csv', 'a,b\n1,2\n');
    const notImage = await send('PUT', '/api/account/profile', tenant.token, { name: 'New', profilePic: csv });
    expect(notImage.statusCode).toBe(400);
    expect(json(notImage)).toMatchObject({ fieldErrors: { profilePic: 'Upload a jpeg or png picture' } });

    const foreign = await upload(other.token, 'other.png', tinyPng());
    const stolen = await send('PUT', '/api/account/profile', tenant.token, { name: 'New', profilePic: foreign });
    expect(stolen.statusCode).toBe(400);

    const after = await userRow(tenant.userId);
    expect({ name: after.name, profilePic: after.profilePic }).toEqual({
      name: before.name,
      profilePic: before.profilePic,
    });
    expect((await userRow(other.userId)).name).not.toBe('New');
  });
});

describe('notification and sound settings', () => {
  const settings = {
    enablePushNotification: false,
    enableChatNotification: true,
    audioSettings: {
      enable: true,
      sounds: [
        { type: 'new_chat', sound: 'bell', repeat: 3, volume: 40 },
        { type: 'new_message', sound: 'ding', repeat: 1, volume: 100 },
      ],
    },
  };

  it('starts from the defaults and keeps what I save, for me only', async () => {
    const tenant = await createTenant(context);
    const colleague = await createTenant(context, { enterpriseId: tenant.enterpriseId });
    const initial = json(await send('GET', '/api/account/preferences', tenant.token));
    expect(initial.data).toMatchObject({ enablePushNotification: true, audioSettings: { enable: true } });

    const saved = await send('PUT', '/api/account/preferences', tenant.token, settings);
    expect(saved.statusCode).toBe(200);
    expect(json(await send('GET', '/api/account/preferences', tenant.token)).data).toEqual(settings);
    expect(json(await send('GET', '/api/account/preferences', colleague.token)).data).toEqual(initial.data);
  });

  it('refuses a repeat outside 1–5, a volume outside 0–100 and an unknown sound, changing nothing', async () => {
    const tenant = await createTenant(context);
    await send('PUT', '/api/account/preferences', tenant.token, settings);
    const bad = {
      ...settings,
      audioSettings: {
        enable: true,
        sounds: [
          { type: 'new_chat', sound: 'bell', repeat: 6, volume: 40 },
          { type: 'new_message', sound: 'siren', repeat: 1, volume: 101 },
        ],
      },
    };
    const response = await send('PUT', '/api/account/preferences', tenant.token, bad);
    expect(response.statusCode).toBe(400);
    const fieldErrors = (json(response) as unknown as { fieldErrors: Record<string, string> }).fieldErrors;
    expect(fieldErrors).toEqual({
      'audioSettings.sounds.0.repeat': 'Repeat must be between 1 and 5',
      'audioSettings.sounds.1.sound': 'Choose one of the notification sounds',
      'audioSettings.sounds.1.volume': 'Volume must be between 0 and 100',
    });
    expect(json(await send('GET', '/api/account/preferences', tenant.token)).data).toEqual(settings);
  });
});

describe('two-factor recovery codes', () => {
  async function loginStep(email: string) {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { email, password: TEST_PASSWORD, captchaId: await captcha(context), captcha: TEST_CAPTCHA },
    });
    return json(response).data.challengeId as string;
  }
  const verify = (challengeId: string, securityCode: string) =>
    context.app.inject({ method: 'POST', url: '/api/account/login/verify', payload: { challengeId, securityCode } });

  it('gives 8 codes once at enrolment, stores only their hashes, and each works once at sign-in', async () => {
    const tenant = await createTenant(context);
    const setup = json(await send('POST', '/api/account/two-factor/setup', tenant.token, {}));
    const secret = setup.data.secret as string;
    const enabled = json(
      await send('POST', '/api/account/two-factor/enable', tenant.token, { code: await generate({ secret }) }),
    );
    const codes = enabled.data.recoveryCodes as string[];
    expect(codes).toHaveLength(8);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}$/);
    const [profile] = await context.database.db
      .select()
      .from(userProfiles)
      .where(eq(userProfiles.userId, tenant.userId));
    expect(profile!.recoveryCodeHashes).toHaveLength(8);
    expect(profile!.recoveryCodeHashes.join()).not.toContain(codes[0]!);

    const first = await verify(await loginStep(tenant.email), codes[0]!.toUpperCase());
    expect(json(first).data.state).toBe('signedIn');
    const reused = await verify(await loginStep(tenant.email), codes[0]!);
    expect(json(reused).code).toBe(2005);
    const wrong = await verify(await loginStep(tenant.email), 'zzzz-zzzz');
    expect(json(wrong).code).toBe(2005);
  });

  it('replaces the codes with a current code; the old ones stop working; another user is untouched', async () => {
    const tenant = await createTenant(context);
    const colleague = await createTenant(context, { enterpriseId: tenant.enterpriseId });
    const setup = json(await send('POST', '/api/account/two-factor/setup', tenant.token, {}));
    const secret = setup.data.secret as string;
    const old = json(
      await send('POST', '/api/account/two-factor/enable', tenant.token, { code: await generate({ secret }) }),
    ).data.recoveryCodes as string[];

    const refused = await send('POST', '/api/account/two-factor/recovery-codes', tenant.token, { code: '000000' });
    expect(json(refused).code).toBe(2005);
    const notEnrolled = await send('POST', '/api/account/two-factor/recovery-codes', colleague.token, {
      code: '123456',
    });
    expect(json(notEnrolled).code).toBe(2007);

    const next = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const fresh = json(await send('POST', '/api/account/two-factor/recovery-codes', tenant.token, { code: next }));
    const codes = fresh.data.recoveryCodes as string[];
    expect(codes).toHaveLength(8);
    expect(json(await verify(await loginStep(tenant.email), old[1]!)).code).toBe(2005);
    expect(json(await verify(await loginStep(tenant.email), codes[1]!)).data.state).toBe('signedIn');
  });
});
