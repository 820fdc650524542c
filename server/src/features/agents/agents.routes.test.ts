import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { agentMessages, defaultAgentConfig } from '@parley/contracts/agents';
import { nluMessages } from '@parley/contracts/nlu';
import { knowledgeMessages } from '@parley/contracts/knowledge';
import { agentDocuments, agentIntents, agentStories, agents } from '../../db/schema/agents';
import { files } from '../../db/schema/platform';
import { as, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/test-app';

let context: TestContext;
let admin: Tenant;
let stranger: Tenant;

type Body = {
  status: boolean;
  code?: number;
  message: string;
  fieldErrors?: Record<string, string>;
  data: Record<string, unknown> & { id: string };
};

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  token = admin.token,
  app = context,
) {
  const response = await app.app.inject({ method, url, payload, headers: as(token) });
  return { statusCode: response.statusCode, body: response.json() as Body, headers: response.headers };
}

let sequence = 0;
async function createAgent(extra: { name?: string; type?: 'nlp' | 'prompt'; description?: string } = {}) {
  sequence += 1;
  const { statusCode, body } = await call('POST', '/api/agents', {
    name: extra.name ?? `Agent ${sequence}`,
    description: extra.description ?? 'Answers questions',
    type: extra.type ?? 'nlp',
  });
  expect(statusCode).toBe(200);
  return body.data;
}

async function addStory(agentId: string, enterpriseId = admin.enterpriseId) {
  const [story] = await context.database.db
    .insert(agentStories)
    .values({ enterpriseId, agentId, name: `Story ${Date.now()} ${Math.random()}` })
    .returning();
  return story!;
}

beforeAll(async () => {
  context = await createTestApp();
  admin = await createTenant(context);
  stranger = await createTenant(context);
});
afterAll(async () => {
  await context?.close();
});

