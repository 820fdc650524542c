import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AGENT_TRAINED_EVENT, emotions, nluMessages } from '@parley/contracts/nlu';
import { agents } from '../../db/schema/agents';
import { agentConversationMessages, agentModels, agentSessions } from '../../db/schema/nlu';
import { createNluRepository, SESSION_IDLE_MS } from './nlu.repository';
import type { BusEvent } from '../../platform/realtime/bus';
import { as, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/test-app';
import { openTestDatabase } from '../../../test/test-database';
import type { createTravelAgentShell } from '../../../test/travel-agent';
import {
  TRAVEL_CITY_PROMPTS,
  TRAVEL_OUT_OF_SCOPE,
  buildTravelAgent as buildTravelKit,
  waitForTraining as waitForKitTraining,
} from '../../../test/travel-agent';

// Answers are read deep into; the contracts' schemas check them on the server (strict responses).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
type Body = {
  status: boolean;
  code?: number;
  message: string;
  fieldErrors?: Record<string, string>;
  data: Record<string, Loose>;
};

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let context: TestContext;
let admin: Tenant;
let stranger: Tenant;
let travel: { agentId: string; cityId: string; storyId: string };
const events: BusEvent[] = [];

/** A fake OpenAI-compatible endpoint: answers what `fakeAnswer` says and remembers the requests. */
let fake: http.Server;
let fakeUrl = '';
const fakeRequests: { url: string; authorization?: string; body: Loose }[] = [];
let fakeAnswer: (body: Loose) => { status: number; json: unknown } = () => ({ status: 500, json: {} });

const OUT_OF_SCOPE = TRAVEL_OUT_OF_SCOPE;
const CITY_PROMPTS = TRAVEL_CITY_PROMPTS;

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin.token) {
  const response = await context.app.inject({ method, url, payload, headers: as(token) });
  return { statusCode: response.statusCode, body: response.json() as Body };
}

