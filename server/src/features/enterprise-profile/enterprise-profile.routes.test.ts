import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enterprises, files, users } from '../../db/schema/platform';
import {
  as,
  captcha,
  createTenant,
  createTestApp,
  json,
  TEST_CAPTCHA,
  TEST_PASSWORD,
  type Tenant,
  type TestContext,
} from '../../../test/test-app';

let context: TestContext;
let admin: Tenant;
let other: Tenant;

const validBody = {
  name: 'Acme Support',
  title: 'Acme Console',
  logo: null,
  timezone: 'Europe/Berlin',
  recordExternalCampaigns: true,
};

function put(url: string, token: string, payload: Record<string, unknown>) {
  return context.app.inject({ method: 'PUT', url, headers: as(token), payload });
}
function getProfile(token: string) {
  return context.app.inject({ method: 'GET', url: '/api/enterprise/profile', headers: as(token) });
}
async function addFile(enterpriseId: string, contentType = 'image/png') {
  const [row] = await context.database.db
    .insert(files)
    .values({ enterpriseId, name: 'logo.png', contentType, size: 10, storageKey: 'x' })
    .returning();
  return row!.id;
}
async function enableOwnTwoFactor(userId: string) {
  await context.database.db.update(users).set({ totpSecretEnc: 'sealed' }).where(eq(users.id, userId));
}
async function loginStep(email: string) {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/account/login',
    payload: { email, password: TEST_PASSWORD, captchaId: await captcha(context), captcha: TEST_CAPTCHA },
  });
  return json<{ data: { state: string } }>(response).data.state;
}

beforeAll(async () => {
  context = await createTestApp();
  admin = await createTenant(context);
  other = await createTenant(context);
});
afterAll(async () => {
  await context?.close();
});

describe('enterprise details', () => {
  it('saves name, title, timezone and logo, and /me shows the new title at once', async () => {
    const logo = await addFile(admin.enterpriseId);
    const response = await put('/api/enterprise/profile', admin.token, { ...validBody, logo });
    expect(response.statusCode).toBe(200);
    expect(json(response).data).toMatchObject({
      name: 'Acme Support',
      title: 'Acme Console',
      logoUrl: `/api/files/${logo}`,
      timezone: 'Europe/Berlin',
      recordExternalCampaigns: true,
      twoFactorRequired: false,
    });
    const profile = json(await getProfile(admin.token)).data;
    expect(profile).toMatchObject({ title: 'Acme Console', logoUrl: `/api/files/${logo}` });
    expect(profile.flags).toEqual(expect.any(Object));
    const me = await context.app.inject({ method: 'GET', url: '/api/account/me', headers: as(admin.token) });
    expect(JSON.stringify(json(me).data)).toContain('Acme Console');

    const removed = await put('/api/enterprise/profile', admin.token, { ...validBody, logo: null });
    expect(json(removed).data.logoUrl).toBeNull();
  });

  it('turns campaign features on for the enterprise: test sends show in /me, the others stay off', async () => {
    const me = async () =>
      json<{ data: { flags: Record<string, boolean> } }>(
        await context.app.inject({ method: 'GET', url: '/api/account/me', headers: as(admin.token) }),
      ).data.flags;
    expect((await me()).CAMPAIGN_TEST).toBe(false);
    const response = await put('/api/enterprise/profile', admin.token, {
      ...validBody,
      logo: null,
      campaignFeatures: { CAMPAIGN_TEST: true },
    });
    expect(response.statusCode).toBe(200);
    const flags = await me();
    expect(flags).toMatchObject({ CAMPAIGN_TEST: true, CAMPAIGN_ESTIMATE: false });
    // Saving without the switches keeps them as they are.
    await put('/api/enterprise/profile', admin.token, { ...validBody, logo: null });
    expect((await me()).CAMPAIGN_TEST).toBe(true);
  });

  it('refuses an unknown timezone beside the field and changes nothing', async () => {
    const before = json(await getProfile(admin.token)).data;
    const response = await put('/api/enterprise/profile', admin.token, {
      ...validBody,
      title: 'Changed',
      timezone: 'Mars/Olympus',
    });
    expect(response.statusCode).toBe(400);
    expect(json<{ fieldErrors: Record<string, string> }>(response).fieldErrors.timezone).toBeTruthy();
    expect(json(await getProfile(admin.token)).data.title).toBe(before.title);
  });

  it("refuses another tenant's file, or a file that is not an image, as the logo", async () => {
    const foreign = await addFile(other.enterpriseId);
    const response = await put('/api/enterprise/profile', admin.token, { ...validBody, logo: foreign });
    expect(response.statusCode).toBe(400);
    expect(json<{ fieldErrors: Record<string, string> }>(response).fieldErrors.logo).toBeTruthy();
    const pdf = await addFile(admin.enterpriseId, 'application/pdf');
    expect((await put('/api/enterprise/profile', admin.token, { ...validBody, logo: pdf })).statusCode).toBe(400);
    const [row] = await context.database.db.select().from(enterprises).where(eq(enterprises.id, admin.enterpriseId));
    expect(row!.settings.logoUrl).toBeUndefined();
  });

  it('lists the timezones with offsets, sorted by offset', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/timezones', headers: as(other.token) });
    const zones = json<{ data: { timezones: { name: string; offsetMinutes: number; offset: string }[] } }>(response)
      .data.timezones;
    expect(zones.length).toBeGreaterThan(300);
    expect(zones).toContainEqual({ name: 'Asia/Kolkata', offsetMinutes: 330, offset: 'UTC+05:30' });
    const offsets = zones.map((zone) => zone.offsetMinutes);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
  });

  it('refuses a user without ENTERPRISE.MANAGE', async () => {
    const agent = await createTenant(context, { roles: [3], enterpriseId: admin.enterpriseId });
    expect((await getProfile(agent.token)).statusCode).toBe(403);
    expect((await put('/api/enterprise/profile', agent.token, validBody)).statusCode).toBe(403);
    expect((await put('/api/enterprise/two-factor', agent.token, { isEnabled: true })).statusCode).toBe(403);
  });
});

describe('two-factor for everyone', () => {
  it('refuses to turn it on while the admin has not enabled two-factor, and changes nothing', async () => {
    const tenant = await createTenant(context);
    const response = await put('/api/enterprise/two-factor', tenant.token, { isEnabled: true });
    expect(response.statusCode).toBe(409);
    expect(json(response).message).toContain('My Profile');
    expect(json(await getProfile(tenant.token)).data.twoFactorRequired).toBe(false);
  });

  it('turns it on, counts users not enrolled, and asks them to enrol at their next sign-in', async () => {
    const tenant = await createTenant(context);
    const colleague = await createTenant(context, { enterpriseId: tenant.enterpriseId, roles: [3], signIn: false });
    await enableOwnTwoFactor(tenant.userId);
    const response = await put('/api/enterprise/two-factor', tenant.token, { isEnabled: true });
    expect(response.statusCode).toBe(200);
    expect(json(response).data).toEqual({ twoFactorRequired: true, notEnrolled: 1 });
    expect(json(await getProfile(tenant.token)).data).toMatchObject({ twoFactorRequired: true, notEnrolled: 1 });
    expect(await loginStep(colleague.email)).toBe('enrolTwoFactor');

    const off = await put('/api/enterprise/two-factor', tenant.token, { isEnabled: false });
    expect(json(off).data.twoFactorRequired).toBe(false);
    expect(await loginStep(colleague.email)).toBe('signedIn');
  });
});
