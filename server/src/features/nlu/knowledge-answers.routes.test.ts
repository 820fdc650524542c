import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFLINE_GENAI_CONFIG } from '@parley/contracts/integrations';
import { as, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/test-app';
import { openTestDatabase } from '../../../test/test-database';
import { buildTravelAgent, TRAVEL_OUT_OF_SCOPE } from '../../../test/travel-agent';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai';
import { storePassages } from '../../../test/knowledge-passages';

/**
 * Knowledge answers with no LLM (issue 20 item 3), through predictIntent as Try it and the channels
 * call it: a prompt agent answers from its passages with the source to open, says its out-of-scope
 * message when nothing fits, and an NLP agent falls back to its knowledge base when no intent fits.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let context: TestContext;
let admin: Tenant;
let stranger: Tenant;

const OUT_OF_SCOPE = 'I can only answer questions about our stores.';

async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = admin.token) {
  const response = await context.app.inject({ method, url, payload, headers: as(token) });
  return { statusCode: response.statusCode, body: response.json() as { code?: number; message: string; data: Loose } };
}

async function ok(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = admin.token) {
  const response = await call(method, url, payload, token);
  expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

const ask = (agentId: string, text: string, token = admin.token) =>
  call('POST', '/api/predictIntent', { message: { type: 'text', text }, agentId }, token);

const index = (
  tenant: Tenant,
  agentId: string,
  source: { id: string; kind: 'document' | 'website'; label: string },
  passages: { title: string; text: string; page?: number; heading?: string }[],
) => storePassages(database.db, { enterpriseId: tenant.enterpriseId, agentId }, source, passages);

/** A prompt agent on this configuration, saying OUT_OF_SCOPE when nothing fits, with the handbook indexed. */
async function handbookAgent(name: string, configurationId: string, prompt: string): Promise<string> {
  const agent = await ok('POST', '/api/agents', { name, description: 'Answers', type: 'prompt' });
  await ok('PUT', `/api/agents/${agent.id}/prompt`, {
    openaiKey: configurationId,
    prompt,
    extractData: false,
    userData: [],
  });
  await ok('PUT', `/api/agents/${agent.id}/config`, {
    entityExtractRetries: 1,
    outOfScopeMessage: OUT_OF_SCOPE,
    modelType: 'SVM',
    confidenceThreshold: 0.5,
    language: 'en',
    openaiKey: null,
  });
  await index(admin, agent.id, { id: DOCUMENT_ID, kind: 'document', label: 'handbook.pdf' }, HANDBOOK);
  return agent.id as string;
}

const HANDBOOK = [
  {
    title: 'Opening hours',
    text: 'Our stores open at 9 am and close at 8 pm from Monday to Saturday. On Sundays we are closed. Public holidays follow the Sunday hours.',
    page: 1,
  },
  {
    title: 'Returns',
    text: 'You can return an item within 30 days of purchase. Bring the receipt and the original packaging. Refunds go back to the card you paid with.',
    page: 4,
  },
];
const DOCUMENT_ID = '7d4c7a52-3f0e-4a56-9a59-0b3c6d1f2e11';

let promptAgentId: string;
let llm: FakeOpenAi;

beforeAll(async () => {
  llm = await startFakeOpenAi();
  database = await openTestDatabase();
  context = await createTestApp({ database, withJobs: true, env: { PARLEY_OUTBOUND_ALLOW: '127.0.0.1' } });
  admin = await createTenant(context);
  stranger = await createTenant(context);
  promptAgentId = await handbookAgent(
    'Store helper',
    OFFLINE_GENAI_CONFIG.id,
    'You answer questions about our stores.',
  );
}, 120_000);

afterAll(async () => {
  await context?.close();
  await database?.close();
  await llm?.close();
});

describe('a prompt agent with no LLM', () => {
  it('answers from the passage that answers, with its page to open', async () => {
    const answer = await ask(promptAgentId, 'How long do I have to return an item?');
    expect(answer.statusCode).toBe(200);
    expect(answer.body.data.output.text).toContain('within 30 days');
    expect(answer.body.data.output.text).not.toContain('9 am');
    expect(answer.body.data.intentIdentified).toBe(true);
    expect(answer.body.data.source).toEqual([`/api/agents/${promptAgentId}/documents/${DOCUMENT_ID}/content#page=4`]);
  });

  it('says its out-of-scope message, with no source, when nothing in its knowledge fits', async () => {
    const answer = await ask(promptAgentId, 'Who won the football world cup in 1998?');
    expect(answer.statusCode).toBe(200);
    expect(answer.body.data.output.text).toBe(OUT_OF_SCOPE);
    expect(answer.body.data.source).toEqual([]);
    expect(answer.body.data.intentIdentified).toBe(false);
  });

  it('keeps each exchange in the conversation log the report reads', async () => {
    const { rows } = await database.raw(
      `select user_message, intent_identified, bot_response from agent_conversation_messages where agent_id = $1 order by created_on`,
      [promptAgentId],
    );
    expect(rows).toEqual([
      expect.objectContaining({ user_message: 'How long do I have to return an item?', intent_identified: true }),
      expect.objectContaining({ intent_identified: false, bot_response: OUT_OF_SCOPE }),
    ]);
  });

  it("is another enterprise's agent nobody else can ask", async () => {
    const refused = await ask(promptAgentId, 'How long do I have to return an item?', stranger.token);
    expect(refused.statusCode).toBe(404);
  });
});

describe('an NLP agent with a knowledge base', () => {
  it('trains its intents, then builds its knowledge base, which answers when no intent fits', async () => {
    // The airline's website, served here (127.0.0.1 is allowed for this app's outbound calls).
    const site = http.createServer((request, response) => {
      if (request.url === '/baggage') {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end(
          '<html><head><title>Baggage</title></head><body><main><h1>Cabin baggage</h1>' +
            '<p>Each passenger may carry one cabin bag of up to 7 kg. Laptops and handbags are allowed in addition.</p>' +
            '</main></body></html>',
        );
      } else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const baggageUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/baggage`;
    try {
      const travel = await buildTravelAgent(ok, admin.token);
      await ok('PUT', `/api/agents/${travel.agentId}/genai-config`, {
        kbFromWebsite: true,
        websitesUrls: [baggageUrl],
        kbFromDoc: false,
        documents: [],
        genAiConfigId: OFFLINE_GENAI_CONFIG.id,
        crawlDepth: 0,
      });
      await ok('POST', `/api/agents/${travel.agentId}/train`);
      let knowledge: Loose = null;
      for (let attempt = 0; attempt < 600 && knowledge?.status !== 'done'; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        knowledge = await ok('GET', `/api/agents/${travel.agentId}/knowledge`);
      }
      expect(knowledge.message).toBe('Indexed 1 passage from 1 web page');
      const state = await ok('GET', `/api/agents/${travel.agentId}/training`);
      expect(state.trainingStatus).toBe('trained');
      expect(state.report).not.toBeNull();

      const greeting = await ask(travel.agentId, 'hello');
      expect(greeting.body.data.output.text).toBe('Hello! How can I help you today?');
      expect(greeting.body.data.source).toEqual([]);

      const baggage = await ask(travel.agentId, 'How heavy can my cabin bag be?');
      expect(baggage.body.data.output.text).toContain('7 kg');
      expect(baggage.body.data.source).toEqual([baggageUrl]);
      expect(baggage.body.data.intentIdentified).toBe(false);

      const unknown = await ask(travel.agentId, 'qwzx plov trunm vek');
      expect(unknown.body.data.output.text).toBe(TRAVEL_OUT_OF_SCOPE);
    } finally {
      site.close();
    }
  }, 240_000);
});

describe('the offline configuration', () => {
  it('is offered first to every enterprise and cannot classify intents', async () => {
    const list = await ok('GET', '/api/genai/configs');
    expect(list[0]).toEqual(OFFLINE_GENAI_CONFIG);
    const refused = await call('PUT', `/api/agents/${promptAgentId}/config`, {
      entityExtractRetries: 1,
      outOfScopeMessage: OUT_OF_SCOPE,
      modelType: 'OpenAi',
      confidenceThreshold: 0.5,
      language: 'en',
      openaiKey: OFFLINE_GENAI_CONFIG.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body.message).toContain('The offline configuration has no LLM to classify intents');
  });
});

describe('a prompt agent with an LLM configuration', () => {
  let agentId: string;

  /** Try it's streamed call: the token events' texts and the final event. */
  async function askStreamed(text: string) {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/predictIntent/stream',
      payload: { message: { type: 'text', text }, agentId },
      headers: as(admin.token),
    });
    const events = response.body
      .split('\n\n')
      .filter((block) => block.startsWith('event: '))
      .map((block) => {
        const [eventLine, dataLine] = block.split('\n');
        return {
          event: eventLine!.slice('event: '.length),
          data: JSON.parse(dataLine!.slice('data: '.length)) as Loose,
        };
      });
    return { response, events };
  }

  beforeAll(async () => {
    const configuration = await ok('POST', '/api/genai/configs', {
      name: 'Local model',
      llm: 1,
      apikey: llm.apiKey,
      baseUrl: llm.baseUrl,
    });
    agentId = await handbookAgent(
      'Store writer',
      configuration.id,
      'You are the friendly assistant of Acme stores. Secret discount code: ZEBRA-42.',
    );
  });

  it('streams the written answer into Try it and returns the passage it cites as the source', async () => {
    llm.reset();
    llm.next({ kind: 'reply', text: 'You have **30 days** to bring it back, with the receipt [1].' });
    const { response, events } = await askStreamed('How long do I have to return an item?');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');
    const tokens = events.filter((entry) => entry.event === 'token').map((entry) => entry.data.text as string);
    expect(tokens.length).toBeGreaterThan(3);
    expect(tokens.join('')).toBe('You have **30 days** to bring it back, with the receipt [1].');
    const result = events.at(-1)!;
    expect(result.event).toBe('result');
    expect(result.data.output.text).toBe('You have **30 days** to bring it back, with the receipt [1].');
    expect(result.data.source[0]).toBe(`/api/agents/${agentId}/documents/${DOCUMENT_ID}/content#page=4`);
    // The model saw the operator's prompt and the retrieved passages, the returns one first.
    const sent = JSON.stringify(llm.requests.at(-1)!.body!.messages);
    expect(sent).toContain('friendly assistant of Acme stores');
    expect(sent).toContain('within 30 days of purchase');
    expect(sent.indexOf('within 30 days')).toBeLessThan(sent.indexOf('9 am') === -1 ? Infinity : sent.indexOf('9 am'));
  });

  it('does not ask the model when nothing relevant is found, and says the out-of-scope message', async () => {
    llm.reset();
    const { events } = await askStreamed('Who won the football world cup in 1998?');
    expect(llm.requests).toHaveLength(0);
    expect(events).toEqual([expect.objectContaining({ event: 'result' })]);
    expect(events[0]!.data.output.text).toBe(OUT_OF_SCOPE);
    expect(events[0]!.data.source).toEqual([]);
  });

  it('says the out-of-scope message when the model finds no answer in the passages', async () => {
    llm.reset();
    llm.next({ kind: 'reply', text: 'NO_ANSWER' });
    const answer = await ask(agentId, 'Do you sell returnable glass bottles?');
    expect(answer.body.data.output.text).toBe(OUT_OF_SCOPE);
    expect(answer.body.data.intentIdentified).toBe(false);
  });

  it('tells Try it in words when the endpoint refuses the key', async () => {
    llm.reset();
    llm.next({ kind: 'error', status: 401, message: 'Incorrect API key provided' });
    const answer = await ask(agentId, 'How long do I have to return an item?');
    expect(answer.statusCode).toBe(502);
    expect(answer.body.message).toContain('refused the API key');
  });
});
