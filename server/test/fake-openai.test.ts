import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_OPENAI_MODEL, startFakeOpenAi, type FakeOpenAi } from './fake-openai';

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());

const post = (body: unknown, apiKey = fake.apiKey) =>
  fetch(`${fake.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the fake OpenAI-compatible endpoint', () => {
  it("streams OpenAI's chunk objects, then [DONE]", async () => {
    fake.next({ kind: 'reply', text: 'Hello there, friend.' });
    const response = await post({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'Hi' }] });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = (await response.text()).split('\n\n').filter(Boolean);
    expect(events.at(-1)).toBe('data: [DONE]');
    const chunks = events.slice(0, -1).map((event) => {
      expect(event.startsWith('data: ')).toBe(true);
      return JSON.parse(event.slice('data: '.length)) as {
        id: string;
        object: string;
        created: number;
        model: string;
        choices: { index: number; delta: { role?: string; content?: string }; finish_reason: string | null }[];
      };
    });
    for (const chunk of chunks) {
      expect(chunk).toMatchObject({ object: 'chat.completion.chunk', id: chunks[0]!.id, model: 'gpt-4o-mini' });
      expect(typeof chunk.created).toBe('number');
      expect(chunk.choices[0]!.index).toBe(0);
    }
    expect(chunks[0]!.choices[0]!.delta).toEqual({ role: 'assistant', content: '' });
    expect(chunks.at(-1)!.choices[0]).toMatchObject({ delta: {}, finish_reason: 'stop' });
    expect(chunks.slice(0, -1).every((chunk) => chunk.choices[0]!.finish_reason === null)).toBe(true);
    expect(chunks.map((chunk) => chunk.choices[0]!.delta.content ?? '').join('')).toBe('Hello there, friend.');
  });

  it('answers one chat.completion object when no stream is asked, and records the request', async () => {
    fake.reset();
    fake.always = { kind: 'reply', text: (body) => `You said ${body.messages!.at(-1)!.content}` };
    const response = await post({ messages: [{ role: 'user', content: 'ping' }] });
    expect(await response.json()).toMatchObject({
      object: 'chat.completion',
      model: FAKE_OPENAI_MODEL,
      choices: [{ index: 0, message: { role: 'assistant', content: 'You said ping' }, finish_reason: 'stop' }],
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ method: 'POST', path: '/v1/chat/completions' });
    fake.reset();
  });

  it("refuses a wrong key and answers scripted errors with OpenAI's error body", async () => {
    const refused = await post({ messages: [] }, 'sk-wrong');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({
      error: { type: 'invalid_request_error', code: 'invalid_api_key', param: null },
    });
    fake.next({
      kind: 'error',
      status: 429,
      message: 'Rate limit reached',
      type: 'requests',
      code: 'rate_limit_exceeded',
    });
    const limited = await post({ messages: [] });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      error: { message: 'Rate limit reached', type: 'requests', param: null, code: 'rate_limit_exceeded' },
    });
  });

  it('lists its model', async () => {
    const response = await fetch(`${fake.baseUrl}/models`, { headers: { authorization: `Bearer ${fake.apiKey}` } });
    expect(await response.json()).toMatchObject({ object: 'list', data: [{ id: FAKE_OPENAI_MODEL, object: 'model' }] });
  });
});