async function ok(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = admin.token) {
  const response = await call(method, url, payload, token);
  expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

const buildTravelAgent = (token = admin.token, config: Parameters<typeof createTravelAgentShell>[2] = {}) =>
  buildTravelKit(ok, token, config);
const waitForTraining = (agentId: string, token = admin.token) => waitForKitTraining(ok, agentId, token);

async function predict(agentId: string, text: string, sessionId?: string | null, token = admin.token) {
  return call('POST', '/api/predictIntent', { message: { type: 'text', text }, agentId, sessionId }, token);
}

async function openApp() {
  context = await createTestApp({ database, withJobs: true, env: { PARLEY_OUTBOUND_ALLOW: '127.0.0.1' } });
  context.bus.subscribe((event) => events.push(event));
}

beforeAll(async () => {
  fake = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const body = raw ? JSON.parse(raw) : null;
      fakeRequests.push({ url: request.url ?? '', authorization: request.headers.authorization, body });
      const answer = fakeAnswer(body);
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;

  database = await openTestDatabase();
  await openApp();
  admin = await createTenant(context);
  stranger = await createTenant(context);
  travel = await buildTravelAgent();
}, 120_000);

afterAll(async () => {
  await context?.close();
  await database?.close();
  await new Promise((resolve) => fake?.close(resolve));
});

describe('training', () => {
  it('refuses to converse before training', async () => {
    const refused = await predict(travel.agentId, 'hello');
    expect(refused.statusCode).toBe(409);
    expect(refused.body.code).toBe(5041);
    expect(refused.body.message).toBe(nluMessages.notTrained);
    const state = await ok('GET', `/api/agents/${travel.agentId}/training`);
    expect(state).toEqual({ trainingStatus: 'not_trained', trainingMessage: null, trainedAt: null, report: null });
  });

  it("tells a prompt agent's Try it to build its knowledge base first instead of not trained", async () => {
    const prompt = await ok('POST', '/api/agents', {
      name: 'Prompt concierge',
      description: 'Answers',
      type: 'prompt',
    });
    const refused = await predict(prompt.id as string, 'hello');
    expect(refused.statusCode).toBe(409);
    expect(refused.body.code).toBe(5045);
    expect(refused.body.message).toContain('Add websites or PDF documents on the Knowledge Base tab');
  });

  it('queues the job, refuses a second one meanwhile, then swaps the model in with a report', async () => {
    const started = await ok('POST', `/api/agents/${travel.agentId}/train`);
    expect(started).toEqual({ trainingStatus: 'training', trainMessage: nluMessages.trainStarted });
    const again = await call('POST', `/api/agents/${travel.agentId}/train`);
    expect(again.statusCode).toBe(409);
    expect(again.body.code).toBe(5044);

    const state = await waitForTraining(travel.agentId);
    expect(state.trainingStatus, state.trainingMessage).toBe('trained');
    expect(state.trainingMessage).toMatch(/^Agent trained on 3 intents and 17 training phrases in \d+\.\d s$/);
    expect(state.trainedAt).not.toBeNull();
    const report = state.report;
    expect(report).toMatchObject({ modelType: 'SVM', intents: 3, phrases: 17, folds: 5 });
    expect(report.perIntent.map((row: { intent: string }) => row.intent).sort()).toEqual([
      'book_flight',
      'booking_status',
      'greeting',
    ]);
    expect(report.accuracy).toBeGreaterThan(0);
    expect(Array.isArray(report.confusedPairs)).toBe(true);
    expect(Array.isArray(report.nearDuplicates)).toBe(true);

    const details = await ok('GET', `/api/agents/${travel.agentId}`);
    expect(details.trainingStatus).toBe('trained');
    expect(
      events.some(
        (event) =>
          event.name === AGENT_TRAINED_EVENT &&
          event.enterpriseId === admin.enterpriseId &&
          (event.payload as { agentId: string }).agentId === travel.agentId,
      ),
    ).toBe(true);
  });

  it('answers the training state of its own agents only', async () => {
    expect((await call('GET', `/api/agents/${travel.agentId}/training`, undefined, stranger.token)).statusCode).toBe(
      404,
    );
    expect((await call('POST', `/api/agents/${travel.agentId}/train`, undefined, stranger.token)).statusCode).toBe(404);
  });
});

describe('predictIntent', () => {
  it('answers a greeting with its response and a new session id', async () => {
    const { statusCode, body } = await predict(travel.agentId, 'hello there');
    expect(statusCode, JSON.stringify(body)).toBe(200);
    expect(body.data).toMatchObject({
      output: { text: 'Hello! How can I help you today?' },
      source: [],
      intentIdentified: true,
      intent: 'greeting',
      awaitingParameter: null,
    });
    expect(body.data.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(emotions).toContain(body.data.emotion);
    expect(body.data.confidence).toBeGreaterThan(0.4);
  });

  it('asks for a missing required parameter, then fills it into the response', async () => {
    const first = await predict(travel.agentId, 'I want to book a flight', '');
    expect(first.statusCode, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.intent).toBe('book_flight');
    expect(first.body.data.awaitingParameter).toBe('city');
    expect(CITY_PROMPTS).toContain(first.body.data.output.text);
    const sessionId = first.body.data.sessionId as string;

    const second = await predict(travel.agentId, 'Delhi', sessionId);
    expect(second.statusCode, JSON.stringify(second.body)).toBe(200);
    expect(second.body.data.sessionId).toBe(sessionId);
    expect(second.body.data.output.text).toBe('Booking a flight to **Delhi**.');
    expect(second.body.data.awaitingParameter).toBeNull();
    expect(second.body.data.parameters).toEqual([
      expect.objectContaining({ parameter: 'city', entityId: travel.cityId, value: 'Delhi' }),
    ]);
  });

  it('re-prompts when the answer holds no value, then gives up with the out-of-scope message', async () => {
    const first = await predict(travel.agentId, 'book me a plane ticket');
    const sessionId = first.body.data.sessionId as string;
    expect(first.body.data.awaitingParameter).toBe('city');
    const second = await predict(travel.agentId, 'no idea honestly', sessionId);
    expect(second.body.data.awaitingParameter).toBe('city');
    expect(CITY_PROMPTS).toContain(second.body.data.output.text);
    let last = second;
    for (let attempt = 0; attempt < 3 && last.body.data.awaitingParameter; attempt += 1)
      last = await predict(travel.agentId, 'still not sure', sessionId);
    expect(last.body.data.awaitingParameter).toBeNull();
    expect(last.body.data.output.text).toBe(OUT_OF_SCOPE);
  });

  it('fills a parameter given in the first message at once', async () => {
    const { body } = await predict(travel.agentId, 'book a flight to Bombay');
    expect(body.data.output.text).toBe('Booking a flight to **Mumbai**.');
  });

  it('answers gibberish with the out-of-scope message, as weak understanding', async () => {
    const { body } = await predict(travel.agentId, 'qwzx plov trunm vek');
    expect(body.data.intentIdentified).toBe(false);
    expect(body.data.output.text).toBe(OUT_OF_SCOPE);
  });

  it('logs every message with its emotion and the other candidates', async () => {
    const { body } = await predict(travel.agentId, 'thank you so much, I love this!');
    const rows = await context.database.db
      .select()
      .from(agentConversationMessages)
      .where(
        and(
          eq(agentConversationMessages.agentId, travel.agentId),
          eq(agentConversationMessages.sessionId, body.data.sessionId),
        ),
      );
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      enterpriseId: admin.enterpriseId,
      userMessage: 'thank you so much, I love this!',
      intentIdentified: body.data.intentIdentified,
      intent: body.data.intent,
      botResponse: body.data.output.text,
      emotion: body.data.emotion,
    });
    expect(emotions).toContain(row.emotion as (typeof emotions)[number]);
    expect(row.otherIntent.length).toBeGreaterThan(0);
    expect(row.otherIntent.length).toBeLessThanOrEqual(3);
    expect(row.otherIntent[0]).toEqual({
      intent: expect.any(String),
      confidence: expect.any(Number),
      utterance: expect.anything(),
    });
    expect(row.createdOn).toBeInstanceOf(Date);
    const all = await context.database.db
      .select({ id: agentConversationMessages.id })
      .from(agentConversationMessages)
      .where(eq(agentConversationMessages.agentId, travel.agentId));
    expect(all.length).toBeGreaterThanOrEqual(9);
  });

  it("keeps tenants apart: another tenant's agent is not found, a session id of another agent starts fresh", async () => {
    const foreign = await predict(travel.agentId, 'hello', null, stranger.token);
    expect(foreign.statusCode).toBe(404);

    const first = await predict(travel.agentId, 'I want to book a flight');
    expect(first.body.data.awaitingParameter).toBe('city');
    const theirs = await buildTravelAgent(stranger.token);
    await ok('POST', `/api/agents/${theirs.agentId}/train`, undefined, stranger.token);
    expect((await waitForTraining(theirs.agentId, stranger.token)).trainingStatus).toBe('trained');
    // The same session id on the stranger's agent: no pending booking there, 'Delhi' alone is no intent.
    const reused = await predict(theirs.agentId, 'hello', first.body.data.sessionId, stranger.token);
    expect(reused.statusCode).toBe(200);
    expect(reused.body.data.intent).toBe('greeting');
    expect(reused.body.data.awaitingParameter).toBeNull();
    // And the admin's conversation is untouched.
    const resumed = await predict(travel.agentId, 'Chennai', first.body.data.sessionId);
    expect(resumed.body.data.output.text).toBe('Booking a flight to **Chennai**.');
  });

  it('forgets a conversation idle for over a week, and the sweep deletes only such states', async () => {
    const stale = await predict(travel.agentId, 'I want to book a flight');
    expect(stale.body.data.awaitingParameter).toBe('city');
    const fresh = await predict(travel.agentId, 'book me a plane ticket');
    expect(fresh.body.data.awaitingParameter).toBe('city');
    const staleSession = stale.body.data.sessionId as string;
    await context.database.db
      .update(agentSessions)
      .set({ updatedAt: new Date(Date.now() - SESSION_IDLE_MS - 60_000) })
      .where(eq(agentSessions.sessionId, staleSession));

    // The booking it was filling is gone: 'Delhi' alone is no intent.
    const resumed = await predict(travel.agentId, 'Delhi', staleSession);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.body.data.sessionId).toBe(staleSession);
    expect(resumed.body.data.awaitingParameter).toBeNull();
    expect(resumed.body.data.output.text).not.toContain('Booking a flight');

    await context.database.db
      .update(agentSessions)
      .set({ updatedAt: new Date(Date.now() - SESSION_IDLE_MS - 60_000) })
      .where(eq(agentSessions.sessionId, staleSession));
    const sessionsLeft = async () =>
      (await context.database.db.select({ id: agentSessions.sessionId }).from(agentSessions)).map((row) => row.id);
    expect(await sessionsLeft()).toContain(staleSession);
    const deleted = await createNluRepository(context.database.db).deleteIdleSessions(1);
    expect(deleted).toBeGreaterThanOrEqual(1);
    const left = await sessionsLeft();
    expect(left).not.toContain(staleSession);
    expect(left).toContain(fresh.body.data.sessionId);
    // The fresh conversation still fills its booking.
    const filled = await predict(travel.agentId, 'Mumbai', fresh.body.data.sessionId);
    expect(filled.body.data.output.text).toBe('Booking a flight to **Mumbai**.');
  });

  it('validates the message', async () => {
    const empty = await call('POST', '/api/predictIntent', { message: { text: '   ' }, agentId: travel.agentId });
    expect(empty.statusCode).toBe(400);
    const unknown = await predict('00000000-0000-4000-8000-000000000000', 'hello');
    expect(unknown.statusCode).toBe(404);
  });
});

