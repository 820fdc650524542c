import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsersRepository } from './users.repository';
import { createUsersService } from './users.service';
import {
  as,
  captcha,
  createTenant,
  createTestApp,
  login,
  TEST_CAPTCHA,
  TEST_PASSWORD,
  type Tenant,
  type TestContext,
} from '../../../test/test-app';

let context: TestContext;
let admin: Tenant;

// The tests read answers of many shapes; the contracts' schemas are checked by the server itself.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = { status: boolean; code?: number; message: string; fieldErrors?: Record<string, string>; data: any };

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) {
  const response = await context.app.inject({ method, url, headers: as(token), ...(payload ? { payload } : {}) });
  return { statusCode: response.statusCode, body: response.json() as Body };
}

let counter = 0;
async function createUser(roles: number[] = [3], token = admin.token) {
  counter += 1;
  const emailId = `member${counter}.${Date.now()}@users.test`;
  const { body } = await call('POST', '/api/users', token, {
    name: `Member ${counter}`,
    emailId,
    password: 'a-long-password',
    roles,
  });
  expect(body.status).toBe(true);
  return { id: body.data.id as string, emailId };
}

beforeAll(async () => {
  context = await createTestApp();
  admin = await createTenant(context, { roles: [1] });
});
afterAll(async () => {
  await context?.close();
});

