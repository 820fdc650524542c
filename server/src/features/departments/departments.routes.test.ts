import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/platform';
import { as, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/test-app';

let context: TestContext;
let admin: Tenant;
let colleague: Tenant;
let agent: Tenant;
let stranger: Tenant;

type Body = {
  status: boolean;
  code?: number;
  message: string;
  fieldErrors?: Record<string, string>;
  data: Record<string, unknown> & { id: string };
};

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin.token) {
  const response = await context.app.inject({ method, url, payload, headers: as(token) });
  return { statusCode: response.statusCode, body: response.json() as Body };
}

async function createDepartment(name: string, extra: object = {}) {
  const { statusCode, body } = await call('POST', '/api/departments', { name, desc: 'About', ...extra });
  expect(statusCode).toBe(200);
  return body.data;
}

beforeAll(async () => {
  context = await createTestApp();
  admin = await createTenant(context);
  colleague = await createTenant(context, { enterpriseId: admin.enterpriseId, roles: [3], signIn: false });
  agent = await createTenant(context, { enterpriseId: admin.enterpriseId, roles: [3] });
  stranger = await createTenant(context);
});
afterAll(async () => {
  await context?.close();
});

describe('departments', () => {
  it('creates, reads, edits and deletes a department with a manager', async () => {
    const created = await createDepartment('Sales', { manager: colleague.userId });
    expect(created).toMatchObject({ name: 'Sales', desc: 'About', manager: colleague.userId, userCount: 0 });
    expect(created.managerName).toMatch(/^User /);

    const edited = await call('PUT', `/api/departments/${created.id}`, { name: 'Sales EMEA', desc: '', manager: null });
    expect(edited.body.data).toMatchObject({ name: 'Sales EMEA', desc: '', manager: null, managerName: null });

    const read = await call('GET', `/api/departments/${created.id}`);
    expect(read.body.data.name).toBe('Sales EMEA');

    expect((await call('DELETE', `/api/departments/${created.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/departments/${created.id}`)).statusCode).toBe(404);
  });

  it('refuses a duplicate name in the same enterprise, whatever the case, and keeps the first', async () => {
    await createDepartment('Support');
    const duplicate = await call('POST', '/api/departments', { name: ' support ' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.body.fieldErrors?.name).toBe('A department with this name already exists');

    const other = await createDepartment('Billing');
    const renamed = await call('PUT', `/api/departments/${other.id}`, { name: 'SUPPORT' });
    expect(renamed.statusCode).toBe(409);
    expect((await call('GET', `/api/departments/${other.id}`)).body.data.name).toBe('Billing');

    // Another enterprise may use the same name.
    expect((await call('POST', '/api/departments', { name: 'Support' }, stranger.token)).statusCode).toBe(200);
  });

  it('asks for a name', async () => {
    const empty = await call('POST', '/api/departments', { name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body.fieldErrors?.name).toBe('This field is mandatory.');
  });

  it('refuses a manager from another enterprise and changes nothing', async () => {
    const refused = await call('POST', '/api/departments', { name: 'Foreign', manager: stranger.userId });
    expect(refused.statusCode).toBe(400);
    expect(refused.body.fieldErrors?.manager).toBe('The manager must be a user of your enterprise');
    const list = await call('GET', '/api/departments?name=Foreign');
    expect(list.body.data.departments).toEqual([]);
  });

  it('searches by name and pages', async () => {
    await createDepartment('Paging A');
    await createDepartment('Paging B');
    await createDepartment('Paging C');
    const first = await call('GET', '/api/departments?name=paging&perPage=2');
    const names = (page: Body) => (page.data.departments as { name: string }[]).map((item) => item.name);
    expect(names(first.body)).toEqual(['Paging A', 'Paging B']);
    expect(first.body.data.more).toBe(true);
    const second = await call('GET', '/api/departments?name=paging&perPage=2&from=2');
    expect(names(second.body)).toEqual(['Paging C']);
    expect(second.body.data.more).toBe(false);
  });

  it('adds and removes users and lists them with the mapped filter', async () => {
    const team = await createDepartment('Team');
    const added = await call('PUT', `/api/departments/${team.id}/add_users`, {
      users: [colleague.userId, agent.userId],
    });
    expect(added.body.data.userCount).toBe(2);
    // Adding again is harmless.
    await call('PUT', `/api/departments/${team.id}/add_users`, { users: [agent.userId] });

    const all = await call('GET', `/api/departments/${team.id}/mapped_users`);
    const users = all.body.data.users as { id: string; email: string; mapped: boolean }[];
    expect(users).toHaveLength(3);
    expect(users.find((user) => user.id === admin.userId)).toMatchObject({ email: admin.email, mapped: false });
    expect(users.find((user) => user.id === agent.userId)?.mapped).toBe(true);

    const mapped = await call('GET', `/api/departments/${team.id}/mapped_users?mapped=true`);
    expect((mapped.body.data.users as { id: string }[]).map((user) => user.id).sort()).toEqual(
      [colleague.userId, agent.userId].sort(),
    );
    const unmapped = await call('GET', `/api/departments/${team.id}/mapped_users?mapped=false`);
    expect((unmapped.body.data.users as { id: string }[]).map((user) => user.id)).toEqual([admin.userId]);

    const removed = await call('PUT', `/api/departments/${team.id}/remove_users`, { users: [colleague.userId] });
    expect(removed.body.data.userCount).toBe(1);
    const search = await call('GET', `/api/departments/${team.id}/mapped_users?mapped=true&name=${agent.email}`);
    expect((search.body.data.users as { id: string }[]).map((user) => user.id)).toEqual([agent.userId]);
  });

  it('pages mapped users 30 at a time by default', async () => {
    const crowd = await createTestApp({ database: context.database });
    try {
      const tenant = await createTenant(crowd);
      await crowd.database.db.insert(users).values(
        Array.from({ length: 31 }, (_, index) => ({
          enterpriseId: tenant.enterpriseId,
          email: `crowd${index}.${Date.now()}@tenant.test`,
          name: `Crowd ${String(index).padStart(2, '0')}`,
          passwordHash: 'x',
        })),
      );
      const created = await crowd.app.inject({
        method: 'POST',
        url: '/api/departments',
        payload: { name: 'Crowd' },
        headers: as(tenant.token),
      });
      const id = created.json().data.id as string;
      const first = await crowd.app.inject({
        method: 'GET',
        url: `/api/departments/${id}/mapped_users`,
        headers: as(tenant.token),
      });
      expect(first.json().data.users).toHaveLength(30);
      expect(first.json().data.more).toBe(true);
      const second = await crowd.app.inject({
        method: 'GET',
        url: `/api/departments/${id}/mapped_users?from=30`,
        headers: as(tenant.token),
      });
      expect(second.json().data.users).toHaveLength(2);
      expect(second.json().data.more).toBe(false);
    } finally {
      await crowd.close();
    }
  });

  it('refuses users of another enterprise or unknown ids, and adds none of the list', async () => {
    const team = await createDepartment('Guarded');
    const foreign = await call('PUT', `/api/departments/${team.id}/add_users`, {
      users: [agent.userId, stranger.userId],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.body.message).toBe('Some of these users are not in your enterprise');
    const unknown = await call('PUT', `/api/departments/${team.id}/add_users`, {
      users: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.statusCode).toBe(400);
    expect((await call('GET', `/api/departments/${team.id}`)).body.data.userCount).toBe(0);
  });

  it("answers 404 for another enterprise's department", async () => {
    const mine = await createDepartment('Private');
    expect((await call('GET', `/api/departments/${mine.id}`, undefined, stranger.token)).statusCode).toBe(404);
    expect((await call('PUT', `/api/departments/${mine.id}`, { name: 'Taken over' }, stranger.token)).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/departments/${mine.id}`, undefined, stranger.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/departments/${mine.id}`)).body.data.name).toBe('Private');
  });

  it('is refused to a user without DEPARTMENTS.MANAGE', async () => {
    const refused = await call('GET', '/api/departments', undefined, agent.token);
    expect(refused.statusCode).toBe(403);
  });
});
