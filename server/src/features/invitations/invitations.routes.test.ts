import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { invitations } from '../../db/schema/enterprise-admin';
import { mailOutbox } from '../../db/schema/platform';
import { as, createTenant, createTestApp, login, type Tenant, type TestContext } from '../../../test/test-app';

let context: TestContext;
let admin: Tenant;
let agent: Tenant;
let stranger: Tenant;

type Body = {
  status: boolean;
  code?: number;
  message: string;
  fieldErrors?: Record<string, string>;
  data: Record<string, unknown>;
};

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token?: string) {
  const response = await context.app.inject({ method, url, payload, headers: token ? as(token) : {} });
  return { statusCode: response.statusCode, body: response.json() as Body };
}

/** The token of the latest mail sent to `email`, read from the outbox like the admin does. */
async function mailedToken(email: string) {
  const rows = await context.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  const latest = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  const match = latest?.text.match(/http:\/\/parley\.test\/invitation-accept\?token=([\w%-]+)/);
  if (!match) throw new Error(`no invitation mail for ${email}`);
  return { token: decodeURIComponent(match[1]!), mails: rows.length, text: latest!.text, subject: latest!.subject };
}

let counter = 0;
async function invite(roles = [3]) {
  counter += 1;
  const email = `invitee${counter}.${Date.now()}@example.test`;
  const { statusCode, body } = await call('POST', '/api/invitations', { emailId: email, roles }, admin.token);
  expect(statusCode).toBe(200);
  return { email, id: body.data.id as string };
}

const password = 'a-good-password';

beforeAll(async () => {
  context = await createTestApp();
  admin = await createTenant(context);
  agent = await createTenant(context, { enterpriseId: admin.enterpriseId, roles: [3] });
  stranger = await createTenant(context);
});
afterAll(async () => {
  await context?.close();
});