describe('users', () => {
  it('creates a user who can sign in with the granted roles', async () => {
    const { id, emailId } = await createUser([3]);
    const token = await login(context, emailId, 'a-long-password');
    const me = await call('GET', '/api/account/me', token);
    expect(me.body.data).toMatchObject({ emailId, roles: [3], permissions: ['CHAT.HANDLE', 'CHAT.VIEW_CHATHISTORY'] });
    const got = await call('GET', `/api/users/${id}`, admin.token);
    expect(got.body.data).toMatchObject({ id, emailId, roles: [3], state: 1, chatPermissions: {} });
  });

  it('refuses a duplicate email beside the field, whatever its case, and creates nothing', async () => {
    const { emailId } = await createUser();
    const before = await call('GET', '/api/users?perPage=200', admin.token);
    const { statusCode, body } = await call('POST', '/api/users', admin.token, {
      name: 'Twin',
      emailId: emailId.toUpperCase(),
      password: 'a-long-password',
      roles: [3],
    });
    expect(statusCode).toBe(409);
    expect(body.fieldErrors?.emailId).toBe('This email is already registered');
    const after = await call('GET', '/api/users?perPage=200', admin.token);
    expect(after.body.data.users).toHaveLength(before.body.data.users.length);
  });

  it('checks the password rules and roles of a new user', async () => {
    const { statusCode, body } = await call('POST', '/api/users', admin.token, {
      name: 'Short',
      emailId: 'short@users.test',
      password: 'short',
      roles: [],
    });
    expect(statusCode).toBe(400);
    expect(body.fieldErrors?.password).toBe('Your Password must be atleast 8 characters long');
    expect(body.fieldErrors?.roles).toBe('Select at least one role');
  });

  it('searches by name, filters by state and pages', async () => {
    const tenant = await createTenant(context, { roles: [1] });
    for (const name of ['Alice Agent', 'Bob Builder', 'Alicia Keys']) {
      await call('POST', '/api/users', tenant.token, {
        name,
        emailId: `${name.replace(' ', '.').toLowerCase()}.${Date.now()}@search.test`,
        password: 'a-long-password',
        roles: [3],
      });
    }
    const found = await call('GET', '/api/users?name=alic', tenant.token);
    expect(found.body.data.users.map((user: { name: string }) => user.name)).toEqual(['Alice Agent', 'Alicia Keys']);
    const page = await call('GET', '/api/users?perPage=2', tenant.token);
    expect(page.body.data.users).toHaveLength(2);
    expect(page.body.data.more).toBe(true);
    const bob = found.body.data.users[0].id as string;
    await call('POST', `/api/users/${bob}/deactivate`, tenant.token);
    const deactivated = await call('GET', '/api/users?state=2', tenant.token);
    expect(deactivated.body.data.users.map((user: { name: string }) => user.name)).toEqual(['Alice Agent']);
    const active = await call('GET', '/api/users?state=1', tenant.token);
    expect(active.body.data.users).toHaveLength(3);
  });

  it('changes roles and chat permissions, and the user gets the new permissions at once', async () => {
    const { id, emailId } = await createUser([3]);
    const token = await login(context, emailId, 'a-long-password');
    expect((await call('GET', '/api/users', token)).body.code).toBe(1403);
    const { body } = await call('PUT', `/api/users/${id}/update_roles`, admin.token, {
      roles: [1, 3],
      chat: { handle: true, viewMonitor: false },
    });
    expect(body.data).toMatchObject({ roles: [1, 3], chatPermissions: { handle: true, viewMonitor: false } });
    expect((await call('GET', '/api/users', token)).body.status).toBe(true);
  });

  it('does not let a user change their own roles', async () => {
    const { statusCode, body } = await call('PUT', `/api/users/${admin.userId}/update_roles`, admin.token, {
      roles: [3],
    });
    expect(statusCode).toBe(409);
    expect(body.message).toBe('You cannot change your own roles');
    expect((await call('GET', `/api/users/${admin.userId}`, admin.token)).body.data.roles).toEqual([1]);
  });

  it('refuses to demote, deactivate or delete the last active Administrator, and changes nothing', async () => {
    // Through HTTP the caller is always an active Administrator and may not act on themselves, so
    // the rule guards callers that are not admin users (API keys, jobs): the service is called as one.
    const tenant = await createTenant(context, { roles: [1] });
    const agent = await createTenant(context, { enterpriseId: tenant.enterpriseId, roles: [3] });
    const users = createUsersService({
      repository: createUsersRepository(context.database.db),
      sessions: { revokeAllForUser: async () => 0, authChanged: async () => undefined },
      config: context.config,
    });
    const actor = { enterpriseId: tenant.enterpriseId, userId: agent.userId };
    const refusal = { key: 'LAST_ADMIN', message: expect.stringContaining('at least one active Administrator') };
    await expect(users.updateRoles(actor, tenant.userId, { roles: [3], chat: {} })).rejects.toMatchObject(refusal);
    await expect(users.setState(actor, tenant.userId, 2)).rejects.toMatchObject(refusal);
    await expect(users.remove(actor, tenant.userId, true)).rejects.toMatchObject(refusal);
    await expect(users.remove(actor, tenant.userId, false)).rejects.toMatchObject(refusal);
    expect(await users.get(actor, tenant.userId)).toMatchObject({ roles: [1], state: 1 });
    expect((await call('GET', '/api/account/me', tenant.token)).statusCode).toBe(200);
    // With a second active admin, the same changes are allowed.
    const deputy = await createUser([1], tenant.token);
    expect((await users.updateRoles(actor, tenant.userId, { roles: [1, 6], chat: {} })).roles).toEqual([1, 6]);
    expect((await users.setState(actor, deputy.id, 2)).state).toBe(2);
    await expect(users.setState(actor, tenant.userId, 2)).rejects.toMatchObject(refusal);
  });

  it('lets one admin demote another while an active Administrator remains', async () => {
    const tenant = await createTenant(context, { roles: [1] });
    const deputy = await createUser([1], tenant.token);
    const deputyToken = await login(context, deputy.emailId, 'a-long-password');
    const demoted = await call('PUT', `/api/users/${tenant.userId}/update_roles`, deputyToken, { roles: [3] });
    expect(demoted.body.data.roles).toEqual([3]);
    // The demoted admin loses USERS.MANAGE on their very next request.
    expect((await call('GET', '/api/users', tenant.token)).body.code).toBe(1403);
  });

  it('resets a password only with the admin own password, and ends the user sessions', async () => {
    const { id, emailId } = await createUser([3]);
    const token = await login(context, emailId, 'a-long-password');
    const wrong = await call('PUT', `/api/users/${id}/reset_password`, admin.token, {
      adminPassword: 'not-my-password',
      password: 'another-long-password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body.fieldErrors?.adminPassword).toBe('Your password is not correct');
    await login(context, emailId, 'a-long-password');
    const right = await call('PUT', `/api/users/${id}/reset_password`, admin.token, {
      adminPassword: TEST_PASSWORD,
      password: 'another-long-password',
    });
    expect(right.body.status).toBe(true);
    expect((await call('GET', '/api/account/me', token)).statusCode).toBe(401);
    await expect(login(context, emailId, 'a-long-password')).rejects.toThrow();
    expect(await login(context, emailId, 'another-long-password')).toBeTruthy();
  });

  it("a password set by an admin ends the user's earlier reset links", async () => {
    const { id, emailId } = await createUser([3]);
    const recover = await context.app.inject({
      method: 'POST',
      url: '/api/account/recover',
      payload: { emailId, captchaId: await captcha(context, 'forgetPassword'), captcha: TEST_CAPTCHA },
    });
    expect(recover.statusCode).toBe(200);
    const mails = await context.database.raw('select text from mail_outbox where to_address = $1', [emailId]);
    const link = new URL(/(http\S+reset-password\S+)/.exec(String(mails.rows.at(-1)!.text))![1]!);
    const reset = await call('PUT', `/api/users/${id}/reset_password`, admin.token, {
      adminPassword: TEST_PASSWORD,
      password: 'set-by-the-admin',
    });
    expect(reset.body.status).toBe(true);
    const late = await context.app.inject({
      method: 'POST',
      url: '/api/account/reset-password',
      payload: {
        uId: link.searchParams.get('uId'),
        eId: link.searchParams.get('eId'),
        resetCode: link.searchParams.get('resetCode'),
        password: 'someone-elses-pass',
        confirmPassword: 'someone-elses-pass',
      },
    });
    expect(late.json()).toMatchObject({ code: 2013, message: 'This reset link is invalid or has expired' });
    expect(await login(context, emailId, 'set-by-the-admin')).toBeTruthy();
  });

  it('deactivating ends the user sessions at once; activating lets them sign in again', async () => {
    const { id, emailId } = await createUser([3]);
    const token = await login(context, emailId, 'a-long-password');
    expect((await call('GET', '/api/account/me', token)).statusCode).toBe(200);
    const { body } = await call('POST', `/api/users/${id}/deactivate`, admin.token);
    expect(body.data.state).toBe(2);
    const after = await call('GET', '/api/account/me', token);
    expect(after.statusCode).toBe(401);
    expect(after.body.message).toBe('Session Expired! Please login');
    await expect(login(context, emailId, 'a-long-password')).rejects.toThrow();
    await call('POST', `/api/users/${id}/activate`, admin.token);
    expect(await login(context, emailId, 'a-long-password')).toBeTruthy();
  });

  it('does not let an admin deactivate or delete themselves', async () => {
    for (const [method, url] of [
      ['POST', `/api/users/${admin.userId}/deactivate`],
      ['DELETE', `/api/users/${admin.userId}?isValidate=false`],
    ] as const) {
      const { statusCode, body } = await call(method, url, admin.token);
      expect(statusCode).toBe(409);
      expect(body.message).toBe('You cannot deactivate or delete your own account');
    }
    expect((await call('GET', '/api/account/me', admin.token)).statusCode).toBe(200);
  });

  it('delete with isValidate=true reports what would happen and deletes nothing; false deletes and ends sessions', async () => {
    const { id, emailId } = await createUser([3]);
    const token = await login(context, emailId, 'a-long-password');
    const check = await call('DELETE', `/api/users/${id}?isValidate=true`, admin.token);
    expect(check.body.data).toMatchObject({ deleted: false, openSessions: 1, departmentsManaged: [] });
    expect((await call('GET', '/api/account/me', token)).statusCode).toBe(200);
    const done = await call('DELETE', `/api/users/${id}?isValidate=false`, admin.token);
    expect(done.body.data.deleted).toBe(true);
    expect((await call('GET', '/api/account/me', token)).statusCode).toBe(401);
    expect((await call('GET', `/api/users/${id}`, admin.token)).statusCode).toBe(404);
  });

  it('is for those with USERS.MANAGE, and another tenant sees none of it', async () => {
    const agent = await createTenant(context, { enterpriseId: admin.enterpriseId, roles: [3] });
    expect((await call('GET', '/api/users', agent.token)).body.code).toBe(1403);
    const stranger = await createTenant(context, { roles: [1] });
    expect((await call('GET', `/api/users/${agent.userId}`, stranger.token)).statusCode).toBe(404);
    expect((await call('POST', `/api/users/${agent.userId}/deactivate`, stranger.token)).statusCode).toBe(404);
  });
});

describe('roles and permissions', () => {
  it('shows the matrix per role and what switched-off flags remove', async () => {
    const tenant = await createTenant(context, { roles: [1], settings: { flags: { FLOW: false } } });
    const { body } = await call('GET', '/api/roles/permissions', tenant.token);
    const development = body.data.roles.find((role: { id: number }) => role.id === 2);
    expect(development.name).toBe('Development');
    expect(development.permissions).not.toContain('FLOW.VIEW');
    expect(development.removedByFlags).toEqual(['FLOW.VIEW']);
    expect(body.data.flagsOff).toContainEqual({ permission: 'FLOW.VIEW', flag: 'FLOW' });
    expect(body.data.flagsOff).toContainEqual({ permission: 'MARKET_PLACE.MODULE.VIEW', flag: 'MARKET_PLACE_MODULE' });
  });

  it('is for those with ROLES.MANAGE', async () => {
    const agent = await createTenant(context, { enterpriseId: admin.enterpriseId, roles: [6] });
    expect((await call('GET', '/api/roles/permissions', agent.token)).body.code).toBe(1403);
  });
});