describe('retraining and restarts', () => {
  it('keeps answering with the previous model while a new one trains (atomic swap)', async () => {
    const before = await context.database.db
      .select({ activeModelId: agents.activeModelId })
      .from(agents)
      .where(eq(agents.id, travel.agentId));
    await ok('POST', `/api/agents/${travel.agentId}/stories/${travel.storyId}/intents`, {
      name: 'farewell',
      utterances: ['goodbye', 'bye bye', 'see you later', 'farewell friend', 'talk to you later'].map((utterance) => ({
        utterance,
      })),
      responses: [{ response: 'Goodbye, have a good trip!' }],
      entities: [],
    });
    await ok('POST', `/api/agents/${travel.agentId}/train`);
    // The job has not even been picked up yet: the old model answers, and knows no farewell.
    const during = await predict(travel.agentId, 'hello');
    expect(during.statusCode).toBe(200);
    expect(during.body.data.intent).toBe('greeting');
    expect((await ok('GET', `/api/agents/${travel.agentId}`)).trainingStatus).toBe('training');

    expect((await waitForTraining(travel.agentId)).trainingStatus).toBe('trained');
    const after = await predict(travel.agentId, 'goodbye, see you later');
    expect(after.body.data.output.text).toBe('Goodbye, have a good trip!');
    const models = await context.database.db
      .select({ id: agentModels.id })
      .from(agentModels)
      .where(eq(agentModels.agentId, travel.agentId));
    expect(models).toHaveLength(1);
    expect(models[0]!.id).not.toBe(before[0]!.activeModelId);
  });

  it('answers with the stored model after a restart, without retraining', async () => {
    const conversation = await predict(travel.agentId, 'I want to book a flight');
    await context.close();
    await openApp();
    admin = { ...admin, token: (await createTenant(context, { enterpriseId: admin.enterpriseId })).token };
    const state = await ok('GET', `/api/agents/${travel.agentId}/training`);
    expect(state.trainingStatus).toBe('trained');
    const resumed = await predict(travel.agentId, 'Madras', conversation.body.data.sessionId);
    expect(resumed.statusCode, JSON.stringify(resumed.body)).toBe(200);
    expect(resumed.body.data.output.text).toBe('Booking a flight to **Chennai**.');
    expect((await ok('GET', `/api/agents/${travel.agentId}/training`)).trainingStatus).toBe('trained');
  });
});

