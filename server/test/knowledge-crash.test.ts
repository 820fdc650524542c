import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { AUTH_HEADER } from '@parley/contracts/constants';
import { OFFLINE_GENAI_CONFIG } from '@parley/contracts/integrations';
import type { KnowledgeState } from '@parley/contracts/knowledge';
import { knowledgePassages } from '../src/db/schema/knowledge';
import { LOAD_PASSWORD } from './broadcast-load-kit';
import { crashHarness } from './crash-harness';
import { makePdf, proseText } from './pdf-fixtures';
import { PROCESS_CAPTCHA } from './server-process';

/**
 * The reliability story of issue 20, black-box: a real server process builds a prompt agent's
 * knowledge base from a PDF of KNOWLEDGE_CRASH_PAGES pages (Train), is killed with SIGKILL part-way
 * through, and started again. The restarted server carries the build on by itself from its last
 * checkpoint; at the end every page is there once and no passage twice. (That committed pages are
 * not embedded again is shown in-process by ingest.job.test.ts.) Slow: its own file.
 */

const PAGES = Number(process.env.KNOWLEDGE_CRASH_PAGES ?? 60);
const EMAIL = 'knowledge-crash@test.local';
const harness = crashHarness({ dataDirPrefix: 'parley-knowledge-crash-', email: EMAIL });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let token = '';

const url = () => harness.running()!.url;

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${url()}${path}`, {
    method,
    headers: { ...(token ? { [AUTH_HEADER]: token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await response.json()) as { status: boolean; data: T; message: string };
  if (!json.status) throw new Error(`${method} ${path}: ${response.status} ${json.message}`);
  return json.data;
}

async function signIn() {
  token = '';
  const { captchaId } = await call<{ captchaId: string }>('GET', '/api/account/captcha');
  token = (
    await call<{ token: string }>('POST', '/api/account/login', {
      email: EMAIL,
      password: LOAD_PASSWORD,
      captchaId,
      captcha: PROCESS_CAPTCHA,
    })
  ).token;
}

/** The agent's build, polled until `done` says it is far enough (or the time runs out). */
async function until(agentId: string, done: (state: KnowledgeState) => boolean, limitMs: number) {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const state = await call<KnowledgeState>('GET', `/api/agents/${agentId}/knowledge`);
    if (done(state)) return state;
    if (Date.now() > deadline)
      throw new Error(`waited in vain; the build: ${JSON.stringify(state)}\n${harness.output()}`);
    await sleep(100);
  }
}

beforeAll(async () => {
  await harness.setUp();
  await harness.start();
}, 180_000);

afterAll(async () => {
  await harness.tearDown();
});

describe('a knowledge build killed with SIGKILL', () => {
  it('resumes when the server is back: every page once, no passage twice', async () => {
    await signIn();
    const { id: agentId } = await call<{ id: string }>('POST', '/api/agents', {
      name: 'Manual reader',
      description: 'Answers from the manual',
      type: 'prompt',
    });
    await call('PUT', `/api/agents/${agentId}/prompt`, {
      openaiKey: OFFLINE_GENAI_CONFIG.id,
      prompt: 'You answer from the manual.',
      extractData: false,
      userData: [],
    });
    const form = new FormData();
    const pdf = await makePdf(Array.from({ length: PAGES }, (_, i) => proseText(i + 1, 300)));
    form.append('files', new Blob([pdf], { type: 'application/pdf' }), 'manual.pdf');
    const uploaded = await fetch(`${url()}/api/agents/${agentId}/documents`, {
      method: 'POST',
      headers: { [AUTH_HEADER]: token },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    await call('PUT', `/api/agents/${agentId}/genai-config`, { kbFromDoc: true, genAiConfigId: null });
    expect(await call('POST', `/api/agents/${agentId}/train`)).toMatchObject({ trainingStatus: 'training' });

    // Killed once a third of the pages are in.
    const before = await until(agentId, (state) => (state.sources[0]?.pagesDone ?? 0) >= PAGES / 3, 240_000);
    await harness.stop('SIGKILL');
    const pagesAtKill = before.sources[0]!.pagesDone;
    expect(pagesAtKill).toBeLessThan(PAGES);

    await harness.start();
    await signIn();
    // Resumed, not restarted: the pages read never fall back below what was committed at the kill.
    let fewestPages = Infinity;
    const after = await until(
      agentId,
      (state) => {
        fewestPages = Math.min(fewestPages, state.sources[0]?.pagesDone ?? 0);
        return state.status !== 'running';
      },
      300_000,
    );
    expect(fewestPages).toBeGreaterThanOrEqual(pagesAtKill);
    expect(after.status).toBe('done');
    expect(after.sources).toHaveLength(1);
    expect(after.sources[0]).toMatchObject({ status: 'indexed', pagesDone: PAGES, pagesTotal: PAGES, failureCount: 0 });
    const agent = await call<{ trainingStatus: string; trainingMessage: string }>(
      'GET',
      `/api/agents/${agentId}/training`,
    );
    expect(agent.trainingStatus).toBe('trained');
    expect(agent.trainingMessage).toBe(`Indexed ${after.passages} passages from 1 document`);

    await harness.stop('SIGTERM');
    const passages = await harness.withDatabase((db) =>
      db
        .select({ page: knowledgePassages.page, ordinal: knowledgePassages.ordinal, text: knowledgePassages.text })
        .from(knowledgePassages)
        .where(eq(knowledgePassages.agentId, agentId))
        .orderBy(asc(knowledgePassages.ordinal)),
    );
    expect(passages).toHaveLength(after.passages);
    // Every page, in order, each passage once: ordinals run 0, 1, 2, … with no gap and no repeat.
    expect([...new Set(passages.map((passage) => passage.page))]).toEqual(
      Array.from({ length: PAGES }, (_, i) => i + 1),
    );
    expect(passages.map((passage) => passage.ordinal)).toEqual(passages.map((_, i) => i));
    expect(new Set(passages.map((passage) => passage.text)).size).toBe(passages.length);
    for (const passage of passages) expect(passage.text).toMatch(new RegExp(`^Page ${passage.page} says `));
  }, 600_000);
});