describe('invitations', () => {
  it('invites by email: a mail with the accept link, a pending row in the list', async () => {
    const { email, id } = await invite([3, 6]);
    const mail = await mailedToken(email);
    expect(mail.subject).toContain('You are invited to join Tenant');
    expect(mail.text).toContain('Handle Chats, Report Viewer');

    const list = await call('GET', '/api/invitations', undefined, admin.token);
    const row = (list.body.data.invitations as { id: string }[]).find((item) => item.id === id);
    expect(row).toMatchObject({ emailId: email, roles: [3, 6], status: 'pending', invitedBy: expect.any(String) });
  });

  it('accepting creates an active user with the invited roles and signs them in', async () => {
    const { email, id } = await invite([3]);
    const { token } = await mailedToken(email);

    const preview = await call('GET', `/api/invitations/accept/${token}`);
    expect(preview.body.data).toMatchObject({ emailId: email, enterpriseName: expect.stringMatching(/^Tenant /) });

    const accepted = await call('POST', '/api/invitations/accept', {
      token,
      name: 'New Agent',
      password,
      confirmPassword: password,
    });
    expect(accepted.statusCode).toBe(200);
    const data = accepted.body.data as {
      state: string;
      token: string;
      user: { name: string; roles: number[]; permissions: string[]; enterprise: { id: string } };
    };
    expect(data.state).toBe('signedIn');
    expect(data.user).toMatchObject({ name: 'New Agent', roles: [3], enterprise: { id: admin.enterpriseId } });
    expect(data.user.permissions).toEqual(['CHAT.HANDLE', 'CHAT.VIEW_CHATHISTORY']);

    const me = await call('GET', '/api/account/me', undefined, data.token);
    expect(me.body.data).toMatchObject({ emailId: email, name: 'New Agent' });
    // The password works for later sign-ins.
    expect(await login(context, email, password)).toBeTruthy();

    const list = await call('GET', '/api/invitations', undefined, admin.token);
    const row = (list.body.data.invitations as { id: string; status: string; acceptedAt: string | null }[]).find(
      (item) => item.id === id,
    );
    expect(row?.status).toBe('accepted');
    expect(row?.acceptedAt).not.toBeNull();
  });

  it('a link works once: accepting twice says it was already used', async () => {
    const { email } = await invite();
    const { token } = await mailedToken(email);
    const body = { token, name: 'Once', password, confirmPassword: password };
    expect((await call('POST', '/api/invitations/accept', body)).statusCode).toBe(200);
    const again = await call('POST', '/api/invitations/accept', body);
    expect(again.statusCode).toBe(410);
    expect(again.body.message).toBe('This invitation has already been used. Please sign in.');
    expect((await call('GET', `/api/invitations/accept/${token}`)).body.message).toBe(
      'This invitation has already been used. Please sign in.',
    );
  });

  it('an expired link is refused with a clear message and creates no user', async () => {
    const { email, id } = await invite();
    const { token } = await mailedToken(email);
    await context.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, id));

    const preview = await call('GET', `/api/invitations/accept/${token}`);
    expect(preview.statusCode).toBe(410);
    expect(preview.body.message).toBe('This invitation has expired. Ask your administrator for a new one.');
    const accepted = await call('POST', '/api/invitations/accept', {
      token,
      name: 'Late',
      password,
      confirmPassword: password,
    });
    expect(accepted.statusCode).toBe(410);
    const list = await call('GET', '/api/invitations', undefined, admin.token);
    expect(
      (list.body.data.invitations as { id: string; status: string }[]).find((item) => item.id === id)?.status,
    ).toBe('expired');

    // Inviting the same email again is allowed once the old invitation has expired.
    expect((await call('POST', '/api/invitations', { emailId: email, roles: [3] }, admin.token)).statusCode).toBe(200);
  });

  it('resend gives a new link and a new expiry; the old link stops working', async () => {
    const { email, id } = await invite();
    const old = await mailedToken(email);
    await context.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, id));

    const resent = await call('POST', `/api/invitations/${id}/resend`, undefined, admin.token);
    expect(resent.statusCode).toBe(200);
    expect(resent.body.data.status).toBe('pending');
    expect(new Date(resent.body.data.expiresAt as string).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    const fresh = await mailedToken(email);
    expect(fresh.mails).toBe(2);
    expect(fresh.token).not.toBe(old.token);
    expect((await call('GET', `/api/invitations/accept/${old.token}`)).body.message).toBe(
      'This invitation link is not valid',
    );
    expect((await call('GET', `/api/invitations/accept/${fresh.token}`)).statusCode).toBe(200);
  });

  it('a revoked link is refused with a clear message', async () => {
    const { email, id } = await invite();
    const { token } = await mailedToken(email);
    expect((await call('DELETE', `/api/invitations/${id}`, undefined, admin.token)).statusCode).toBe(200);

    const accepted = await call('POST', '/api/invitations/accept', {
      token,
      name: 'Gone',
      password,
      confirmPassword: password,
    });
    expect(accepted.statusCode).toBe(410);
    expect(accepted.body.message).toBe('This invitation has been revoked');
    // A revoked invitation can be neither resent nor revoked again.
    expect((await call('POST', `/api/invitations/${id}/resend`, undefined, admin.token)).statusCode).toBe(409);
    expect((await call('DELETE', `/api/invitations/${id}`, undefined, admin.token)).statusCode).toBe(409);
  });

  it('refuses to invite an email that already has an account, in any enterprise', async () => {
    for (const emailId of [agent.email, stranger.email.toUpperCase()]) {
      const refused = await call('POST', '/api/invitations', { emailId, roles: [3] }, admin.token);
      expect(refused.statusCode).toBe(409);
      expect(refused.body.fieldErrors?.emailId).toBe('A user with this email already exists');
    }
  });

  it('refuses a second invitation while one is pending, and sends no mail', async () => {
    const { email } = await invite();
    const again = await call('POST', '/api/invitations', { emailId: email, roles: [1] }, admin.token);
    expect(again.statusCode).toBe(409);
    expect(again.body.fieldErrors?.emailId).toBe('This email already has a pending invitation');
    expect((await mailedToken(email)).mails).toBe(1);
  });

  it('checks the invite and accept forms', async () => {
    const bad = await call('POST', '/api/invitations', { emailId: 'nope', roles: [] }, admin.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.body.fieldErrors).toMatchObject({
      emailId: 'Please enter a valid email address',
      roles: 'Choose at least one role',
    });
    const unknownRole = await call('POST', '/api/invitations', { emailId: 'x@example.test', roles: [9] }, admin.token);
    expect(unknownRole.statusCode).toBe(400);

    const { email } = await invite();
    const { token } = await mailedToken(email);
    const short = await call('POST', '/api/invitations/accept', {
      token,
      name: '',
      password: 'short',
      confirmPassword: 'other',
    });
    expect(short.statusCode).toBe(400);
    expect(short.body.fieldErrors).toMatchObject({
      name: 'This field is mandatory.',
      password: 'Your Password must be atleast 8 characters long',
    });
    const mismatch = await call('POST', '/api/invitations/accept', {
      token,
      name: 'A',
      password,
      confirmPassword: 'different1',
    });
    expect(mismatch.body.fieldErrors?.confirmPassword).toBe('Your passwords do not match. Please try again.');
    // Nothing was used up.
    expect((await call('GET', `/api/invitations/accept/${token}`)).statusCode).toBe(200);
  });

  it("keeps each enterprise's invitations to itself", async () => {
    const { id } = await invite();
    const list = await call('GET', '/api/invitations', undefined, stranger.token);
    expect(list.body.data.invitations).toEqual([]);
    expect((await call('POST', `/api/invitations/${id}/resend`, undefined, stranger.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/invitations/${id}`, undefined, stranger.token)).statusCode).toBe(404);
  });

  it('is refused to a user without USERS.MANAGE', async () => {
    expect((await call('GET', '/api/invitations', undefined, agent.token)).statusCode).toBe(403);
    expect((await call('POST', '/api/invitations', { emailId: 'a@b.test', roles: [1] }, agent.token)).statusCode).toBe(
      403,
    );
  });
});
