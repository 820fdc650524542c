import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { agentIntents } from './db/schema/agents';
import { as, createTestApp, json, login, type TestContext } from '../test/test-app';
import { seedDemo, type DemoLogin } from './seed';

describe('first-start seed', () => {
  let context: TestContext;
  let demo: DemoLogin;
  let token: string;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-seed-'));

  beforeAll(async () => {
    context = await createTestApp();
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
});
