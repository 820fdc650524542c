import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, login, type TestContext } from '../../../test/test-app';
import { seedDemo, trainDemoAgents } from '../../seed';

describe('the demo travel assistant', () => {
  let context: TestContext;
  let token: string;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-demo-train-'));

  beforeAll(async () => {
    context = await createTestApp({ withJobs: true });
    const demo = (await seedDemo(context.database, { dataDir, scryptLogN: 10 }))!;
    token = await login(context, demo.email, demo.password);
  });
  afterAll(async () => {
    await context.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function call(method: 'GET' | 'POST', url: string, payload?: object) {
    const response = await context.app.inject({ method, url, payload, headers: as(token) });
    return response.json() as { data: Record<string, unknown> };
  }

  it('is trained after the first start and answers in Try it', async () => {
    expect(await trainDemoAgents(context.database, context.jobs)).toBe(1);
    const list = (await call('GET', '/api/agents')).data.agents as unknown as { id: string; name: string }[];
    const travel = list.find((agent) => agent.name === 'Demo Travel Assistant')!;
    let status = 'training';
    for (let attempt = 0; attempt < 240 && status === 'training'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = (await call('GET', `/api/agents/${travel.id}/training`)).data.trainingStatus as string;
    }
    expect(status).toBe('trained');
    // A second call queues nothing: the agent is trained.
    expect(await trainDemoAgents(context.database, context.jobs)).toBe(0);

    const hello = await call('POST', '/api/predictIntent', { message: { text: 'hello there' }, agentId: travel.id });
    expect(hello.data).toMatchObject({ intent: 'greet', intentIdentified: true });
    const booking = await call('POST', '/api/predictIntent', {
      message: { text: 'book me a flight' },
      agentId: travel.id,
    });
    expect(booking.data).toMatchObject({ intent: 'book_flight', awaitingParameter: 'city' });
  });
});
