import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { AGENT_TRAINED_EVENT } from '@parley/contracts/nlu';
import { KNOWLEDGE_PROGRESS_EVENT, knowledgeMessages, type KnowledgeProgress } from '@parley/contracts/knowledge';
import { agentDocuments, agents, type AgentKnowledgeConfigRow } from '../../../../db/schema/agents';
import { knowledgePassages } from '../../../../db/schema/knowledge';
import { enterprises } from '../../../../db/schema/platform';
import { createFileStore, type FileStore } from '../../../../platform/files';
import type { Jobs } from '../../../../platform/jobs';
import type { OutboundHttp } from '../../../../platform/outbound-http';
import { createEventBus, type BusEvent, type EventBus } from '../../../../platform/realtime/bus';
import { openTestDatabase } from '../../../../../test/test-database';
import { makePdf, proseText, type FixturePage } from '../../../../../test/pdf-fixtures';
import { EMBEDDING_DIMENSIONS, embedTexts } from '../../engine/embeddings';
import { encodeVectors } from '../knowledge.repository';
import { passageVectorTexts } from '../knowledge-retrieval';
import {
  createIngestJob,
  IngestionInterrupted,
  type CrawledPage,
  type CrawlWebsite,
  type IngestJobDeps,
} from './ingest.job';
import { CheckpointMoved, createIngestionRepository, type IngestionRepository } from './ingestion.repository';
import { createIngestionService } from './ingestion.service';

/**
 * The 'knowledge.ingest' job on a real database (PGlite, or PostgreSQL with PARLEY_TEST_DB) with
 * real PDFs (made with pdf-lib), the real PDF reader and the real sentence encoder; websites come
 * from a scripted crawl function (the crawler is tested on its own).
 */

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let bus: EventBus;
let files: FileStore;
let repository: IngestionRepository;
let dataDir: string;
const events: BusEvent[] = [];

/** Every text the encoder was asked for, to prove what was (not) embedded again. */
let embedded: string[] = [];
const embedder = () => ({
  embed: async (texts: readonly string[]) => {
    embedded.push(...texts);
    return embedTexts(texts);
  },
  close: async () => undefined,
});

const jobs: Jobs = {
  send: async () => 'job',
  work: async () => undefined,
  isPending: async () => false,
  stop: async () => undefined,
};
const outbound: OutboundHttp = {
  request: async () => {
    throw new Error('no network in this test');
  },
};

/** A website as the crawler would yield it: pages, and failures by URL. */
let site: ({ page: CrawledPage } | { failure: { url: string; reason: string } })[] = [];
let crawlCalls: { startUrl: string; maxDepth: number; maxPages: number }[] = [];
const crawl: CrawlWebsite = async function* (startUrl, options) {
  crawlCalls.push({ startUrl, maxDepth: options.maxDepth, maxPages: options.maxPages });
  for (const event of site) yield event;
};

function job(extra: Partial<IngestJobDeps> = {}) {
  return createIngestJob({
    repository,
    files,
    bus,
    embedder,
    crawl,
    outbound,
    pageBatch: 3,
    progressIntervalMs: 500,
    ...extra,
  });
}

let counter = 0;
async function newAgent(): Promise<{ enterpriseId: string; agentId: string }> {
  counter += 1;
  const [enterprise] = await database.db
    .insert(enterprises)
    .values({ name: `Ingest ${counter}` })
    .returning();
  const [agent] = await database.db
    .insert(agents)
    .values({
      enterpriseId: enterprise!.id,
      name: `Knowledge ${counter}`,
      type: 'prompt',
      outOfScopeMessage: 'No idea',
    })
    .returning();
  return { enterpriseId: enterprise!.id, agentId: agent!.id };
}

async function addDocument(scope: { enterpriseId: string; agentId: string }, fileName: string, bytes: Uint8Array) {
  const file = await files.save({
    enterpriseId: scope.enterpriseId,
    uploadedBy: null,
    name: fileName,
    bytes: Buffer.from(bytes),
    allowedTypes: ['application/pdf'],
    maxBytes: 20 * 1024 * 1024,
  });
  const [row] = await database.db
    .insert(agentDocuments)
    .values({ enterpriseId: scope.enterpriseId, agentId: scope.agentId, fileId: file.id, fileName, size: file.size })
    .returning();
  return { id: row!.id, path: (await files.open(scope.enterpriseId, file.id)).path };
}

