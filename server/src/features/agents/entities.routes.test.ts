import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityMessages, systemEntities } from '@parley/contracts/agent-entities';
import { agentIntents, agents, agentStories } from '../../db/schema/agents';
import { as, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/test-app';

let context: TestContext;
let admin: Tenant;
let stranger: Tenant;
let agentId: string;

type Entity = {
  id: string;
  name: string;
  values: { value: string; type: string; synonyms: string[]; pattern: string[] }[];
};
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

async function createAgent(enterpriseId: string, name: string) {
  const [row] = await context.database.db
    .insert(agents)
    .values({ enterpriseId, name, type: 'nlp', outOfScopeMessage: 'Sorry' })
    .returning({ id: agents.id });
  return row!.id;
}

const base = () => `/api/agents/${agentId}/entities`;
const city = (name = 'city') => ({
  name,
  values: [
    { value: 'Delhi', type: 'synonyms', synonyms: 'New Delhi, Dilli, ' },
    { value: 'Mumbai', type: 'synonyms', synonyms: ['Bombay'] },
  ],
});

async function createEntity(payload: object) {
  const { statusCode, body } = await call('POST', base(), payload);
  expect(statusCode, JSON.stringify(body)).toBe(200);
  return body.data as unknown as Entity & { updatedOn: string };
}

beforeAll(async () => {
  context = await createTestApp();
  admin = await createTenant(context);
  stranger = await createTenant(context);
  agentId = await createAgent(admin.enterpriseId, 'Support bot');
});
afterAll(async () => {
  await context?.close();
});

describe('custom entities', () => {
  it('creates, reads, updates and deletes an entity; synonyms are split on commas, blanks dropped', async () => {
    const created = await call('POST', base(), city());
    expect(created.statusCode).toBe(200);
    expect(created.body.message).toBe(entityMessages.created);
    const entity = created.body.data as unknown as Entity & { agentId: string; updatedOn: string };
    expect(entity).toMatchObject({
      name: 'city',
      agentId,
      values: [
        { value: 'Delhi', type: 'synonyms', synonyms: ['New Delhi', 'Dilli'], pattern: [] },
        { value: 'Mumbai', type: 'synonyms', synonyms: ['Bombay'], pattern: [] },
      ],
    });
    expect(new Date(entity.updatedOn).getTime()).toBeGreaterThan(0);

    const read = await call('GET', `${base()}/${entity.id}`);
    expect(read.body.data).toEqual(entity);

    const updated = await call('PUT', `${base()}/${entity.id}`, {
      name: 'metro',
      values: [{ value: 'PIN', type: 'pattern', pattern: '\\b\\d{6}\\b', synonyms: 'ignored' }],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.body.message).toBe(entityMessages.updated);
    expect(updated.body.data).toMatchObject({
      name: 'metro',
      values: [{ value: 'PIN', type: 'pattern', pattern: ['\\b\\d{6}\\b'], synonyms: [] }],
    });

    const removed = await call('DELETE', `${base()}/${entity.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.body.message).toBe(entityMessages.deleted);
    expect((await call('GET', `${base()}/${entity.id}`)).statusCode).toBe(404);
  });

  it.each([
    ['name required', { name: '  ', values: city().values }, 'name', entityMessages.nameRequired],
    ['name characters', { name: 'my city', values: city().values }, 'name', entityMessages.nameInvalid],
    ['reserved system name', { name: 'Email', values: city().values }, 'name', entityMessages.nameReserved],
    ['no values', { name: 'empty', values: [] }, 'values', entityMessages.valuesRequired],
    [
      'value required',
      { name: 'blankvalue', values: [{ value: ' ', type: 'synonyms', synonyms: 'x' }] },
      'values.0.value',
      entityMessages.valueRequired,
    ],
    [
      'type required',
      { name: 'notype', values: [{ value: 'a', synonyms: 'x' }] },
      'values.0.type',
      entityMessages.typeRequired,
    ],
    [
      'value without synonyms',
      { name: 'nosyn', values: [{ value: 'a', type: 'synonyms', synonyms: ' , ' }] },
      'values.0.synonyms',
      entityMessages.synonymsRequired,
    ],
    [
      'pattern required',
      { name: 'nopattern', values: [{ value: 'a', type: 'pattern', pattern: '' }] },
      'values.0.pattern',
      entityMessages.patternRequired,
    ],
    [
      'duplicate value',
      {
        name: 'dupvalue',
        values: [
          { value: 'Delhi', type: 'synonyms', synonyms: 'x' },
          { value: 'delhi', type: 'synonyms', synonyms: 'y' },
        ],
      },
      'values.1.value',
      entityMessages.valueDuplicate,
    ],
  ])('refuses: %s', async (_rule, payload, field, message) => {
    const refused = await call('POST', base(), payload);
    expect(refused.statusCode).toBe(400);
    expect(refused.body.fieldErrors?.[field]).toBe(message);
  });

  it('refuses a pattern that does not compile, with the reason, and stores nothing', async () => {
    const refused = await call('POST', base(), {
      name: 'broken',
      values: [
        { value: 'ok', type: 'synonyms', synonyms: 'fine' },
        { value: 'code', type: 'pattern', pattern: '([a-z' },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body.code).toBe(5032);
    const message = entityMessages.patternInvalid('Unterminated character class');
    expect(refused.body.message).toBe(message);
    expect(refused.body.fieldErrors).toEqual({ 'values.1.pattern': message });
    const list = await call('GET', `${base()}?searchterm=broken`);
    expect(list.body.data.entities).toEqual([]);
  });

  it('refuses a pattern that backtracks catastrophically, on create and on update', async () => {
    const refused = await call('POST', base(), {
      name: 'slow',
      values: [{ value: 'a', type: 'pattern', pattern: '(a+)+$' }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body.code).toBe(5033);
    expect(refused.body.message).toBe(entityMessages.patternUnsafe);
    expect(refused.body.fieldErrors).toEqual({ 'values.0.pattern': entityMessages.patternUnsafe });

    const entity = await createEntity({
      name: 'pincode',
      values: [{ value: 'pin', type: 'pattern', pattern: '\\d{6}' }],
    });
    const update = await call('PUT', `${base()}/${entity.id}`, {
      name: 'pincode',
      values: [{ value: 'pin', type: 'pattern', pattern: ['(a|a)*$'] }],
    });
    expect(update.statusCode).toBe(400);
    expect(update.body.fieldErrors?.['values.0.pattern']).toBe(entityMessages.patternUnsafe);
    expect(((await call('GET', `${base()}/${entity.id}`)).body.data as unknown as Entity).values[0]!.pattern).toEqual([
      '\\d{6}',
    ]);
  });

  it('refuses a duplicate name in the agent, whatever the case; another agent may use it', async () => {
    await createEntity(city('town'));
    const duplicate = await call('POST', base(), city('TOWN'));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.body.code).toBe(5031);
    expect(duplicate.body.fieldErrors?.name).toBe(entityMessages.nameTaken);

    const other = await createEntity(city('village'));
    const renamed = await call('PUT', `${base()}/${other.id}`, city('Town'));
    expect(renamed.statusCode).toBe(409);
    // Keeping its own name is fine.
    expect((await call('PUT', `${base()}/${other.id}`, city('Village'))).statusCode).toBe(200);

    const secondAgent = await createAgent(admin.enterpriseId, 'Sales bot');
    expect((await call('POST', `/api/agents/${secondAgent}/entities`, city('town'))).statusCode).toBe(200);
  });

  it('lists newest update first, searches by name (% and _ literal) and pages with more', async () => {
    const pagingAgent = await createAgent(admin.enterpriseId, 'Paging bot');
    const url = `/api/agents/${pagingAgent}/entities`;
    for (const name of ['fruit_a', 'fruit_b', 'fruit_c', 'fruitxd', 'veg']) {
      expect((await call('POST', url, city(name))).statusCode).toBe(200);
    }
    const names = (body: Body) => (body.data.entities as { name: string }[]).map((item) => item.name);

    const all = await call('GET', url);
    expect(names(all.body)).toEqual(['veg', 'fruitxd', 'fruit_c', 'fruit_b', 'fruit_a']);
    expect(all.body.data.more).toBe(false);
    expect((all.body.data.entities as Entity[])[0]!.values).toHaveLength(2);

    const first = await call('GET', `${url}?searchterm=FRUIT&perPage=2`);
    expect(names(first.body)).toEqual(['fruitxd', 'fruit_c']);
    expect(first.body.data.more).toBe(true);
    const last = await call('GET', `${url}?searchterm=fruit&perPage=2&from=2`);
    expect(names(last.body)).toEqual(['fruit_b', 'fruit_a']);
    expect(last.body.data.more).toBe(false);

    const underscore = await call('GET', `${url}?searchterm=t_`);
    expect(names(underscore.body)).toEqual(['fruit_c', 'fruit_b', 'fruit_a']);
    expect((await call('GET', `${url}?searchterm=%25`)).body.data.entities).toEqual([]);

    // Updating moves an entity to the top.
    const fruitA = (all.body.data.entities as Entity[]).find((item) => item.name === 'fruit_a')!;
    await call('PUT', `${url}/${fruitA.id}`, city('fruit_a'));
    expect(names((await call('GET', `${url}?perPage=1`)).body)).toEqual(['fruit_a']);

    expect((await call('GET', `${url}?perPage=101`)).statusCode).toBe(400);
  });

  it('lists the system entities (type 1) with descriptions, searchable and paged', async () => {
    const all = await call('GET', `${base()}?type=1&perPage=100`);
    expect(all.statusCode).toBe(200);
    expect(all.body.data.entities).toEqual(
      systemEntities.map(({ id, name, description }) => ({ id, name, description })),
    );
    expect(all.body.data.more).toBe(false);
    const names = (all.body.data.entities as { name: string }[]).map((item) => item.name);
    expect(names).toEqual(expect.arrayContaining(['number', 'date', 'time', 'email', 'phone', 'url', 'percentage']));

    const first = await call('GET', `${base()}?type=1&perPage=4`);
    expect((first.body.data.entities as unknown[]).length).toBe(4);
    expect(first.body.data.more).toBe(true);
    const rest = await call('GET', `${base()}?type=1&perPage=4&from=8`);
    expect((rest.body.data.entities as unknown[]).length).toBe(systemEntities.length - 8);
    expect(rest.body.data.more).toBe(false);

    const search = await call('GET', `${base()}?type=1&searchterm=MAIL`);
    expect(search.body.data.entities).toEqual([expect.objectContaining({ id: 'sys.email', name: 'email' })]);

    expect((await call('GET', `${base()}?type=2`)).statusCode).toBe(400);
  });

  it('refuses to delete an entity used by intents, naming them', async () => {
    const entity = await createEntity(city('product'));
    const db = context.database.db;
    const [story] = await db
      .insert(agentStories)
      .values({ enterpriseId: admin.enterpriseId, agentId, name: 'Orders' })
      .returning({ id: agentStories.id });
    for (const name of ['order status', 'track parcel']) {
      await db.insert(agentIntents).values({
        enterpriseId: admin.enterpriseId,
        agentId,
        storyId: story!.id,
        name,
        entityIds: [entity.id, 'sys.number'],
      });
    }
    const refused = await call('DELETE', `${base()}/${entity.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.body.code).toBe(5034);
    expect(refused.body.message).toBe(entityMessages.inUse('"order status", "track parcel"'));
    expect((await call('GET', `${base()}/${entity.id}`)).statusCode).toBe(200);
  });

  it('keeps tenants apart: a foreign agent or entity answers 404', async () => {
    const entity = await createEntity(city('secret'));
    const foreignAgent = await createAgent(stranger.enterpriseId, 'Their bot');

    expect((await call('GET', base(), undefined, stranger.token)).statusCode).toBe(404);
    expect((await call('GET', `${base()}?type=1`, undefined, stranger.token)).statusCode).toBe(404);
    expect((await call('GET', `${base()}/${entity.id}`, undefined, stranger.token)).statusCode).toBe(404);
    expect((await call('PUT', `${base()}/${entity.id}`, city('x'), stranger.token)).statusCode).toBe(404);
    expect((await call('DELETE', `${base()}/${entity.id}`, undefined, stranger.token)).statusCode).toBe(404);
    expect((await call('POST', base(), city('mine'), stranger.token)).statusCode).toBe(404);
    // The entity, asked for under the stranger's own agent, does not exist there either.
    const underTheirs = `/api/agents/${foreignAgent}/entities/${entity.id}`;
    expect((await call('GET', underTheirs, undefined, stranger.token)).statusCode).toBe(404);
    // And the admin cannot reach the stranger's agent.
    expect((await call('GET', `/api/agents/${foreignAgent}/entities`)).statusCode).toBe(404);
    expect((await call('GET', `${base()}/${entity.id}`)).statusCode).toBe(200);
  });
});
