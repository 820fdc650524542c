import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { agentIntents } from './db/schema/agents';
import { as, createTestApp, json, login, type TestContext } from '../test/test-app';
import { OFFLINE_GENAI_CONFIG } from '@parley/contracts/integrations';
import { seedDemo, type DemoLogin } from './seed';

describe('first-start seed', () => {
  let context: TestContext;
  let demo: DemoLogin;
  let token: string;
  let dataDir: string;

  beforeAll(async () => {
    context = await createTestApp();
    // The app's own data folder: the demo's files are where the app reads them.
    dataDir = context.config.dataDir;
    const seeded = await seedDemo(context.database, { dataDir, scryptLogN: 10 });
    demo = seeded.login!;
    expect(seeded.created?.nlpAgentIds).toHaveLength(1);
    token = await login(context, demo.email, demo.password);
  });
  afterAll(async () => {
    await context.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs once: a second start prints the same login and adds nothing', async () => {
    expect(await seedDemo(context.database, { dataDir, scryptLogN: 10 })).toEqual({ login: demo, created: null });
    const agents = json(await context.app.inject({ method: 'GET', url: '/api/agents', headers: as(token) }));
    expect(agents.data.agents).toHaveLength(2);
  });

  it('gives the demo admin an NLP agent with stories, intents and entities, and a prompt agent', async () => {
    const list = json<{ data: { agents: { id: string; name: string; type: string }[] } }>(
      await context.app.inject({ method: 'GET', url: '/api/agents', headers: as(token) }),
    );
    const travel = list.data.agents.find((agent) => agent.name === 'Demo Travel Assistant')!;
    expect(travel.type).toBe('nlp');
    expect(list.data.agents.find((agent) => agent.name === 'Support Concierge')?.type).toBe('prompt');

    const details = json(
      await context.app.inject({ method: 'GET', url: `/api/agents/${travel.id}`, headers: as(token) }),
    );
    expect(details.data).toMatchObject({ storyCount: 3, intentCount: 5, entityCount: 2 });
    // 'I need a human' on the Sandbox phone: the bot answers, then hands the customer to people.
    const handoffs = await context.database.db
      .select({ name: agentIntents.name })
      .from(agentIntents)
      .where(and(eq(agentIntents.agentId, travel.id), eq(agentIntents.handoff, true)));
    expect(handoffs).toEqual([{ name: 'human_help' }]);

    const stories = json<{ data: { name: string; childStories: { name: string; intentCount: number }[] }[] }>(
      await context.app.inject({ method: 'GET', url: `/api/agents/${travel.id}/stories`, headers: as(token) }),
    );
    expect(stories.data.map((story) => story.name)).toEqual(['Flights', 'Greetings']);
    expect(stories.data[0]!.childStories).toMatchObject([{ name: 'Booking', intentCount: 2 }]);
  });

  it("gives the prompt agent a knowledge base of two real PDFs, the policy and the console's help, offline", async () => {
    const list = json<{ data: { agents: { id: string; name: string }[] } }>(
      await context.app.inject({ method: 'GET', url: '/api/agents', headers: as(token) }),
    );
    const concierge = list.data.agents.find((agent) => agent.name === 'Support Concierge')!;
    const knowledge = json<{ data: { kbFromDoc: boolean; documents: { id: string; fileName: string }[] } }>(
      await context.app.inject({ method: 'GET', url: `/api/agents/${concierge.id}/genai-config`, headers: as(token) }),
    );
    expect(knowledge.data.kbFromDoc).toBe(true);
    expect(knowledge.data.documents.map((document) => document.fileName)).toEqual([
      'Demo Enterprise orders, delivery and returns.pdf',
      'Parley help.pdf',
    ]);
    const help = await context.app.inject({
      method: 'GET',
      url: `/api/agents/${concierge.id}/documents/${knowledge.data.documents[1]!.id}/content`,
      headers: as(token),
    });
    expect(help.headers['content-type']).toBe('application/pdf');
    expect(help.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const details = json<{ data: { promptConfig: { openaiKey: string | null } } }>(
      await context.app.inject({ method: 'GET', url: `/api/agents/${concierge.id}`, headers: as(token) }),
    );
    expect(details.data.promptConfig.openaiKey).toBe(OFFLINE_GENAI_CONFIG.id);
  });

  it('gives campaigns protection rules that let a newcomer send at any hour: the cap on, the night quiet hours off', async () => {
    const rules = json<{
      data: {
        blockTimes: { name: string; from: string; to: string; enabled: boolean }[];
        frequencyCaps: { name: string; enabled: boolean }[];
      };
    }>(await context.app.inject({ method: 'GET', url: '/api/campaign-rules', headers: as(token) }));
    expect(rules.data.blockTimes).toMatchObject([{ name: 'Night', from: '21:00', to: '09:00', enabled: false }]);
    expect(rules.data.frequencyCaps).toMatchObject([{ name: 'Two a day', enabled: true }]);
  });
});
