import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFLINE_GENAI_CONFIG } from '@parley/contracts/integrations';
import type { CollectedValue } from '@parley/contracts/conversations';
import { rawFor } from '../src/db/client';
import { COLLECT_JOB } from '../src/features/conversations/index';
import { storePassages } from './knowledge-passages';
import { startFakeOpenAi, type ChatCompletionBody, type FakeOpenAi } from './fake-openai';
import { as, createTenant, createTestApp, type Tenant, type TestContext } from './test-app';
import { openTestDatabase } from './test-database';

/**
 * Collect data after conversation (issue 20 item 4, agents.md §2.8), through the real app: a prompt
 * agent with the switch on answers a Sandbox conversation; when the conversation is over (closed
 * for inactivity, closed by an agent, or handed to people) the 'conversation.collect' job reads its
 * variables (with no LLM, or through a GenAI configuration pointing at a fake OpenAI endpoint),
 * writes the valid ones into the customer's attributes by each field's own rules, records on the
 * conversation what was collected and why a value was not saved, and notes it in the thread.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let context: TestContext;
let admin: Tenant;
let stranger: Tenant;
let llm: FakeOpenAi;
let channelId: string;
let emailFieldId: string;
let dateFieldId: string;
let strangerEmailFieldId: string;

const OUT_OF_SCOPE = 'I can only help with store visits.';
const VARIABLES = [
  { name: 'name', description: "The customer's full name" },
  { name: 'email', description: 'Email address to send the confirmation to' },
  { name: 'preferred date', description: 'The date they would like to visit' },
  { name: 'favourite colour', description: 'The colour they like' },
];

async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = admin.token) {
  const response = await context.app.inject({ method, url, payload, headers: as(token) });
  return { statusCode: response.statusCode, body: response.json() as Loose };
}

async function ok(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = admin.token) {
  const response = await call(method, url, payload, token);
  expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

async function until<T>(check: () => Promise<T | undefined | null | false>, what: string, seconds = 30): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const sql = (text: string, values: unknown[] = []) => rawFor(context.database.db)(text, values);

let phoneCounter = 0;
function newPhone() {
  phoneCounter += 1;
  return `9198451${String(10000 + phoneCounter).slice(-5)}`;
}

/** The customer writes on the Sandbox phone; resolves once the runtime routed it and sent its answers. */
async function customerWrites(phone: string, text: string) {
  const count = async () =>
    Number(
      (
        await sql(
          `select count(*) filter (where routed_at is null) as unrouted, count(*) as total from channel_messages
           where channel_id = $1 and customer_number = $2 and direction = 'in'`,
          [channelId, `+${phone}`],
        )
      ).rows[0]!.total,
    );
  const before = await count();
  await ok('POST', `/api/sandbox/channels/${channelId}/conversations/${phone}/replies`, { text });
  await until(async () => {
    const { rows } = await sql(
      `select count(*) as total, count(*) filter (where routed_at is null) as unrouted from channel_messages
       where channel_id = $1 and customer_number = $2 and direction = 'in'`,
      [channelId, `+${phone}`],
    );
    return Number(rows[0]!.total) > before && Number(rows[0]!.unrouted) === 0;
  }, 'the message to be routed');
  await context.app.conversationRuntime.idle();
  await until(async () => {
    const { rows } = await sql(
      `select count(*) as n from conversation_messages m join conversations c on c.id = m.conversation_id
       where c.channel_id = $1 and c.customer_number = $2 and m.status in ('queued', 'sending')`,
      [channelId, `+${phone}`],
    );
    return Number(rows[0]!.n) === 0;
  }, 'the replies to be sent');
}

async function conversationIdOf(phone: string): Promise<string> {
  const { rows } = await sql(
    `select id from conversations where channel_id = $1 and customer_number = $2 order by created_at desc limit 1`,
    [channelId, `+${phone}`],
  );
  return rows[0]!.id as string;
}

/** The conversation detail once the collect job recorded what it found. */
async function collectedOf(conversationId: string): Promise<{ at: string; values: CollectedValue[] }> {
  return until(async () => (await ok('GET', `/api/conversations/${conversationId}`)).collected, 'the collected data');
}

async function customerOf(conversationId: string) {
  const detail = await ok('GET', `/api/conversations/${conversationId}`);
  return ok('GET', `/api/customers/${detail.conversation.customer.id}`);
}

