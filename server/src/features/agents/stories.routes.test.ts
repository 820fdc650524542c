import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents } from '../../db/schema/agents';
import { as, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/test-app';

let context: TestContext;
let admin: Tenant;
let stranger: Tenant;
let agentId: string;
let otherAgentId: string;
let strangerAgentId: string;

type StoryData = { id: string; name: string; parentId: string | null; intentCount: number; childStories: StoryData[] };
type Body = {
  status: boolean;
  code?: number;
  message: string;
  fieldErrors?: Record<string, string>;
  data: StoryData & { deletedIntents?: number };
};

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin.token) {
  const response = await context.app.inject({ method, url, payload, headers: as(token) });
  return { statusCode: response.statusCode, body: response.json() as Body };
}

async function tree(agent = agentId, token = admin.token) {
  const response = await context.app.inject({
    method: 'GET',
    url: `/api/agents/${agent}/stories`,
    headers: as(token),
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { data: StoryData[] }).data;
}

async function createStory(name: string, parentId: string | null = null, agent = agentId) {
  const { statusCode, body } = await call('POST', `/api/agents/${agent}/stories`, { name, parentId });
  expect(statusCode, JSON.stringify(body)).toBe(200);
  return body.data;
}

async function createAgent(enterpriseId: string, name: string) {
  const [row] = await context.database.db
    .insert(agents)
    .values({ enterpriseId, name, type: 'nlp', outOfScopeMessage: 'Sorry' })
    .returning({ id: agents.id });
  return row!.id;
}

const phrases = [{ utterance: 'hello there' }, { utterance: 'hi' }];
async function createIntent(storyId: string, name: string) {
  const response = await context.app.inject({
    method: 'POST',
    url: `/api/agents/${agentId}/stories/${storyId}/intents`,
    payload: { name, utterances: phrases, responses: [{ response: 'Hello!' }] },
    headers: as(admin.token),
  });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  context = await createTestApp();
  admin = await createTenant(context);
  stranger = await createTenant(context);
  agentId = await createAgent(admin.enterpriseId, 'Travel bot');
  otherAgentId = await createAgent(admin.enterpriseId, 'Other bot');
  strangerAgentId = await createAgent(stranger.enterpriseId, 'Stranger bot');
});
afterAll(async () => {
  await context?.close();
});