async function configure(scope: { enterpriseId: string; agentId: string }, config: Partial<AgentKnowledgeConfigRow>) {
  await database.db
    .update(agents)
    .set({
      knowledgeConfig: { kbFromWebsite: false, websitesUrls: [], kbFromDoc: false, genAiConfigId: null, ...config },
    })
    .where(eq(agents.id, scope.agentId));
}

/** Starts a build as the service does, then runs its job here. */
async function ingest(scope: { enterpriseId: string; agentId: string }, extra: Partial<IngestJobDeps> = {}) {
  await createIngestionService({ repository, jobs }).startIngestion(scope.enterpriseId, scope.agentId);
  embedded = [];
  await job(extra)(scope);
}

async function agentRow(agentId: string) {
  const [row] = await database.db.select().from(agents).where(eq(agents.id, agentId));
  return row!;
}

async function passagesOf(agentId: string, sourceId?: string) {
  return database.db
    .select()
    .from(knowledgePassages)
    .where(and(eq(knowledgePassages.agentId, agentId), sourceId ? eq(knowledgePassages.sourceId, sourceId) : undefined))
    .orderBy(asc(knowledgePassages.sourceId), asc(knowledgePassages.ordinal));
}

const stateOf = (scope: { enterpriseId: string; agentId: string }) =>
  createIngestionService({ repository, jobs }).ingestionState(scope.enterpriseId, scope.agentId);

/** Pages of about 80 words: one passage each, so the encoder's work stays small. */
const shortPage = (page: number, version = '') => `${version}${proseText(page, 70)}`;

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-ingest-'));
  bus = await createEventBus({ db: database.db });
  bus.subscribe((event) => events.push(event));
  files = createFileStore({ db: database.db, dataDir });
  repository = createIngestionRepository(database.db);
}, 60_000);

afterAll(async () => {
  await bus?.close();
  await database?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  embedded = [];
  crawlCalls = [];
  site = [];
});

