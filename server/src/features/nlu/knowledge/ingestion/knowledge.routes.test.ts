import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFLINE_GENAI_CONFIG } from '@parley/contracts/integrations';
import { KNOWLEDGE_PROGRESS_EVENT, type KnowledgeState } from '@parley/contracts/knowledge';
import type { BusEvent } from '../../../../platform/realtime/bus';
import { as, createTenant, createTestApp, type Tenant, type TestContext } from '../../../../../test/test-app';
import { makePdf } from '../../../../../test/pdf-fixtures';
import { createIngestionRepository } from './ingestion.repository';
import { createIngestionService } from './ingestion.service';

/**
 * The knowledge base's build through the app (PGlite, or PostgreSQL with PARLEY_TEST_DB): PDFs
 * uploaded with the documents route, the 'knowledge.ingest' job run by the app's own job runner
 * (PDF thread, encoder thread), its progress read with GET /api/agents/:id/knowledge.
 */

type Body = { status: boolean; code?: number; message: string; data: unknown };

let context: TestContext;
let admin: Tenant;
let stranger: Tenant;
let chats: Tenant;
let agentId: string;
let guideId: string;
let brokenId: string;
const events: BusEvent[] = [];

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin.token) {
  const response = await context.app.inject({ method, url, payload, headers: as(token) });
  return { statusCode: response.statusCode, body: response.json() as Body };
}

async function ok<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<T> {
  const response = await call(method, url, payload);
  expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
  return response.body.data as T;
}

async function upload(id: string, name: string, bytes: Uint8Array): Promise<string> {
  const boundary = `----parley${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await context.app.inject({
    method: 'POST',
    url: `/api/agents/${id}/documents`,
    payload,
    headers: { ...as(admin.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: { documents: { id: string }[] } }).data.documents[0]!.id;
}

const knowledge = (id = agentId) => ok<KnowledgeState>('GET', `/api/agents/${id}/knowledge`);

async function built(id = agentId): Promise<KnowledgeState> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const state = await knowledge(id);
    if (state.status !== 'running') return state;
    if (Date.now() > deadline) throw new Error(`still building: ${JSON.stringify(state)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const HOURS =
  'Opening hours. Our stores open at nine in the morning and close at eight in the evening from Monday to Saturday. ' +
  'On Sundays every store is closed, and public holidays follow the Sunday hours.';
const RETURNS =
  'Returns and refunds. You can return an item within thirty days of purchase when you bring the receipt and the ' +
  'original packaging. The refund goes back to the card you paid with within five working days.';

beforeAll(async () => {
  context = await createTestApp({ withJobs: true });
  context.bus.subscribe((event) => events.push(event));
  admin = await createTenant(context);
  stranger = await createTenant(context);
  chats = await createTenant(context, { enterpriseId: admin.enterpriseId, roles: [3] });
  agentId = (
    await ok<{ id: string }>('POST', '/api/agents', { name: 'Store help', description: 'Answers', type: 'prompt' })
  ).id;
  await ok('PUT', `/api/agents/${agentId}/prompt`, {
    openaiKey: OFFLINE_GENAI_CONFIG.id,
    prompt: 'You answer questions about our stores.',
    extractData: false,
    userData: [],
  });
  guideId = await upload(agentId, 'store-guide.pdf', await makePdf([HOURS, { image: true }, RETURNS]));
  brokenId = await upload(agentId, 'broken.pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2000, 0x41)]));
  await ok('PUT', `/api/agents/${agentId}/genai-config`, { kbFromDoc: true, genAiConfigId: null });
}, 120_000);

afterAll(async () => {
  await context?.close();
});

describe('GET /api/agents/:id/knowledge', () => {
  it('reads not started before any build', async () => {
    expect(await knowledge()).toEqual({
      status: 'not_started',
      message: null,
      sources: [],
      passages: 0,
      startedAt: null,
      finishedAt: null,
    });
  });

  it('follows a build run by the job runner to its end, page by page with what failed', async () => {
    const service = createIngestionService({
      repository: createIngestionRepository(context.database.db),
      jobs: context.jobs,
    });
    const from = events.length;
    await service.startIngestion(admin.enterpriseId, agentId);
    const state = await built();

    expect(state.status).toBe('done');
    expect(state.message).toBe('Indexed 2 passages from 1 document; 1 page failed; 1 source could not be read');
    expect(state.passages).toBe(2);
    expect(state.startedAt).not.toBeNull();
    expect(Date.parse(state.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(state.startedAt!));
    const guide = state.sources.find((source) => source.id === guideId);
    expect(guide).toMatchObject({
      kind: 'document',
      label: 'store-guide.pdf',
      origin: guideId,
      status: 'indexed',
      pagesDone: 3,
      pagesTotal: 3,
      passages: 2,
      failures: [{ page: 2, reason: 'Page 2 has no text (a scanned image?)' }],
      failureCount: 1,
    });
    const broken = state.sources.find((source) => source.id === brokenId);
    expect(broken).toMatchObject({ label: 'broken.pdf', status: 'failed', passages: 0 });
    expect(broken!.failures[0]!.reason).toMatch(/^The file could not be read as a PDF/);

    const training = await ok<{ trainingStatus: string; trainingMessage: string }>(
      'GET',
      `/api/agents/${agentId}/training`,
    );
    expect(training).toMatchObject({ trainingStatus: 'trained', trainingMessage: state.message });
    const progress = events.slice(from).filter((event) => event.name === KNOWLEDGE_PROGRESS_EVENT);
    expect(progress.at(-1)?.payload).toMatchObject({ agentId, status: 'done', passages: 2, pagesDone: 3 });
    expect(progress.every((event) => event.enterpriseId === admin.enterpriseId)).toBe(true);
  });

  it('gives passages that answer in Try it, with the page to open', async () => {
    const answer = await call('POST', '/api/predictIntent', {
      message: { type: 'text', text: 'How long do I have to return an item?' },
      agentId,
    });
    expect(answer.statusCode).toBe(200);
    const data = answer.body.data as { output: { text: string }; source: string[] };
    expect(data.output.text).toContain('thirty days');
    expect(data.source).toEqual([`/api/agents/${agentId}/documents/${guideId}/content#page=3`]);
  });

  it("is the enterprise's own: another enterprise reads 404, a user without NLP.EDIT 403", async () => {
    const foreign = await call('GET', `/api/agents/${agentId}/knowledge`, undefined, stranger.token);
    expect(foreign.statusCode).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain('store-guide');
    const refused = await call('GET', `/api/agents/${agentId}/knowledge`, undefined, chats.token);
    expect(refused.statusCode).toBe(403);
    const anonymous = await context.app.inject({ method: 'GET', url: `/api/agents/${agentId}/knowledge` });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await call('GET', `/api/agents/${crypto.randomUUID()}/knowledge`);
    expect(unknown.statusCode).toBe(404);
  });

  it('forgets a removed document at once: its passages and its source', async () => {
    await ok('DELETE', `/api/agents/${agentId}/documents/${guideId}`);
    const state = await knowledge();
    expect(state.passages).toBe(0);
    expect(state.sources.map((source) => source.id)).toEqual([brokenId]);
  });
});