describe('stories', () => {
  it('answers an empty tree for a new agent', async () => {
    expect(await tree(otherAgentId)).toEqual([]);
  });

  it('creates root and sub-stories and answers the tree: roots by name, children nested, intent counts', async () => {
    const zeta = await createStory('  Zeta   travel ');
    expect(zeta).toMatchObject({ name: 'Zeta travel', parentId: null, intentCount: 0, childStories: [] });
    const alpha = await createStory('Alpha');
    const child = await createStory('Bookings', alpha.id);
    const grandChild = await createStory('Cancellations', child.id);
    await createIntent(child.id, 'book_ticket');
    await createIntent(child.id, 'change_ticket');

    const stories = await tree();
    expect(stories.map((story) => story.name)).toEqual(['Alpha', 'Zeta travel']);
    expect(stories[0]).toEqual({
      id: alpha.id,
      name: 'Alpha',
      agentId,
      parentId: null,
      intentCount: 0,
      childStories: [
        {
          id: child.id,
          name: 'Bookings',
          agentId,
          parentId: alpha.id,
          intentCount: 2,
          childStories: [
            { id: grandChild.id, name: 'Cancellations', agentId, parentId: child.id, intentCount: 0, childStories: [] },
          ],
        },
      ],
    });
  });

  it('asks for a valid name', async () => {
    for (const name of ['', '    ', undefined]) {
      const refused = await call('POST', `/api/agents/${agentId}/stories`, name === undefined ? {} : { name });
      expect(refused.statusCode).toBe(400);
      expect(refused.body.message).toBe('Please give valid name');
    }
  });

  it('refuses a duplicate name in the agent, whatever the case and spacing, and keeps the first', async () => {
    const first = await createStory('Payments');
    const duplicate = await call('POST', `/api/agents/${agentId}/stories`, { name: ' PAYMENTS ' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.body.message).toBe('Duplication of story name');
    expect(duplicate.body.code).toBe(5011);

    const other = await createStory('Refunds');
    const renamed = await call('PUT', `/api/agents/${agentId}/stories/${other.id}`, { name: 'payments' });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.body.message).toBe('Duplication of story name');
    // Renaming a story to its own name (another case) is fine.
    const same = await call('PUT', `/api/agents/${agentId}/stories/${first.id}`, { name: 'PAYMENTS' });
    expect(same.statusCode).toBe(200);
    expect(same.body.data.name).toBe('PAYMENTS');
    // Another agent may use the same name.
    await createStory('Payments', null, otherAgentId);
  });

  it('renames and moves a story, and refuses moving it under itself or a descendant', async () => {
    const root = await createStory('Move root');
    const child = await createStory('Move child', root.id);
    const grandChild = await createStory('Move grandchild', child.id);
    const target = await createStory('Move target');

    const self = await call('PUT', `/api/agents/${agentId}/stories/${root.id}`, {
      name: 'Move root',
      parentId: root.id,
    });
    expect(self.statusCode).toBe(400);
    expect(self.body.code).toBe(5012);
    expect(self.body.message).toBe('A story cannot be moved under itself or one of its sub-stories');
    const under = await call('PUT', `/api/agents/${agentId}/stories/${root.id}`, {
      name: 'Move root',
      parentId: grandChild.id,
    });
    expect(under.statusCode).toBe(400);
    expect(under.body.code).toBe(5012);

    const moved = await call('PUT', `/api/agents/${agentId}/stories/${child.id}`, {
      name: 'Moved child',
      parentId: target.id,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.body.data).toMatchObject({ name: 'Moved child', parentId: target.id });
    expect(moved.body.data.childStories.map((story) => story.id)).toEqual([grandChild.id]);
    const stories = await tree();
    expect(stories.find((story) => story.id === root.id)?.childStories).toEqual([]);
    expect(stories.find((story) => story.id === target.id)?.childStories[0]?.id).toBe(child.id);

    // A rename without parentId keeps the story where it is.
    const renamed = await call('PUT', `/api/agents/${agentId}/stories/${child.id}`, { name: 'Renamed child' });
    expect(renamed.body.data).toMatchObject({ name: 'Renamed child', parentId: target.id });

    // Back to the root level.
    const toRoot = await call('PUT', `/api/agents/${agentId}/stories/${child.id}`, {
      name: 'Renamed child',
      parentId: null,
    });
    expect(toRoot.body.data.parentId).toBeNull();
  });

  it('refuses nesting deeper than five levels, also when moving a subtree', async () => {
    let parent: string | null = null;
    const chain: string[] = [];
    for (let level = 1; level <= 5; level += 1) {
      const story = await createStory(`Depth ${level}`, parent);
      chain.push(story.id);
      parent = story.id;
    }
    const tooDeep = await call('POST', `/api/agents/${agentId}/stories`, { name: 'Depth 6', parentId: parent });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.body.code).toBe(5014);

    const pair = await createStory('Pair top');
    await createStory('Pair bottom', pair.id);
    const moved = await call('PUT', `/api/agents/${agentId}/stories/${pair.id}`, {
      name: 'Pair top',
      parentId: chain[3],
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.body.code).toBe(5014);
    const fits = await call('PUT', `/api/agents/${agentId}/stories/${pair.id}`, {
      name: 'Pair top',
      parentId: chain[2],
    });
    expect(fits.statusCode).toBe(200);
  });

  it('refuses a parent of another agent or enterprise, or unknown', async () => {
    const foreign = await createStory('Foreign parent', null, otherAgentId);
    const refused = await call('POST', `/api/agents/${agentId}/stories`, { name: 'Orphan', parentId: foreign.id });
    expect(refused.statusCode).toBe(404);
    const unknown = await call('POST', `/api/agents/${agentId}/stories`, {
      name: 'Orphan',
      parentId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await tree()).some((story) => story.name === 'Orphan')).toBe(false);
  });

  it('deletes a story with its sub-stories and their intents, and counts the intents', async () => {
    const root = await createStory('Doomed');
    const child = await createStory('Doomed child', root.id);
    await createIntent(root.id, 'doomed_one');
    await createIntent(child.id, 'doomed_two');
    await createIntent(child.id, 'doomed_three');

    const removed = await call('DELETE', `/api/agents/${agentId}/stories/${root.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.body.data).toEqual({ id: root.id, deletedIntents: 3 });
    const stories = await tree();
    expect(stories.some((story) => story.id === root.id)).toBe(false);
    const list = await call('GET', `/api/agents/${agentId}/stories/${child.id}/intents`);
    expect(list.statusCode).toBe(404);
    // The intent names are free again.
    const again = await createStory('Doomed again');
    await createIntent(again.id, 'doomed_one');
    expect((await call('DELETE', `/api/agents/${agentId}/stories/${root.id}`)).statusCode).toBe(404);
  });

  it('keeps tenants and agents apart', async () => {
    const mine = await createStory('Private story');
    // Another enterprise sees neither the agent nor the story.
    expect((await call('GET', `/api/agents/${agentId}/stories`, undefined, stranger.token)).statusCode).toBe(404);
    expect(
      (await call('POST', `/api/agents/${agentId}/stories`, { name: 'Intruder' }, stranger.token)).statusCode,
    ).toBe(404);
    expect(
      (await call('PUT', `/api/agents/${agentId}/stories/${mine.id}`, { name: 'Hacked' }, stranger.token)).statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', `/api/agents/${agentId}/stories/${mine.id}`, undefined, stranger.token)).statusCode,
    ).toBe(404);
    // The stranger's own agent does not reach my story either.
    expect(
      (await call('PUT', `/api/agents/${strangerAgentId}/stories/${mine.id}`, { name: 'Hacked' }, stranger.token))
        .statusCode,
    ).toBe(404);
    // Nor does another agent of my enterprise.
    expect((await call('PUT', `/api/agents/${otherAgentId}/stories/${mine.id}`, { name: 'Moved' })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/agents/${otherAgentId}/stories/${mine.id}`)).statusCode).toBe(404);
    expect((await tree()).find((story) => story.id === mine.id)?.name).toBe('Private story');
    expect((await call('GET', `/api/agents/00000000-0000-4000-8000-000000000000/stories`)).statusCode).toBe(404);
  });
});