describe('documents', () => {
  let scope: { enterpriseId: string; agentId: string };
  let handbook: { id: string; path: string };
  let broken: { id: string; path: string };

  beforeAll(async () => {
    scope = await newAgent();
    const pages: FixturePage[] = [shortPage(1), { image: true }, shortPage(3)];
    handbook = await addDocument(scope, 'handbook.pdf', await makePdf(pages));
    broken = await addDocument(scope, 'broken.pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(3000, 65)]));
    await configure(scope, { kbFromDoc: true });
  }, 60_000);

  it('indexes text per page with its page number, lists the scanned page and the corrupt file, and goes on', async () => {
    const from = events.length;
    await ingest(scope);

    const passages = await passagesOf(scope.agentId, handbook.id);
    expect(passages.map((passage) => passage.page)).toEqual([1, 3]);
    // The pages open with text, no heading: untitled (the file and page are the source's).
    expect(passages.map((passage) => [passage.title, passage.heading])).toEqual([
      ['', null],
      ['', null],
    ]);
    expect(passages[0]!.text).toMatch(/^Page 1 says /);
    expect(passages[1]!.text).toMatch(/^Page 3 says /);
    // The vectors retrieval reads (passageVectorTexts: whole passage, title, …), 512 float32 each.
    for (const passage of passages)
      expect(passage.vectors.byteLength).toBe(
        passageVectorTexts(passage.title, passage.text).length * EMBEDDING_DIMENSIONS * 4,
      );
    expect(
      passages.every((passage) => passage.sourceKind === 'document' && passage.sourceLabel === 'handbook.pdf'),
    ).toBe(true);

    const state = await stateOf(scope);
    expect(state.status).toBe('done');
    expect(state.passages).toBe(2);
    const byId = new Map(state.sources.map((source) => [source.id, source]));
    expect(byId.get(handbook.id)).toMatchObject({
      kind: 'document',
      label: 'handbook.pdf',
      status: 'indexed',
      pagesDone: 3,
      pagesTotal: 3,
      passages: 2,
      failures: [{ page: 2, reason: 'Page 2 has no text (a scanned image?)' }],
      failureCount: 1,
    });
    const brokenSource = byId.get(broken.id)!;
    expect(brokenSource).toMatchObject({ status: 'failed', passages: 0, failureCount: 1 });
    expect(brokenSource.failures[0]!.reason).toMatch(/^The file could not be read as a PDF: \S/);

    const agent = await agentRow(scope.agentId);
    expect(agent.trainingStatus).toBe('trained');
    expect(agent.trainingMessage).toBe('Indexed 2 passages from 1 document; 1 page failed; 1 source could not be read');
    expect(state.message).toBe(agent.trainingMessage);
    expect(agent.trainedAt).not.toBeNull();

    const mine = events.slice(from);
    expect(mine.filter((event) => event.name === AGENT_TRAINED_EVENT).map((event) => event.payload)).toEqual([
      { agentId: scope.agentId, trainingStatus: 'trained' },
    ]);
    const progress = mine.filter((event) => event.name === KNOWLEDGE_PROGRESS_EVENT);
    expect(progress.at(-1)!.payload).toEqual({
      agentId: scope.agentId,
      status: 'done',
      sources: 2,
      sourcesDone: 2,
      pagesDone: 3,
      pagesTotal: 3,
      passages: 2,
      failures: 2,
      current: null,
    } satisfies KnowledgeProgress);
  });

  it('skips a document that did not change, and replaces the passages of one that did', async () => {
    await ingest(scope);
    // Nothing of the unchanged handbook was embedded again.
    expect(embedded).toEqual([]);
    expect((await passagesOf(scope.agentId, handbook.id)).map((passage) => passage.page)).toEqual([1, 3]);

    fs.writeFileSync(handbook.path, await makePdf([shortPage(1, 'Revised. '), shortPage(2, 'Revised. ')]));
    await ingest(scope);
    const passages = await passagesOf(scope.agentId, handbook.id);
    expect(passages.map((passage) => [passage.page, passage.ordinal])).toEqual([
      [1, 0],
      [2, 1],
    ]);
    expect(passages.every((passage) => passage.text.startsWith('Revised. Page'))).toBe(true);
    const source = (await stateOf(scope)).sources.find((row) => row.id === handbook.id)!;
    expect(source).toMatchObject({ status: 'indexed', pagesDone: 2, pagesTotal: 2, passages: 2, failures: [] });
    expect((await agentRow(scope.agentId)).trainingMessage).toBe(
      'Indexed 2 passages from 1 document; 1 source could not be read',
    );
  });

  it('drops the passages of documents once documents are switched off, and fails with the reason', async () => {
    await configure(scope, { kbFromDoc: false });
    await ingest(scope);
    expect(await passagesOf(scope.agentId)).toEqual([]);
    const state = await stateOf(scope);
    expect(state).toMatchObject({ status: 'failed', sources: [], passages: 0 });
    const agent = await agentRow(scope.agentId);
    expect(agent.trainingStatus).toBe('failed');
    expect(agent.trainingMessage).toBe(
      'Nothing could be indexed: there is no document or website to read. Switch on documents or websites and add some.',
    );
    expect(agent.trainingMessage).toBe(knowledgeMessages.failed(knowledgeMessages.noSources));
  });

  it('fails with the first reason when no source gives any text', async () => {
    const other = await newAgent();
    await addDocument(other, 'scan.pdf', await makePdf([{ image: true }, { image: true }]));
    await configure(other, { kbFromDoc: true });
    await ingest(other);
    const agent = await agentRow(other.agentId);
    expect(agent.trainingStatus).toBe('failed');
    expect(agent.trainingMessage).toBe('Nothing could be indexed: scan.pdf: No page has text (a scanned document?)');
    const [source] = (await stateOf(other)).sources;
    expect(source).toMatchObject({ status: 'failed', pagesDone: 2, failureCount: 3 });
    expect(source!.failures.map((failure) => failure.reason)).toEqual([
      'No page has text (a scanned document?)',
      'Page 1 has no text (a scanned image?)',
      'Page 2 has no text (a scanned image?)',
    ]);
  });
});

describe('resuming after a crash', () => {
  it('carries on after the last committed batch: every page once, no passage twice, no page embedded again', async () => {
    const scope = await newAgent();
    const manual = await addDocument(
      scope,
      'manual.pdf',
      await makePdf(Array.from({ length: 12 }, (_, i) => shortPage(i + 1))),
    );
    await configure(scope, { kbFromDoc: true });

    const crash = async ({ pagesDone }: { pagesDone: number }) => {
      if (pagesDone === 6) throw new IngestionInterrupted('simulated crash');
    };
    await expect(ingest(scope, { afterBatch: crash })).rejects.toThrow('simulated crash');
    const firstRun = [...embedded];

    // What the crash left: two batches of three pages, the agent still training.
    const [interrupted] = (await stateOf(scope)).sources;
    expect(interrupted).toMatchObject({ status: 'indexing', pagesDone: 6, pagesTotal: 12, passages: 6 });
    expect((await agentRow(scope.agentId)).trainingStatus).toBe('training');
    expect(await repository.interrupted()).toContainEqual(scope);
    // A stray row past the checkpoint (as a torn write would leave) must not survive the resume.
    await database.db.insert(knowledgePassages).values({
      enterpriseId: scope.enterpriseId,
      agentId: scope.agentId,
      sourceId: manual.id,
      sourceKind: 'document',
      sourceLabel: 'manual.pdf',
      page: 8,
      ordinal: 99,
      title: 'stray',
      text: 'A stray passage past the checkpoint.',
      vectors: encodeVectors([new Float32Array(EMBEDDING_DIMENSIONS)]),
    });

    // The server comes back: the same job runs again.
    embedded = [];
    await job()(scope);

    const passages = await passagesOf(scope.agentId, manual.id);
    expect(passages.map((passage) => passage.page)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(passages.map((passage) => passage.ordinal)).toEqual(Array.from({ length: 12 }, (_, i) => i));
    expect(new Set(passages.map((passage) => passage.text)).size).toBe(12);
    expect(passages.some((passage) => passage.title === 'stray')).toBe(false);
    // The second run embedded pages 7–12 only.
    const pagesEmbedded = (texts: string[]) =>
      [...new Set(texts.flatMap((text) => [...text.matchAll(/Page (\d+) says/g)].map((m) => Number(m[1]))))].sort(
        (a, b) => a - b,
      );
    expect(pagesEmbedded(firstRun)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pagesEmbedded(embedded)).toEqual([7, 8, 9, 10, 11, 12]);
    expect(embedded.some((text) => /Page [1-6] says/.test(text))).toBe(false);

    expect((await stateOf(scope)).sources[0]).toMatchObject({ status: 'indexed', pagesDone: 12, passages: 12 });
    const agent = await agentRow(scope.agentId);
    expect(agent.trainingStatus).toBe('trained');
    expect(agent.trainingMessage).toBe('Indexed 12 passages from 1 document');
  });

  it('lets only one of two runs commit a batch from the same checkpoint', async () => {
    const scope = await newAgent();
    const key = { sourceId: 'doc', kind: 'document' as const, label: 'doc.pdf', origin: 'doc' };
    await repository.beginSource(scope.enterpriseId, scope.agentId, key, 'hash');
    const batch = (text: string) => ({
      fromPagesDone: 0,
      toPagesDone: 1,
      firstOrdinal: 0,
      passages: [{ title: 'doc.pdf, page 1', text, page: 1, vectors: [new Float32Array(EMBEDDING_DIMENSIONS)] }],
      failures: [],
    });
    await repository.commitBatch(scope.enterpriseId, scope.agentId, key, batch('first'));
    await expect(
      repository.commitBatch(scope.enterpriseId, scope.agentId, key, batch('second')),
    ).rejects.toBeInstanceOf(CheckpointMoved);
    expect((await passagesOf(scope.agentId)).map((passage) => passage.text)).toEqual(['first']);
  });
});

describe('websites', () => {
  const page = (url: string, sections: { heading: string | null; text: string }[]) => ({
    page: { url, title: 'Shop help', sections },
  });

  it('indexes pages with URL and heading, lists failures, skips unchanged pages, replaces changed ones, drops pages gone', async () => {
    const scope = await newAgent();
    await configure(scope, {
      kbFromWebsite: true,
      websitesUrls: ['https://shop.test/'],
      crawlDepth: 2,
      crawlMaxPages: 10,
    });
    site = [
      page('https://shop.test/', [{ heading: null, text: 'Welcome to the shop help pages.' }]),
      page('https://shop.test/returns#top', [
        { heading: 'Returns', text: 'Items can be returned within thirty days.' },
        { heading: 'Refunds', text: 'Refunds reach your card within five days.' },
      ]),
      { failure: { url: 'https://shop.test/admin', reason: 'Disallowed by robots.txt' } },
    ];
    await ingest(scope);
    expect(crawlCalls).toEqual([{ startUrl: 'https://shop.test/', maxDepth: 2, maxPages: 10 }]);
    const passages = await passagesOf(scope.agentId);
    expect(passages.map((passage) => [passage.sourceId, passage.heading, passage.title, passage.text])).toEqual([
      ['https://shop.test/', null, 'Shop help', 'Welcome to the shop help pages.'],
      ['https://shop.test/returns', 'Returns', 'Returns', 'Items can be returned within thirty days.'],
      ['https://shop.test/returns', 'Refunds', 'Refunds', 'Refunds reach your card within five days.'],
    ]);
    expect(passages.every((passage) => passage.sourceKind === 'website' && passage.page === null)).toBe(true);
    const admin = (await stateOf(scope)).sources.find((source) => source.id === 'https://shop.test/admin');
    expect(admin).toMatchObject({
      kind: 'website',
      status: 'failed',
      origin: 'https://shop.test/',
      failures: [{ url: 'https://shop.test/admin', reason: 'Disallowed by robots.txt' }],
    });
    expect((await agentRow(scope.agentId)).trainingMessage).toBe('Indexed 3 passages from 2 web pages; 1 page failed');

    site = [
      page('https://shop.test/', [{ heading: null, text: 'Welcome to the shop help pages.' }]),
      page('https://shop.test/returns', [{ heading: 'Returns', text: 'Items can be returned within sixty days.' }]),
      page('https://shop.test/contact', [{ heading: 'Contact', text: 'Call us from nine to six.' }]),
    ];
    await ingest(scope);
    // The unchanged home page was not embedded again.
    expect(embedded.some((text) => text.includes('Welcome to the shop'))).toBe(false);
    const after = await passagesOf(scope.agentId);
    expect(after.map((passage) => [passage.sourceId, passage.text])).toEqual([
      ['https://shop.test/', 'Welcome to the shop help pages.'],
      ['https://shop.test/contact', 'Call us from nine to six.'],
      ['https://shop.test/returns', 'Items can be returned within sixty days.'],
    ]);
    const sources = (await stateOf(scope)).sources.map((source) => source.id).sort();
    expect(sources).toEqual(['https://shop.test/', 'https://shop.test/contact', 'https://shop.test/returns']);
    expect((await agentRow(scope.agentId)).trainingMessage).toBe('Indexed 3 passages from 3 web pages');

    // A page that has no text any more loses its passages; it is listed with why.
    site = [
      page('https://shop.test/', [{ heading: null, text: 'Welcome to the shop help pages.' }]),
      page('https://shop.test/returns', [{ heading: 'Returns', text: 'Items can be returned within sixty days.' }]),
      page('https://shop.test/contact', [{ heading: 'Contact', text: '  ' }]),
    ];
    await ingest(scope);
    expect((await passagesOf(scope.agentId)).map((passage) => passage.sourceId)).toEqual([
      'https://shop.test/',
      'https://shop.test/returns',
    ]);
    expect((await stateOf(scope)).sources.find((source) => source.id === 'https://shop.test/contact')).toMatchObject({
      status: 'failed',
      passages: 0,
      failures: [{ url: 'https://shop.test/contact', reason: 'The page has no readable text' }],
    });

    // The address is removed: its pages go.
    await configure(scope, { kbFromWebsite: true, websitesUrls: ['https://other.test/'] });
    site = [page('https://other.test/', [{ heading: 'About', text: 'Another shop entirely.' }])];
    await ingest(scope);
    expect((await passagesOf(scope.agentId)).map((passage) => passage.sourceId)).toEqual(['https://other.test/']);
    expect(crawlCalls.at(-1)).toEqual({ startUrl: 'https://other.test/', maxDepth: 1, maxPages: 25 });
  });

  it('records a crawl that breaks off and keeps the pages it gave', async () => {
    const scope = await newAgent();
    await configure(scope, { kbFromWebsite: true, websitesUrls: ['https://flaky.test/'] });
    const flaky: CrawlWebsite = async function* () {
      yield page('https://flaky.test/', [{ heading: 'Hours', text: 'Open every day from nine.' }]);
      throw new Error('The connection was reset');
    };
    await ingest(scope, { crawl: flaky });
    const state = await stateOf(scope);
    expect(state.passages).toBe(1);
    expect(state.sources.find((source) => source.id === 'https://flaky.test/')).toMatchObject({
      status: 'failed',
      passages: 1,
      failures: [{ url: 'https://flaky.test/', reason: 'The connection was reset' }],
    });
    expect((await agentRow(scope.agentId)).trainingStatus).toBe('trained');
  });
});

describe('the run', () => {
  it('publishes progress at most about every 500 ms while it reads, and once at the end', async () => {
    const scope = await newAgent();
    await addDocument(scope, 'long.pdf', await makePdf(Array.from({ length: 9 }, (_, i) => shortPage(i + 1))));
    await configure(scope, { kbFromDoc: true });
    const from = events.length;
    await ingest(scope, { pageBatch: 1 });
    const progress = events
      .slice(from)
      .filter(
        (event) =>
          event.name === KNOWLEDGE_PROGRESS_EVENT && (event.payload as KnowledgeProgress).agentId === scope.agentId,
      );
    expect(progress.length).toBeGreaterThanOrEqual(2);
    const times = progress.map((event) => Date.parse(event.at));
    // All but the last (sent the moment the run ends) are at least ~500 ms apart.
    for (let i = 1; i < times.length - 1; i += 1) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(450);
    const payloads = progress.map((event) => event.payload as KnowledgeProgress);
    expect(payloads.slice(0, -1).every((payload) => payload.status === 'running')).toBe(true);
    expect(payloads.at(-1)).toMatchObject({ status: 'done', pagesDone: 9, pagesTotal: 9, passages: 9 });
    // Pages done only grow.
    for (let i = 1; i < payloads.length; i += 1)
      expect(payloads[i]!.pagesDone).toBeGreaterThanOrEqual(payloads[i - 1]!.pagesDone);
  });

  it('does nothing for an agent that is not training (a job left from before)', async () => {
    const scope = await newAgent();
    await configure(scope, { kbFromDoc: true });
    await job()(scope);
    expect((await agentRow(scope.agentId)).trainingStatus).toBe('not_trained');
    expect(await stateOf(scope)).toMatchObject({ status: 'not_started', sources: [] });
  });

  it('refuses a second build while the agent trains', async () => {
    const scope = await newAgent();
    const service = createIngestionService({ repository, jobs: { ...jobs, isPending: async () => true } });
    await service.startIngestion(scope.enterpriseId, scope.agentId);
    await expect(service.startIngestion(scope.enterpriseId, scope.agentId)).rejects.toMatchObject({
      key: 'AGENT_TRAINING_IN_PROGRESS',
    });
    await expect(service.startIngestion(scope.enterpriseId, crypto.randomUUID())).rejects.toMatchObject({
      key: 'NOT_FOUND',
    });
    const [row] = (
      (await database.db.execute(
        sql`select status, message from knowledge_ingestions where agent_id = ${scope.agentId}`,
      )) as unknown as { rows: { status: string; message: string }[] }
    ).rows;
    expect(row).toEqual({ status: 'running', message: knowledgeMessages.started });
  });
});