describe('agents', () => {
  it('creates an agent with the default configuration and reads its details', async () => {
    const created = await createAgent({ name: '  Help   Desk ', type: 'nlp' });
    expect(created).toMatchObject({
      name: 'Help Desk',
      description: 'Answers questions',
      type: 'nlp',
      trainingStatus: 'not_trained',
      trainingMessage: null,
      trainedAt: null,
      eId: admin.enterpriseId,
      storyCount: 0,
      intentCount: 0,
      entityCount: 0,
      config: {
        entityExtractRetries: defaultAgentConfig.entityExtractRetries,
        outOfScopeMessage: defaultAgentConfig.outOfScopeMessage,
        modelType: defaultAgentConfig.modelType,
        confidenceThreshold: defaultAgentConfig.confidenceThreshold,
        language: 'en',
        openaiKey: null,
      },
      promptConfig: { openaiKey: null, prompt: '', extractData: false, userData: [] },
    });
    const [row] = await context.database.db.select().from(agents).where(eq(agents.id, created.id));
    expect(row?.createdBy).toBe(admin.userId);

    const read = await call('GET', `/api/agents/${created.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.body.data).toEqual(created);
  });

  it('answers with the spec message on create and update', async () => {
    const created = await call('POST', '/api/agents', { name: 'Messages', description: 'x', type: 'prompt' });
    expect(created.body.message).toBe(agentMessages.created);
    const updated = await call('PUT', `/api/agents/${created.body.data.id}`, {
      name: 'Messages',
      description: 'y',
      type: 'prompt',
    });
    expect(updated.body.message).toBe(agentMessages.updated);
  });

  it("reads a row without a type as 'nlp'", async () => {
    const created = await createAgent();
    await context.database.db.update(agents).set({ type: null }).where(eq(agents.id, created.id));
    expect((await call('GET', `/api/agents/${created.id}`)).body.data.type).toBe('nlp');
    const list = await call('GET', `/api/agents?name=${encodeURIComponent(String(created.name))}`);
    expect((list.body.data.agents as { type: string }[])[0]?.type).toBe('nlp');
  });

  it('asks for a name, a description and a type', async () => {
    const empty = await call('POST', '/api/agents', { name: '   ', description: ' ', type: 'robot' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body.fieldErrors).toMatchObject({
      name: agentMessages.nameRequired,
      description: agentMessages.descriptionRequired,
      type: agentMessages.typeRequired,
    });
  });

  it("refuses a duplicate name in the enterprise whatever the case: 'duplication of name'", async () => {
    await createAgent({ name: 'Billing Bot' });
    const duplicate = await call('POST', '/api/agents', { name: ' billing   BOT', description: 'd', type: 'nlp' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.body.message).toBe('duplication of name');
    expect(duplicate.body.code).toBe(5001);

    const other = await createAgent({ name: 'Sales Bot' });
    const renamed = await call('PUT', `/api/agents/${other.id}`, {
      name: 'BILLING bot',
      description: 'd',
      type: 'nlp',
    });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.body.message).toBe('duplication of name');
    expect((await call('GET', `/api/agents/${other.id}`)).body.data.name).toBe('Sales Bot');

    // Keeping its own name (in another case) is fine.
    const same = await call('PUT', `/api/agents/${other.id}`, { name: 'SALES bot', description: 'd', type: 'nlp' });
    expect(same.statusCode).toBe(200);

    // Another enterprise may use the same name.
    const foreign = await call(
      'POST',
      '/api/agents',
      { name: 'Billing Bot', description: 'd', type: 'nlp' },
      stranger.token,
    );
    expect(foreign.statusCode).toBe(200);
  });

  it('updates name, description and type and moves updatedAt', async () => {
    const created = await createAgent({ name: 'Before' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const updated = await call('PUT', `/api/agents/${created.id}`, {
      name: 'After',
      description: 'New text',
      type: 'prompt',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.body.data).toMatchObject({ name: 'After', description: 'New text', type: 'prompt' });
    expect(Date.parse(String(updated.body.data.updatedAt))).toBeGreaterThan(Date.parse(String(created.updatedAt)));
    expect(updated.body.data.createdAt).toBe(created.createdAt);
  });

  it('lists newest first, searches case-insensitively with % and _ taken literally, and pages with more', async () => {
    const tenant = await createTenant(context);
    const names = ['Paging A', 'Paging B', 'Paging C', 'Other_x', 'Percent 100%'];
    for (const name of names) {
      const created = await call('POST', '/api/agents', { name, description: 'd', type: 'nlp' }, tenant.token);
      expect(created.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    const list = (body: Body) => (body.data.agents as { name: string }[]).map((agent) => agent.name);

    const all = await call('GET', '/api/agents', undefined, tenant.token);
    expect(list(all.body)).toEqual([...names].reverse());
    expect(all.body.data.more).toBe(false);

    const first = await call('GET', '/api/agents?name=PAGING&perPage=2', undefined, tenant.token);
    expect(list(first.body)).toEqual(['Paging C', 'Paging B']);
    expect(first.body.data.more).toBe(true);
    const second = await call('GET', '/api/agents?name=paging&perPage=2&from=2', undefined, tenant.token);
    expect(list(second.body)).toEqual(['Paging A']);
    expect(second.body.data.more).toBe(false);

    expect(list((await call('GET', '/api/agents?name=_', undefined, tenant.token)).body)).toEqual(['Other_x']);
    expect(list((await call('GET', '/api/agents?name=%25', undefined, tenant.token)).body)).toEqual(['Percent 100%']);
    expect(list((await call('GET', '/api/agents?name=nothing', undefined, tenant.token)).body)).toEqual([]);

    const everything = await call('GET', '/api/agents?perPage=-1', undefined, tenant.token);
    expect(list(everything.body)).toHaveLength(5);
    expect(everything.body.data.more).toBe(false);

    // Another enterprise's agents never show.
    const foreign = await call('GET', '/api/agents?name=paging', undefined, stranger.token);
    expect(list(foreign.body)).toEqual([]);
  });

  it('pages 15 at a time by default', async () => {
    const tenant = await createTenant(context);
    await context.database.db.insert(agents).values(
      Array.from({ length: 16 }, (_, index) => ({
        enterpriseId: tenant.enterpriseId,
        name: `Bulk ${index}`,
        outOfScopeMessage: 'x',
        createdAt: new Date(Date.now() - index * 1000),
      })),
    );
    const first = await call('GET', '/api/agents', undefined, tenant.token);
    expect((first.body.data.agents as unknown[]).length).toBe(15);
    expect(first.body.data.more).toBe(true);
    const second = await call('GET', '/api/agents?from=15', undefined, tenant.token);
    expect((second.body.data.agents as { name: string }[]).map((agent) => agent.name)).toEqual(['Bulk 15']);
    expect(second.body.data.more).toBe(false);
  });

  it('refuses perPage 0 and out-of-range values', async () => {
    expect((await call('GET', '/api/agents?perPage=0')).statusCode).toBe(400);
    expect((await call('GET', '/api/agents?perPage=-2')).statusCode).toBe(400);
    expect((await call('GET', '/api/agents?from=-1')).statusCode).toBe(400);
  });

  it('counts stories, intents and entities in the details', async () => {
    const created = await createAgent();
    const story = await addStory(created.id);
    await context.database.db.insert(agentIntents).values({
      enterpriseId: admin.enterpriseId,
      agentId: created.id,
      storyId: story.id,
      name: 'Greeting',
    });
    const read = await call('GET', `/api/agents/${created.id}`);
    expect(read.body.data).toMatchObject({ storyCount: 1, intentCount: 1, entityCount: 0 });
  });

  it('deletes an empty agent with its documents and their stored files', async () => {
    const created = await createAgent();
    const [file] = await context.database.db
      .insert(files)
      .values({
        enterpriseId: admin.enterpriseId,
        name: 'guide.pdf',
        contentType: 'application/pdf',
        size: 10,
        storageKey: `${admin.enterpriseId}/missing`,
      })
      .returning();
    await context.database.db.insert(agentDocuments).values({
      enterpriseId: admin.enterpriseId,
      agentId: created.id,
      fileId: file!.id,
      fileName: 'guide.pdf',
      size: 10,
    });

    const removed = await call('DELETE', `/api/agents/${created.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.body.data).toEqual({ id: created.id });
    expect((await call('GET', `/api/agents/${created.id}`)).statusCode).toBe(404);
    expect(await context.database.db.select().from(files).where(eq(files.id, file!.id))).toEqual([]);
    expect(
      await context.database.db.select().from(agentDocuments).where(eq(agentDocuments.agentId, created.id)),
    ).toEqual([]);
  });

  it('refuses to delete an agent with stories (code 101) and keeps it', async () => {
    const created = await createAgent();
    await addStory(created.id);
    const refused = await call('DELETE', `/api/agents/${created.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.body.code).toBe(101);
    expect(refused.body.message).toBe('Agent has Stories and Intents attached to it. Cannot be deleted');
    expect((await call('GET', `/api/agents/${created.id}`)).statusCode).toBe(200);
  });

  it('keeps every agent route closed to another enterprise (404)', async () => {
    const created = await createAgent();
    const id = created.id;
    const body = { name: 'Taken over', description: 'd', type: 'nlp' };
    expect((await call('GET', `/api/agents/${id}`, undefined, stranger.token)).statusCode).toBe(404);
    expect((await call('PUT', `/api/agents/${id}`, body, stranger.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/agents/${id}`, undefined, stranger.token)).statusCode).toBe(404);
    expect((await call('POST', `/api/agents/${id}/train`, undefined, stranger.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/agents/${id}/analytics`, undefined, stranger.token)).statusCode).toBe(404);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call('GET', `/api/agents/${unknown}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/agents/${unknown}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/agents/not-a-uuid')).statusCode).toBe(400);
    // Untouched.
    expect((await call('GET', `/api/agents/${id}`)).body.data.name).toBe(created.name);
  });

  it('answers 401 without a session', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/agents' });
    expect(response.statusCode).toBe(401);
  });

  describe('train', () => {
    it('refuses an NLP agent without an intent of two training phrases', async () => {
      const created = await createAgent({ type: 'nlp' });
      const refused = await call('POST', `/api/agents/${created.id}/train`);
      expect(refused.statusCode).toBe(409);
      expect(refused.body.code).toBe(5008);

      const story = await addStory(created.id);
      await context.database.db.insert(agentIntents).values({
        enterpriseId: admin.enterpriseId,
        agentId: created.id,
        storyId: story.id,
        name: 'One phrase',
        utterances: [{ utterance: 'hello', entityDefined: false, entityRefs: [] }],
      });
      expect((await call('POST', `/api/agents/${created.id}/train`)).statusCode).toBe(409);
    });

    it('queues the training of an NLP agent with something to train, and refuses a second one meanwhile', async () => {
      const created = await createAgent({ type: 'nlp' });
      const story = await addStory(created.id);
      await context.database.db.insert(agentIntents).values({
        enterpriseId: admin.enterpriseId,
        agentId: created.id,
        storyId: story.id,
        name: 'Greeting',
        utterances: [
          { utterance: 'hello', entityDefined: false, entityRefs: [] },
          { utterance: 'hi there', entityDefined: false, entityRefs: [] },
        ],
      });
      const trained = await call('POST', `/api/agents/${created.id}/train`);
      expect(trained.statusCode).toBe(200);
      // This app runs no jobs, so the agent stays 'training' (nlu.routes.test.ts runs the job).
      expect(trained.body.data).toEqual({ trainingStatus: 'training', trainMessage: nluMessages.trainStarted });
      const details = (await call('GET', `/api/agents/${created.id}`)).body.data;
      expect(details.trainingStatus).toBe('training');
      expect(details.trainingMessage).toBe(nluMessages.trainStarted);
      const again = await call('POST', `/api/agents/${created.id}/train`);
      expect(again.statusCode).toBe(409);
      expect(again.body.code).toBe(5044);
    });

    it("starts building a prompt agent's knowledge base", async () => {
      const created = await createAgent({ type: 'prompt' });
      const trained = await call('POST', `/api/agents/${created.id}/train`);
      expect(trained.statusCode).toBe(200);
      expect(trained.body.data).toEqual({ trainingStatus: 'training', trainMessage: knowledgeMessages.started });
      const again = await call('POST', `/api/agents/${created.id}/train`);
      expect(again.statusCode).toBe(409);
    });
  });

  describe('analytics', () => {
    it('explains what to set when no analytics address is configured', async () => {
      const created = await createAgent();
      const analytics = await call('GET', `/api/agents/${created.id}/analytics`);
      expect(analytics.statusCode).toBe(200);
      expect(analytics.body.data).toEqual({
        configured: false,
        callClassificationUrl: null,
        sentimentUrl: null,
        conversationUrl: null,
        hint: agentMessages.analyticsNotConfigured,
      });
    });

    it('builds the frame addresses from PARLEY_ANALYTICS_URL and the enterprise id', async () => {
      const configured = await createTestApp({
        database: context.database,
        env: { PARLEY_ANALYTICS_URL: 'https://analytics.example.com/app/' },
      });
      try {
        const tenant = await createTenant(configured);
        const created = await call(
          'POST',
          '/api/agents',
          { name: 'Analysed', description: 'd', type: 'nlp' },
          tenant.token,
          configured,
        );
        const id = created.body.data.id;
        const analytics = await call('GET', `/api/agents/${id}/analytics`, undefined, tenant.token, configured);
        const eId = tenant.enterpriseId;
        expect(analytics.body.data).toEqual({
          configured: true,
          callClassificationUrl: `https://analytics.example.com/app/call-classification?enterpriseId=${eId}&departmentId=0`,
          sentimentUrl: `https://analytics.example.com/app/sentiment-emotions?enterpriseId=${eId}&agentId=${id}`,
          conversationUrl: `https://analytics.example.com/app/conversation?enterpriseId=${eId}&agent_id=${id}`,
          hint: null,
        });
        // The browser may load those frames: the CSP names the analytics origin.
        const csp = String(analytics.headers['content-security-policy']);
        expect(csp).toContain("frame-src 'self' https://analytics.example.com");
      } finally {
        await configured.close();
      }
    });
  });
});
