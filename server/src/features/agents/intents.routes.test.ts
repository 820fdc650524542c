import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentEntities, agentIntents, agents } from '../../db/schema/agents';
import { as, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/test-app';

let context: TestContext;
let admin: Tenant;
let stranger: Tenant;
let agentId: string;
let otherAgentId: string;
let storyId: string;
let otherStoryId: string;
let cityId: string;
let otherAgentEntityId: string;

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

const intentsUrl = (story = storyId, agent = agentId) => `/api/agents/${agent}/stories/${story}/intents`;

async function createAgent(enterpriseId: string, name: string) {
  const [row] = await context.database.db
    .insert(agents)
    .values({ enterpriseId, name, type: 'nlp', outOfScopeMessage: 'Sorry' })
    .returning({ id: agents.id });
  return row!.id;
}

async function createEntity(enterpriseId: string, agent: string, name: string) {
  const [row] = await context.database.db
    .insert(agentEntities)
    .values({
      enterpriseId,
      agentId: agent,
      name,
      values: [{ value: 'Delhi', type: 'synonyms', synonyms: ['Delhi', 'New Delhi'], pattern: [] }],
    })
    .returning({ id: agentEntities.id });
  return row!.id;
}

async function createStory(agent: string, name: string) {
  const response = await call('POST', `/api/agents/${agent}/stories`, { name });
  expect(response.statusCode).toBe(200);
  return response.body.data.id;
}

function bookFlight(name = 'book_flight') {
  return {
    name,
    utterances: [
      {
        utterance: 'Book a flight to Delhi',
        entityRefs: [{ entityId: cityId, parameter: 'city', entityStartPos: 17, entityEndPos: 22 }],
      },
      { utterance: 'I want to fly' },
      {
        utterance: 'need a ticket for tomorrow',
        entityRefs: [{ entityId: 'sys.date', parameter: 'when', entityStartPos: 18, entityEndPos: 26 }],
      },
    ],
    responses: [{ response: '**Sure**, booking a flight to $city' }],
    entities: [
      { name: 'city', entityId: cityId, required: true, value: '$city', prompts: ['Which city?'] },
      { name: 'when', entityId: 'sys.date', required: false, value: '$when', prompts: 'When?, Which day?' },
    ],
  };
}

async function createIntent(body: object = bookFlight(), story = storyId) {
  const response = await call('POST', intentsUrl(story), body);
  expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

beforeAll(async () => {
  context = await createTestApp();
  admin = await createTenant(context);
  stranger = await createTenant(context);
  agentId = await createAgent(admin.enterpriseId, 'Travel bot');
  otherAgentId = await createAgent(admin.enterpriseId, 'Other bot');
  storyId = await createStory(agentId, 'Flights');
  otherStoryId = await createStory(agentId, 'Hotels');
  cityId = await createEntity(admin.enterpriseId, agentId, 'city');
  otherAgentEntityId = await createEntity(admin.enterpriseId, otherAgentId, 'town');
});
afterAll(async () => {
  await context?.close();
});

describe('intents', () => {
  it('creates an intent with phrases, tagged entities, a response and parameters, and reads it back', async () => {
    const created = await createIntent();
    expect(created).toMatchObject({
      name: 'book_flight',
      agentId,
      storyId,
      utterances: [
        {
          utterance: 'Book a flight to Delhi',
          entityDefined: true,
          entityRefs: [{ entityId: cityId, parameter: 'city', entityStartPos: 17, entityEndPos: 22 }],
        },
        { utterance: 'I want to fly', entityDefined: false, entityRefs: [] },
        { utterance: 'need a ticket for tomorrow', entityDefined: true },
      ],
      responses: [{ response: '**Sure**, booking a flight to $city' }],
      entities: [
        {
          name: 'city',
          entityId: cityId,
          entityName: 'city',
          required: true,
          value: '$city',
          prompts: ['Which city?'],
        },
        { name: 'when', entityId: 'sys.date', entityName: 'date', required: false, prompts: ['When?', 'Which day?'] },
      ],
      handoff: false,
    });
    const read = await call('GET', `${intentsUrl()}/${created.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.body.data).toEqual(created);

    const [row] = await context.database.db.select().from(agentIntents).where(eq(agentIntents.id, created.id));
    expect(row!.entityIds.sort()).toEqual([cityId, 'sys.date'].sort());
  });

  it('computes entityDefined itself, whatever the client sends', async () => {
    const created = await createIntent({
      name: 'greet_liar',
      utterances: [
        { utterance: 'hello', entityDefined: true },
        { utterance: 'hi there', entityDefined: true },
      ],
      responses: [{ response: 'Hi' }],
    });
    expect((created.utterances as { entityDefined: boolean }[]).map((row) => row.entityDefined)).toEqual([
      false,
      false,
    ]);
  });

  it('lists the intents of a story by name with phrase counts, searches and pages', async () => {
    const story = await createStory(agentId, 'Listing');
    for (const name of ['zeta_intent', 'Alpha_intent', 'mid%intent', 'mid_x']) {
      await createIntent({ ...bookFlight(name), entities: bookFlight().entities }, story);
    }
    const list = await call('GET', intentsUrl(story));
    expect(list.statusCode).toBe(200);
    const data = list.body.data as unknown as { intents: { name: string; phraseCount: number }[]; more: boolean };
    expect(data.intents.map((intent) => intent.name)).toEqual(['Alpha_intent', 'mid%intent', 'mid_x', 'zeta_intent']);
    expect(data.intents[0]!.phraseCount).toBe(3);
    expect(data.more).toBe(false);

    const search = async (name: string) =>
      (
        (await call('GET', `${intentsUrl(story)}?name=${encodeURIComponent(name)}`)).body.data as unknown as {
          intents: { name: string }[];
        }
      ).intents.map((intent) => intent.name);
    expect(await search('ALPHA')).toEqual(['Alpha_intent']);
    expect(await search('%')).toEqual(['mid%intent']);
    expect(await search('d_')).toEqual(['mid_x']);
    expect(await search('nothing')).toEqual([]);

    const page = await call('GET', `${intentsUrl(story)}?from=1&perPage=2`);
    const paged = page.body.data as unknown as { intents: { name: string }[]; more: boolean };
    expect(paged.intents.map((intent) => intent.name)).toEqual(['mid%intent', 'mid_x']);
    expect(paged.more).toBe(true);
    expect((await call('GET', `${intentsUrl(story)}?perPage=201`)).statusCode).toBe(400);
    // Another story's intents are not listed.
    const others = (await call('GET', intentsUrl(otherStoryId))).body.data as unknown as { intents: unknown[] };
    expect(others.intents).toEqual([]);
  });

  it('saves an intent: name, phrases and parameters replaced, updatedAt moves', async () => {
    const created = await createIntent(bookFlight('edit_me'));
    const saved = await call('PUT', `${intentsUrl()}/${created.id}`, {
      name: '  edited   intent ',
      utterances: [{ utterance: 'first phrase' }, { utterance: 'second phrase' }],
      responses: [{ response: 'Done' }],
      entities: [],
      handoff: true,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body.data).toMatchObject({
      name: 'edited intent',
      utterances: [{ utterance: 'first phrase' }, { utterance: 'second phrase' }],
      entities: [],
      handoff: true,
    });
    expect(Date.parse(saved.body.data.updatedAt as string)).toBeGreaterThanOrEqual(
      Date.parse(created.updatedAt as string),
    );
    const [row] = await context.database.db.select().from(agentIntents).where(eq(agentIntents.id, created.id));
    expect(row!.entityIds).toEqual([]);
  });

  it('refuses a duplicate intent name in the agent (any story, any case) and stores nothing', async () => {
    await createIntent(bookFlight('unique_name'));
    const duplicate = await call('POST', intentsUrl(otherStoryId), bookFlight(' UNIQUE_name '));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.body.code).toBe(5021);
    expect(duplicate.body.message).toBe('Duplicate intent name, intent not created');

    const other = await createIntent(bookFlight('other_name'));
    const renamed = await call('PUT', `${intentsUrl()}/${other.id}`, bookFlight('Unique_Name'));
    expect(renamed.statusCode).toBe(409);
    expect((await call('GET', `${intentsUrl()}/${other.id}`)).body.data.name).toBe('other_name');
    // Another agent may use the name.
    const otherAgentStory = await createStory(otherAgentId, 'Elsewhere');
    const elsewhere = await call('POST', intentsUrl(otherAgentStory, otherAgentId), {
      name: 'unique_name',
      utterances: [{ utterance: 'a' }, { utterance: 'b' }],
      responses: [{ response: 'c' }],
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('answers the spec messages for bad input', async () => {
    const cases: [object, string][] = [
      [{ ...bookFlight('bad'), name: '   ' }, 'Intent name should not be empty'],
      [{ ...bookFlight('bad'), name: undefined }, 'Intent name should not be empty'],
      [
        { ...bookFlight('bad'), utterances: [{ utterance: 'only one' }] },
        'Please give atleast two training phrases save the intent',
      ],
      [{ ...bookFlight('bad'), utterances: undefined }, 'Please give atleast two training phrases save the intent'],
      [{ ...bookFlight('bad'), responses: [] }, 'Responce should not be empty'],
      [{ ...bookFlight('bad'), responses: [{ response: '   ' }] }, 'Responce should not be empty'],
      [
        { ...bookFlight('bad'), entities: [{ ...bookFlight().entities[0], prompts: [] }, bookFlight().entities[1]] },
        'prompt cannot be empty',
      ],
      [
        { ...bookFlight('bad'), entities: [{ ...bookFlight().entities[0], prompts: ' , ' }, bookFlight().entities[1]] },
        'prompt cannot be empty',
      ],
      [
        { ...bookFlight('bad'), utterances: [{ utterance: 'Hello there' }, { utterance: ' hello   THERE ' }] },
        'Duplication of utterance name',
      ],
      [
        { ...bookFlight('bad'), utterances: [{ utterance: 'x'.repeat(1001) }, { utterance: 'fine' }] },
        'A training phrase can have at most 1000 characters',
      ],
      [
        {
          ...bookFlight('bad'),
          utterances: [
            {
              utterance: 'short',
              entityRefs: [{ entityId: cityId, parameter: 'city', entityStartPos: 2, entityEndPos: 9 }],
            },
            { utterance: 'fine' },
          ],
        },
        'The tagged text does not match the training phrase; select it again',
      ],
      [
        { ...bookFlight('bad'), entities: [bookFlight().entities[1]] },
        'Every tagged entity needs a parameter in the Entities table',
      ],
      [
        { ...bookFlight('bad'), entities: [...bookFlight().entities, { ...bookFlight().entities[1], name: 'City' }] },
        'Each parameter name only once',
      ],
      [
        { ...bookFlight('bad'), entities: [{ ...bookFlight().entities[0], name: '1city' }, bookFlight().entities[1]] },
        'Parameter name: letters, digits and _ only, starting with a letter',
      ],
    ];
    for (const [body, message] of cases) {
      const refused = await call('POST', intentsUrl(), body);
      expect(refused.statusCode, message).toBe(400);
      expect(Object.values(refused.body.fieldErrors ?? {}).concat(refused.body.message)).toContain(message);
    }
    const list = (await call('GET', `${intentsUrl()}?name=bad`)).body.data as unknown as { intents: unknown[] };
    expect(list.intents).toEqual([]);
  });

  it('answers 413 for a 5 MB phrase and 400 for a 1001-character one, storing nothing', async () => {
    const huge = await call('POST', intentsUrl(), {
      ...bookFlight('huge'),
      utterances: [{ utterance: 'x'.repeat(5 * 1024 * 1024) }, { utterance: 'fine' }],
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.body.code).toBe(1414);
    const long = await call('POST', intentsUrl(), {
      ...bookFlight('long'),
      utterances: [{ utterance: 'y'.repeat(1001) }, { utterance: 'fine' }],
    });
    expect(long.statusCode).toBe(400);
    expect(long.body.message).toBe('A training phrase can have at most 1000 characters');
    const rows = await context.database.db.select({ name: agentIntents.name }).from(agentIntents);
    expect(rows.map((row) => row.name)).not.toContain('huge');
    expect(rows.map((row) => row.name)).not.toContain('long');
  });

  it('accepts an intent at its limits: 2,000 phrases of 1,000 characters (over the 1 MB default body)', async () => {
    const utterances = Array.from({ length: 2000 }, (_, index) => ({
      utterance: `${index} ${'z'.repeat(1000 - String(index).length - 1)}`,
    }));
    const full = await call('POST', intentsUrl(), { ...bookFlight('full_size'), utterances });
    expect(full.statusCode).toBe(200);
    expect(full.body.data.utterances).toHaveLength(2000);
  });

  it('refuses entities that are not the agent’s and refs whose entity differs from the parameter', async () => {
    const unknownSystem = await call('POST', intentsUrl(), {
      ...bookFlight('unknown_entity'),
      entities: [bookFlight().entities[0], { ...bookFlight().entities[1], entityId: 'sys.weather' }],
      utterances: [{ utterance: 'a' }, { utterance: 'b' }],
    });
    expect(unknownSystem.statusCode).toBe(400);
    expect(unknownSystem.body.code).toBe(5022);
    expect(unknownSystem.body.message).toBe('This entity does not exist in the agent');

    const foreignCustom = await call('POST', intentsUrl(), {
      ...bookFlight('foreign_entity'),
      utterances: [{ utterance: 'a' }, { utterance: 'b' }],
      entities: [{ ...bookFlight().entities[0], entityId: otherAgentEntityId }],
    });
    expect(foreignCustom.statusCode).toBe(400);
    expect(foreignCustom.body.code).toBe(5022);

    const refUnknown = await call('POST', intentsUrl(), {
      ...bookFlight('ref_unknown'),
      utterances: [
        {
          utterance: 'Book Delhi',
          entityRefs: [{ entityId: 'sys.nope', parameter: 'city', entityStartPos: 5, entityEndPos: 10 }],
        },
        { utterance: 'b' },
      ],
    });
    expect(refUnknown.statusCode).toBe(400);
    expect(refUnknown.body.code).toBe(5022);

    const mismatch = await call('POST', intentsUrl(), {
      ...bookFlight('mismatch'),
      utterances: [
        {
          utterance: 'Book Delhi',
          entityRefs: [{ entityId: 'sys.date', parameter: 'city', entityStartPos: 5, entityEndPos: 10 }],
        },
        { utterance: 'b' },
      ],
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body.message).toBe('Every tagged entity needs a parameter in the Entities table');
  });

  it('deletes an intent', async () => {
    const created = await createIntent(bookFlight('to_delete'));
    const removed = await call('DELETE', `${intentsUrl()}/${created.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.body.data).toEqual({ id: created.id });
    expect((await call('GET', `${intentsUrl()}/${created.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `${intentsUrl()}/${created.id}`)).statusCode).toBe(404);
  });

  it('keeps tenants, agents and stories apart', async () => {
    const mine = await createIntent(bookFlight('private_intent'));
    const url = `${intentsUrl()}/${mine.id}`;
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', bookFlight('hacked')],
      ['DELETE', undefined],
    ] as const) {
      expect((await call(method, url, payload, stranger.token)).statusCode).toBe(404);
      // Through another story of the same agent.
      expect((await call(method, `${intentsUrl(otherStoryId)}/${mine.id}`, payload)).statusCode).toBe(404);
      // Through another agent of the same enterprise (with my story id).
      expect((await call(method, `${intentsUrl(storyId, otherAgentId)}/${mine.id}`, payload)).statusCode).toBe(404);
    }
    expect((await call('GET', intentsUrl(), undefined, stranger.token)).statusCode).toBe(404);
    expect((await call('POST', intentsUrl(), bookFlight('intruder'), stranger.token)).statusCode).toBe(404);
    expect((await call('POST', intentsUrl(storyId, otherAgentId), bookFlight('intruder'))).statusCode).toBe(404);
    expect((await call('GET', url)).body.data.name).toBe('private_intent');
  });
});