async function notesOf(conversationId: string): Promise<string[]> {
  const { messages } = await ok('GET', `/api/conversations/${conversationId}/messages?perPage=200`);
  return (messages as Loose[]).filter((message) => message.sender.kind === 'system').map((message) => message.text);
}

/** Makes the conversation idle for longer than the channel's inactivity timeout, then runs the sweep. */
async function leaveIdle(conversationId: string) {
  await sql(`update conversations set last_message_at = now() - interval '2 hours' where id = $1`, [conversationId]);
  await context.app.conversationRuntime.sweepInactive();
}

async function promptAgent(name: string, configurationId: string, extractData = true) {
  const agent = await ok('POST', '/api/agents', { name, description: 'Books store visits', type: 'prompt' });
  await ok('PUT', `/api/agents/${agent.id}/prompt`, {
    openaiKey: configurationId,
    prompt: 'You help customers book a visit to our store.',
    extractData,
    userData: extractData ? VARIABLES : [],
  });
  await ok('PUT', `/api/agents/${agent.id}/config`, {
    entityExtractRetries: 1,
    outOfScopeMessage: OUT_OF_SCOPE,
    modelType: 'SVM',
    confidenceThreshold: 0.5,
    language: 'en',
    openaiKey: null,
  });
  // Its knowledge base, stored as ingestion would: the agent answers, or says its out-of-scope message.
  const text =
    'Our store in Bandra opens at 10 am and closes at 9 pm every day. Visits can be booked for any day of the week.';
  await storePassages(
    database.db,
    { enterpriseId: admin.enterpriseId, agentId: agent.id },
    { id: '5b0e9a64-3c1f-4d5e-8a7b-0c1d2e3f4a5b', kind: 'document', label: 'visits.pdf' },
    [{ title: 'Store visits', text, page: 1 }],
  );
  return agent.id as string;
}

async function useBot(botAgentId: string) {
  await ok('PUT', `/api/chat-config/${channelId}`, {
    botAgentId,
    departmentId: null,
    workingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: true, start: '00:00', end: '23:59' })),
    outOfHoursMessage: '',
    inactivityMinutes: 30,
    missedMessage: '',
    handoffKeywords: [],
    offerAgentButton: false,
    handoffAfterMisses: 0,
  });
}

/** Completes once a job of COLLECT_JOB sent now has run (pg-boss's own record of it). */
async function runCollectJobAgain(conversationId: string) {
  const id = await context.jobs.send(COLLECT_JOB, { enterpriseId: admin.enterpriseId, conversationId });
  await until(async () => {
    const { rows } = await sql(`select state from pgboss.job where id = $1`, [id]);
    return rows[0]?.state === 'completed';
  }, 'the job run again');
}

let offlineAgentId: string;

beforeAll(async () => {
  llm = await startFakeOpenAi();
  database = await openTestDatabase();
  context = await createTestApp({ database, withJobs: true, env: { PARLEY_OUTBOUND_ALLOW: '127.0.0.1' } });
  admin = await createTenant(context);
  stranger = await createTenant(context);

  const field = async (body: object, token = admin.token) => (await ok('POST', '/api/customer-fields', body, token)).id;
  const text = { fieldHelptext: 'Filled in after the chat', mandatory: false, fieldType: 'text' };
  emailFieldId = await field({ ...text, fieldName: 'email', fieldLabel: 'Email', inputType: 'email' });
  dateFieldId = await field({
    ...text,
    fieldName: 'PreferredDate',
    fieldLabel: 'Preferred Date',
    inputType: 'alphanumeric',
    allowSpecialChars: true,
    allowedChars: ['-'],
  });
  // Another enterprise has a field of the same name: never read, never written.
  strangerEmailFieldId = await field(
    { ...text, fieldName: 'email', fieldLabel: 'Email', inputType: 'email' },
    stranger.token,
  );

  const created = await ok('POST', '/api/channels', {
    name: 'Sandbox WhatsApp',
    type: 4,
    vendor: 0,
    data: { contactId: '919000000002', failureRate: '0' },
  });
  channelId = created.channelConfig.id;
  offlineAgentId = await promptAgent('Visit booker', OFFLINE_GENAI_CONFIG.id);
  await useBot(offlineAgentId);
}, 180_000);