describe('GenAI model types', () => {
  let configId: string;

  beforeAll(async () => {
    const created = await ok('POST', '/api/genai/configs', {
      name: `Fake LLM ${Date.now()}`,
      llm: 1,
      apikey: 'sk-test-123',
      baseUrl: fakeUrl,
      model: 'fake-model',
    });
    configId = created.id;
  });

  it('needs a configuration to train', async () => {
    const agentId = (await buildTravelAgent(admin.token, { modelType: 'OpenAi', openaiKey: configId })).agentId;
    // The designer refuses OpenAi without a configuration; an agent can still lose it (older rows, imports).
    await context.database.db.update(agents).set({ genAiIntegrationId: null }).where(eq(agents.id, agentId));
    const refused = await call('POST', `/api/agents/${agentId}/train`);
    expect(refused.statusCode).toBe(400);
    expect(refused.body.code).toBe(5042);
    expect(refused.body.message).toBe(nluMessages.noConfiguration);
  });

  it('classifies through the endpoint and reports its failures readably', async () => {
    const agentId = (await buildTravelAgent(admin.token, { modelType: 'OpenAi', openaiKey: configId })).agentId;
    await ok('POST', `/api/agents/${agentId}/train`);
    const state = await waitForTraining(agentId);
    expect(state.trainingStatus, state.trainingMessage).toBe('trained');
    expect(state.report.folds).toBe(0);

    fakeAnswer = () => ({
      status: 200,
      json: {
        choices: [
          { message: { role: 'assistant', content: '```json\n{"intent": "greeting", "confidence": 0.92}\n```' } },
        ],
      },
    });
    fakeRequests.length = 0;
    const greeted = await predict(agentId, 'hiya!');
    expect(greeted.statusCode, JSON.stringify(greeted.body)).toBe(200);
    expect(greeted.body.data).toMatchObject({
      intent: 'greeting',
      confidence: 0.92,
      intentIdentified: true,
      output: { text: 'Hello! How can I help you today?' },
    });
    expect(fakeRequests[0]!.url).toBe('/v1/chat/completions');
    expect(fakeRequests[0]!.authorization).toBe('Bearer sk-test-123');
    expect(fakeRequests[0]!.body.model).toBe('fake-model');
    const prompt = JSON.stringify(fakeRequests[0]!.body.messages);
    expect(prompt).toContain('book_flight');
    expect(prompt).toContain('hiya!');

    fakeAnswer = () => ({
      status: 200,
      json: { choices: [{ message: { content: '{"intent": "none", "confidence": 0.1}' } }] },
    });
    const unknown = await predict(agentId, 'what is the meaning of life');
    expect(unknown.body.data).toMatchObject({ intentIdentified: false, output: { text: OUT_OF_SCOPE } });

    fakeAnswer = () => ({ status: 401, json: { error: { message: 'bad key' } } });
    const refused = await predict(agentId, 'hello');
    expect(refused.statusCode).toBe(502);
    expect(refused.body.code).toBe(5043);
    expect(refused.body.message).toBe('The GenAI endpoint refused the API key (HTTP 401)');

    fakeAnswer = () => ({ status: 200, json: { choices: [{ message: { content: 'I think it is a greeting.' } }] } });
    const garbled = await predict(agentId, 'hello');
    expect(garbled.statusCode).toBe(502);
    expect(garbled.body.message).toMatch(/not the JSON/);

    // The configuration went away after training: the model cannot classify, and says why.
    await context.database.db.update(agents).set({ genAiIntegrationId: null }).where(eq(agents.id, agentId));
    const unconfigured = await predict(agentId, 'hello');
    expect(unconfigured.statusCode).toBe(400);
    expect(unconfigured.body.code).toBe(5042);
  });

  it('generates phrases through the endpoint, dropping duplicates and phrases of other intents', async () => {
    // The trained travel agent, given the configuration for this test only.
    await context.database.db.update(agents).set({ genAiIntegrationId: configId }).where(eq(agents.id, travel.agentId));
    fakeAnswer = () => ({
      status: 200,
      json: {
        choices: [
          {
            message: {
              content: JSON.stringify([
                'Please book me a flight',
                'Book a flight to Delhi!',
                'hello there, good morning',
                'what is my booking status',
                'Could you get me a plane seat?',
              ]),
            },
          },
        ],
      },
    });
    try {
      const result = await ok('POST', `/api/agents/${travel.agentId}/generate-phrases`, {
        lines: ['book a flight to Delhi'],
        num_return_sequences: 5,
        intentName: 'book_flight',
      });
      expect(result.generator).toBe('genai');
      // A repeat of the selected line, a greeting (the model ranks it first) and a phrase of another intent go.
      expect(result.paraphrases).toEqual(['Please book me a flight', 'Could you get me a plane seat?']);
      expect(result.dropped).toBe(3);
      const request = JSON.stringify(fakeRequests.at(-1)!.body.messages);
      expect(request).toContain('Write 5 new phrases');
    } finally {
      await context.database.db.update(agents).set({ genAiIntegrationId: null }).where(eq(agents.id, travel.agentId));
    }
  });
});

