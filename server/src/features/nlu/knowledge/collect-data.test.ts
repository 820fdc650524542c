import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../../../test/fake-openai';
import { AppError } from '../../../platform/errors';
import { createOutboundHttp } from '../../../platform/outbound-http';
import { createEntityExtractor } from '../engine/entity-extractor';
import type { GenAiCredentials } from '../genai-classifier';
import {
  entitiesForVariable,
  extractVariablesOffline,
  extractVariablesWithLlm,
  type TranscriptMessage,
} from './collect-data';

const transcript: TranscriptMessage[] = [
  { senderKind: 'customer', text: "Hi, I'm Priya Sharma" },
  { senderKind: 'bot', text: 'Hello Priya! How can we reach you? For example name@example.com or +1 415 555 0100.' },
  { senderKind: 'customer', text: 'my email is priya@example.com, phone 98450 12345' },
  { senderKind: 'system', text: 'Conversation assigned to Ravi' },
  { senderKind: 'agent', text: 'How many guests, and when?' },
  { senderKind: 'customer', text: 'book a table for 4 people next friday at 8 pm' },
  { senderKind: 'customer', text: 'budget around Rs 5000' },
  { senderKind: 'customer', text: 'sorry, use priya.s@example.org instead' },
];

describe('collect data after conversation, with no LLM', () => {
  const extractor = createEntityExtractor([], { language: 'en' });
  // Monday 30 November 2026, in India.
  const context = { now: new Date('2026-11-30T10:00:00Z'), timeZone: 'Asia/Kolkata', region: 'IN' };

  it("reads each variable as the entity its words name, from the customer's messages", () => {
    const values = extractVariablesOffline({
      transcript,
      extract: (text, only, given) => extractor.extract(text, only, given),
      context,
      variables: [
        { name: 'customer_name', description: 'Full name of the customer' },
        { name: 'email', description: '' },
        { name: 'mobileNumber', description: 'Contact number' },
        { name: 'guests', description: 'How many people are coming' },
        { name: 'visit_date', description: 'Date of the visit' },
        { name: 'visit_time', description: 'Time of the booking' },
        { name: 'appointment', description: 'date and time of the appointment' },
        { name: 'budget', description: 'The amount the customer wants to spend' },
        { name: 'website', description: '' },
        { name: 'favourite_colour', description: 'The colour they like' },
      ],
    });
    expect(values).toEqual({
      customer_name: 'Priya Sharma',
      // The customer's correction wins; the bot's example address is never taken.
      email: 'priya.s@example.org',
      mobileNumber: '+919845012345',
      // Not the digits of the phone number, nor of the amount.
      guests: '4',
      visit_date: '2026-12-04',
      visit_time: '20:00',
      appointment: '2026-12-04 20:00',
      budget: '5000 INR',
      website: null,
      favourite_colour: null,
    });
  });

  it('maps variables to entities by the words of their name and description', () => {
    const map = (name: string, description = '') => entitiesForVariable({ name, description });
    expect(map('customerEmail')).toEqual(['sys.email']);
    expect(map('e-mail id')).toEqual(['sys.email']);
    expect(map('whatsapp_no')).toEqual(['sys.phone']);
    expect(map('phone number')).toEqual(['sys.phone']);
    expect(map('dob', 'date of birth')).toEqual(['sys.date']);
    expect(map('slot', 'preferred time')).toEqual(['sys.time']);
    expect(map('loan', 'amount of the loan')).toEqual(['sys.amount', 'sys.number']);
    expect(map('discount', 'percentage off')).toEqual(['sys.percentage']);
    expect(map('name')).toEqual(['sys.person']);
    expect(map('company_name', 'name of the business')).toEqual([]);
    expect(map('age')).toEqual(['sys.number']);
    expect(map('feedback', 'what the customer thought')).toEqual([]);
  });

  it('answers null for every variable when the customer said nothing', () => {
    expect(
      extractVariablesOffline({
        transcript: [{ senderKind: 'bot', text: 'Your email is a@b.co? Call +91 98450 12345.' }],
        extract: (text, only, given) => extractor.extract(text, only, given),
        variables: [
          { name: 'email', description: '' },
          { name: 'phone', description: '' },
        ],
      }),
    ).toEqual({ email: null, phone: null });
  });
});

describe('collect data after conversation, by the GenAI endpoint', () => {
  let fake: FakeOpenAi;
  let credentials: GenAiCredentials;
  const outbound = createOutboundHttp({ allow: ['127.0.0.1'], timeoutMs: 2000 });
  const variables = [
    { name: 'customer_name', description: 'Full name of the customer' },
    { name: 'email', description: 'Email address' },
    { name: 'city', description: 'Where the customer lives' },
    { name: 'guests', description: 'Number of guests' },
  ];

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    credentials = { llm: 1, baseUrl: fake.baseUrl, model: '', apikey: fake.apiKey };
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  const collect = (overrides: Partial<Parameters<typeof extractVariablesWithLlm>[0]> = {}) =>
    extractVariablesWithLlm({ outbound, credentials, transcript, variables, ...overrides });

  it('reads the JSON object out of prose and code fences, trims values and drops names not asked for', async () => {
    fake.next({
      kind: 'reply',
      text:
        'Here is what I found:\n```json\n' +
        '{"Customer_Name": "  Priya Sharma ", "email": "priya.s@example.org", "city": "N/A", "guests": 4, ' +
        '"password": "hunter2"}\n```\nLet me know if you need more.',
    });
    const values = await collect();
    expect(values).toEqual({ customer_name: 'Priya Sharma', email: 'priya.s@example.org', city: null, guests: '4' });
  });

  it('asks with the variables and the conversation, without system notes', async () => {
    fake.next({ kind: 'reply', text: '{}' });
    expect(await collect()).toEqual({ customer_name: null, email: null, city: null, guests: null });
    const body = fake.requests[0]!.body!;
    expect(body.stream).toBeUndefined();
    expect(body.messages![0]!.content).toContain('JSON');
    const user = body.messages![1]!.content;
    expect(user).toContain('- "customer_name": Full name of the customer');
    expect(user).toContain('- "guests": Number of guests');
    expect(user).toContain("Customer: Hi, I'm Priya Sharma");
    expect(user).toContain('Agent: How many guests, and when?');
    expect(user).toContain('Assistant: Hello Priya!');
    expect(user).not.toContain('Conversation assigned to Ravi');
  });

  it('asks nothing without variables or without a conversation', async () => {
    expect(await collect({ variables: [] })).toEqual({});
    expect(await collect({ transcript: [] })).toEqual({ customer_name: null, email: null, city: null, guests: null });
    expect(fake.requests).toHaveLength(0);
  });

  it('fails clearly on an answer that is not a JSON object, and on a refused key', async () => {
    fake.next({ kind: 'reply', text: 'The customer is Priya, she lives in Pune.' });
    await expect(collect()).rejects.toMatchObject({
      key: 'NLU_GENAI_FAILED',
      message: "The GenAI endpoint's answer was not the JSON object of variables it was asked for",
    });
    const refused = await collect({ credentials: { ...credentials, apikey: 'sk-nope' } }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).message).toBe('The GenAI endpoint refused the API key (HTTP 401)');
  });
});