afterAll(async () => {
  await context?.close();
  await database?.close();
  await llm?.close();
});

describe('with no LLM', () => {
  it('writes what the customer said into their attributes when the chat closes for inactivity, once', async () => {
    const phone = newPhone();
    // The same number is a customer of another enterprise too, with its own Email.
    await ok(
      'POST',
      '/api/customers',
      { name: 'Someone Else', phoneNumber: `+${phone}`, data: { [strangerEmailFieldId]: 'other@tenant.example' } },
      stranger.token,
    );

    await customerWrites(phone, "Hi, I'm Priya Sharma");
    await customerWrites(phone, 'my email is priya@example.com');
    await customerWrites(phone, 'I would like to visit on 18 December 2026');
    const conversationId = await conversationIdOf(phone);
    // The bot answered; nothing is collected while the conversation goes on.
    expect((await ok('GET', `/api/conversations/${conversationId}`)).collected).toBeNull();

    await leaveIdle(conversationId);
    const collected = await collectedOf(conversationId);
    expect(collected.values).toEqual([
      { name: 'name', value: 'Priya Sharma', field: 'name', fieldLabel: 'Name', written: true },
      { name: 'email', value: 'priya@example.com', field: 'email', fieldLabel: 'Email', written: true },
      {
        name: 'preferred date',
        value: '2026-12-18',
        field: 'PreferredDate',
        fieldLabel: 'Preferred Date',
        written: true,
      },
    ]);

    // The customer master shows them: the attributes, and the name instead of the number.
    const customer = await customerOf(conversationId);
    expect(customer.data).toEqual({ [emailFieldId]: 'priya@example.com', [dateFieldId]: '2026-12-18' });
    expect(customer.name).toBe('Priya Sharma');
    const detail = await ok('GET', `/api/conversations/${conversationId}`);
    expect(detail.conversation.customer.name).toBe('Priya Sharma');
    expect(await notesOf(conversationId)).toContain('Collected after the conversation: name, email, preferred date');

    // Run again (a retry after a crash): nothing is written twice.
    await runCollectJobAgain(conversationId);
    expect((await customerOf(conversationId)).updatedAt).toBe(customer.updatedAt);
    expect((await ok('GET', `/api/conversations/${conversationId}`)).collected).toEqual(collected);
    expect(
      (await notesOf(conversationId)).filter((note) => note.startsWith('Collected after the conversation')),
    ).toHaveLength(1);

    // The other enterprise's customer of the same number keeps its own values.
    const { rows } = await sql(`select name, data from customers where enterprise_id = $1 and phone_number = $2`, [
      stranger.enterpriseId,
      `+${phone}`,
    ]);
    expect(rows).toEqual([{ name: 'Someone Else', data: { [strangerEmailFieldId]: 'other@tenant.example' } }]);
  }, 120_000);

  it('collects when the customer is handed to people, and keeps a name the customer already had', async () => {
    const phone = newPhone();
    await ok('POST', '/api/customers', { name: 'Anita Desai', phoneNumber: `+${phone}` });
    await customerWrites(phone, 'I am Anita D, anita.d@example.com');
    await customerWrites(phone, 'talk to a person');
    const conversationId = await conversationIdOf(phone);
    expect((await ok('GET', `/api/conversations/${conversationId}`)).conversation.handler).not.toBe('bot');

    const collected = await collectedOf(conversationId);
    expect(collected.values).toEqual([
      {
        name: 'name',
        value: 'Anita D',
        field: 'name',
        fieldLabel: 'Name',
        written: false,
        reason: 'The customer already has a name',
      },
      { name: 'email', value: 'anita.d@example.com', field: 'email', fieldLabel: 'Email', written: true },
    ]);
    const customer = await customerOf(conversationId);
    expect(customer.name).toBe('Anita Desai');
    expect(customer.data).toEqual({ [emailFieldId]: 'anita.d@example.com' });
  }, 120_000);

  it('answers on the channel from its knowledge base, with the address of a web page it read', async () => {
    const text = 'Parking is free for customers in the basement of the Bandra store, entrance from Hill Road.';
    const repository = await storePassages(
      database.db,
      { enterpriseId: admin.enterpriseId, agentId: offlineAgentId },
      { id: 'https://store.example/parking', kind: 'website', label: 'https://store.example/parking' },
      [{ title: 'Parking', text, heading: 'Parking' }],
    );
    const phone = newPhone();
    await customerWrites(phone, 'Is parking free for customers at the Bandra store?');
    const { rows } = await sql(
      `select m.text from conversation_messages m join conversations c on c.id = m.conversation_id
       where c.channel_id = $1 and c.customer_number = $2 and m.direction = 'out' order by m.created_at`,
      [channelId, `+${phone}`],
    );
    expect(rows.map((row) => row.text)).toEqual([`${text}\n\nSource: https://store.example/parking`]);
    await repository.removeSource(admin.enterpriseId, offlineAgentId, 'https://store.example/parking');
  });

  it('asks nothing of an agent whose switch is off', async () => {
    await useBot(await promptAgent('Quiet booker', OFFLINE_GENAI_CONFIG.id, false));
    try {
      const phone = newPhone();
      await customerWrites(phone, 'my email is quiet@example.com');
      const conversationId = await conversationIdOf(phone);
      await leaveIdle(conversationId);
      const { rows } = await sql(
        `select count(*) as n from pgboss.job where name = $1 and data->>'conversationId' = $2`,
        [COLLECT_JOB, conversationId],
      );
      expect(Number(rows[0]!.n)).toBe(0);
      const detail = await ok('GET', `/api/conversations/${conversationId}`);
      expect(detail.conversation.state).toBe(3);
      expect(detail.collected).toBeNull();
    } finally {
      await useBot(offlineAgentId);
    }
  }, 60_000);
});

