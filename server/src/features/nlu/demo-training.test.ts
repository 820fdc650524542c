import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, login, type TestContext } from '../../../test/test-app';
import { openTestDatabase } from '../../../test/test-database';
import type { Database } from '../../db/client';
import { seedDemo } from '../../seed';

describe('the demo agents after a first start', () => {
  let database: Database;
  let context: TestContext;
  let token: string;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-demo-train-'));

  beforeAll(async () => {
    // A first start: the seed runs, then the app comes up and queues the demo agents' training.
    database = await openTestDatabase();
    const seeded = await seedDemo(database, { dataDir, scryptLogN: 10 });
    context = await createTestApp({
      database,
      withJobs: true,
      // The seed's data folder: the demo's PDFs are where the app reads them.
      env: { PARLEY_DATA_DIR: dataDir },
      trainOnReady: {
        enterpriseId: seeded.created!.enterpriseId,
        agentIds: seeded.created!.nlpAgentIds,
        knowledgeAgentIds: seeded.created!.knowledgeAgentIds,
      },
    });
    token = await login(context, seeded.login!.email, seeded.login!.password);
  });
  afterAll(async () => {
    await context.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function call(method: 'GET' | 'POST', url: string, payload?: object) {
    const response = await context.app.inject({ method, url, payload, headers: as(token) });
    return response.json() as { data: Record<string, unknown> };
  }

  it('is trained after the first start and answers in Try it', async () => {
    const list = (await call('GET', '/api/agents')).data.agents as unknown as { id: string; name: string }[];
    const travel = list.find((agent) => agent.name === 'Demo Travel Assistant')!;
    let status = 'training';
    for (let attempt = 0; attempt < 240 && status === 'training'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = (await call('GET', `/api/agents/${travel.id}/training`)).data.trainingStatus as string;
    }
    expect(status).toBe('trained');
    // A second start creates nothing, so it queues nothing.
    expect((await seedDemo(database, { dataDir, scryptLogN: 10 })).created).toBeNull();

    const hello = await call('POST', '/api/predictIntent', { message: { text: 'hello there' }, agentId: travel.id });
    expect(hello.data).toMatchObject({ intent: 'greet', intentIdentified: true });
    const booking = await call('POST', '/api/predictIntent', {
      message: { text: 'book me a flight' },
      agentId: travel.id,
    });
    expect(booking.data).toMatchObject({ intent: 'book_flight', awaitingParameter: 'city' });
  });

  it("has built the concierge's knowledge base, which answers from its PDFs with no network and no LLM", async () => {
    const list = (await call('GET', '/api/agents')).data.agents as unknown as { id: string; name: string }[];
    const concierge = list.find((agent) => agent.name === 'Support Concierge')!;
    let status = 'training';
    for (let attempt = 0; attempt < 480 && status === 'training'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = (await call('GET', `/api/agents/${concierge.id}/training`)).data.trainingStatus as string;
    }
    expect(status).toBe('trained');
    const knowledge = (await call('GET', `/api/agents/${concierge.id}/knowledge`)).data as {
      message: string;
      sources: { label: string; status: string; pagesDone: number; passages: number }[];
    };
    expect(knowledge.message).toMatch(/^Indexed \d+ passages from 2 documents$/);
    expect(knowledge.sources.map((source) => [source.label, source.status, source.pagesDone])).toEqual([
      ['Demo Enterprise orders, delivery and returns.pdf', 'indexed', 4],
      ['Parley help.pdf', 'indexed', 8],
    ]);

    const refund = await call('POST', '/api/predictIntent', {
      message: { text: 'How long does a refund take?' },
      agentId: concierge.id,
    });
    expect(refund.data.output).toMatchObject({ text: expect.stringContaining('five working days') });
    expect((refund.data.source as string[])[0]).toMatch(/\/documents\/[0-9a-f-]+\/content#page=3$/);

    const upload = await call('POST', '/api/predictIntent', {
      message: { text: 'How do I upload many customers from a CSV file?' },
      agentId: concierge.id,
    });
    expect(upload.data.output).toMatchObject({ text: expect.stringContaining('CSV') });
    expect((upload.data.source as string[])[0]).toMatch(/content#page=7$/);
  });
});