describe('generate phrases offline', () => {
  it('writes candidates without a GenAI configuration, none repeating a selected or existing phrase', async () => {
    const result = await ok('POST', `/api/agents/${travel.agentId}/generate-phrases`, {
      lines: ['I want to book a flight', 'reserve a flight for me'],
      num_return_sequences: 10,
      intentName: 'book_flight',
      existing: ['book me a plane ticket'],
    });
    expect(result.generator).toBe('offline');
    expect(result.paraphrases.length).toBeGreaterThan(0);
    expect(result.paraphrases.length).toBeLessThanOrEqual(10);
    const lower = result.paraphrases.map((phrase: string) => phrase.toLowerCase());
    expect(lower).not.toContain('i want to book a flight');
    expect(lower).not.toContain('book me a plane ticket');
    expect(new Set(lower).size).toBe(lower.length);
    expect(typeof result.dropped).toBe('number');
  });

  it('asks for at least one phrase', async () => {
    const refused = await call('POST', `/api/agents/${travel.agentId}/generate-phrases`, { lines: [] });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(nluMessages.selectPhrase);
    expect(
      (await call('POST', `/api/agents/${travel.agentId}/generate-phrases`, { lines: ['hi'] }, stranger.token))
        .statusCode,
    ).toBe(404);
  });
});