describe('with an LLM', () => {
  it('reads the variables with the GenAI endpoint when an agent closes the chat; an invalid or unmapped value is kept, not written', async () => {
    const configuration = await ok('POST', '/api/genai/configs', {
      name: 'Local model',
      llm: 1,
      apikey: llm.apiKey,
      baseUrl: llm.baseUrl,
    });
    const agentId = await promptAgent('Visit booker with a model', configuration.id);
    await useBot(agentId);
    llm.reset();
    const isCollect = (body: ChatCompletionBody) =>
      JSON.stringify(body.messages ?? []).includes('fill in the variables asked for');
    llm.always = {
      kind: 'reply',
      text: (body) =>
        isCollect(body)
          ? '```json\n{"name": "Ravi Kumar", "email": "not-an-email", "preferred date": "2026-12-20", "favourite colour": "blue"}\n```'
          : 'NO_ANSWER',
    };
    try {
      const phone = newPhone();
      await customerWrites(phone, 'Hello, this is Ravi Kumar');
      await customerWrites(phone, 'reach me at not-an-email please, any time on 20 Dec 2026. I love blue.');
      const conversationId = await conversationIdOf(phone);
      const closed = await ok('POST', `/api/conversations/${conversationId}/close`, { feedback: '' });
      expect(closed.conversation.state).toBe(3);

      const collected = await collectedOf(conversationId);
      expect(collected.values).toEqual([
        { name: 'name', value: 'Ravi Kumar', field: 'name', fieldLabel: 'Name', written: true },
        {
          name: 'email',
          value: 'not-an-email',
          field: 'email',
          fieldLabel: 'Email',
          written: false,
          reason: 'Email must be a valid email address',
        },
        {
          name: 'preferred date',
          value: '2026-12-20',
          field: 'PreferredDate',
          fieldLabel: 'Preferred Date',
          written: true,
        },
        {
          name: 'favourite colour',
          value: 'blue',
          field: null,
          fieldLabel: null,
          written: false,
          reason: 'No customer field has this name',
        },
      ]);
      const customer = await customerOf(conversationId);
      expect(customer.data).toEqual({ [dateFieldId]: '2026-12-20' });
      expect(customer.name).toBe('Ravi Kumar');

      // The model was asked once, with the conversation and the variables, and the key.
      const asked = llm.requests.filter((request) => request.body && isCollect(request.body));
      expect(asked).toHaveLength(1);
      expect(asked[0]!.headers.authorization).toBe(`Bearer ${llm.apiKey}`);
      const sent = JSON.stringify(asked[0]!.body!.messages);
      expect(sent).toContain('Customer: reach me at not-an-email please');
      expect(sent).toContain('preferred date');
    } finally {
      await useBot(offlineAgentId);
    }
  }, 120_000);
});
