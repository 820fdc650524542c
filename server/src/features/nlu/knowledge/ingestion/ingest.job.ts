/**
 * The 'knowledge.ingest' job (issue 20, decision 024): builds an agent's knowledge base from its
 * PDFs and websites. Sources no longer configured lose their passages first; then each PDF is read
 * page by page (its own thread), cut into passages, embedded (the encoder's own thread) and stored
 * in page batches, each batch with its checkpoint in one transaction, so a run stopped anywhere
 * (even kill -9) resumes after the last batch with no passage twice and no page embedded again.
 * Websites come through the injected crawler, page by page. A failed page or file is recorded with
 * its reason and the rest goes on. At the end the agent reads 'trained' with what was indexed, or
 * 'failed' with why nothing was.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { AGENT_TRAINED_EVENT } from '@parley/contracts/nlu';
import {
  KNOWLEDGE_PROGRESS_EVENT,
  knowledgeLimits,
  knowledgeMessages,
  type IngestionCounts,
  type IngestionStatus,
  type KnowledgeFailure,
  type KnowledgeProgress,
} from '@parley/contracts/knowledge';
import type { EventBus } from '../../../../platform/realtime/bus';
import type { OutboundHttp } from '../../../../platform/outbound-http';
import type { AgentKnowledgeConfigRow } from '../../../../db/schema/agents';
import type { PassageInput } from '../knowledge.repository';
import { passageVectorTexts, type Embed } from '../knowledge-retrieval';
import {
  CheckpointMoved,
  type IngestJobData,
  type IngestionRepository,
  type SourceKey,
  type SourceRow,
} from './ingestion.repository';
import { pagePassages, webPagePassages, type PassageDraft } from './passages';
import { openPdf, PdfReadError, type OpenPdf, type PdfReadOptions } from './pdf-pages';

/** The crawler's shapes (crawl-website.ts): the job takes any crawl function that yields them. */
import type { CrawledPage, CrawlFailure } from './crawl-website';
export type { CrawledPage, CrawlFailure };
export type CrawlWebsite = (
  startUrl: string,
  options: { outbound: OutboundHttp; maxDepth: number; maxPages: number; signal?: AbortSignal; userAgent?: string },
) => AsyncGenerator<{ page: CrawledPage } | { failure: CrawlFailure }>;

/** Embeds for one run; closed when the run ends (a thread of its own in production). */
export interface Embedder {
  embed: Embed;
  close(): Promise<void>;
}

/** The app is closing (or a test simulates a crash): the run stops between batches and resumes later. */
export class IngestionInterrupted extends Error {}

export interface IngestJobDeps {
  repository: IngestionRepository;
  files: { open(enterpriseId: string, fileId: string): Promise<{ path: string }> };
  bus: EventBus;
  embedder: () => Embedder;
  crawl: CrawlWebsite;
  outbound: OutboundHttp;
  log?: { error(object: unknown, message: string): void; warn?(object: unknown, message: string): void };
  /** PDF pages committed (embedded and stored) together: the most a crash makes the next run redo. */
  pageBatch?: number;
  pdf?: PdfReadOptions;
  /** At most one progress event this often (ms). */
  progressIntervalMs?: number;
  /** Asked between batches: true stops the run (the app is closing). */
  stopping?: () => boolean;
  /** Tests: called after each committed PDF batch; throwing IngestionInterrupted there is a crash. */
  afterBatch?: (batch: { sourceId: string; pagesDone: number }) => void | Promise<void>;
}

const DEFAULT_PAGE_BATCH = 10;
const DEFAULT_PROGRESS_MS = 500;

/** The address a web page is known by: the URL without its fragment. */
export function normalizePageUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.hash = '';
    return parsed.href;
  } catch {
    return url.trim();
  }
}

const clamp = (value: number | undefined, fallback: number, min: number, max: number) =>
  Number.isInteger(value) ? Math.min(max, Math.max(min, value!)) : fallback;

/** Crawl depth and page limit of the agent's websites. */
export function crawlSettings(config: AgentKnowledgeConfigRow | null | undefined) {
  return {
    maxDepth: clamp(config?.crawlDepth, knowledgeLimits.crawlDepthDefault, 0, knowledgeLimits.crawlDepthMax),
    maxPages: clamp(config?.crawlMaxPages, knowledgeLimits.crawlMaxPagesDefault, 1, knowledgeLimits.crawlMaxPagesMax),
  };
}

function sha256File(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = crypto.createHash('sha256');
    fs.createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** Passages with their vectors: whole passage and title, as retrieval reads them (passageVectorTexts). */
async function embedDrafts(embed: Embed, drafts: readonly PassageDraft[]): Promise<PassageInput[]> {
  const texts = drafts.map((draft) => passageVectorTexts(draft.title, draft.text));
  const vectors = await embed(texts.flat());
  let at = 0;
  return drafts.map((draft, i) => {
    const own = vectors.slice(at, at + texts[i]!.length);
    at += texts[i]!.length;
    return { ...draft, vectors: own };
  });
}

/** What the agent's message says, from its sources as they stand (decision 024). */
export function ingestionCounts(sources: readonly SourceRow[], passages: number): IngestionCounts {
  const counts: IngestionCounts = { passages, documents: 0, webPages: 0, pagesFailed: 0, sourcesFailed: 0 };
  for (const source of sources) {
    if (source.passages > 0) {
      if (source.kind === 'document') counts.documents += 1;
      else counts.webPages += 1;
    }
    // A failed file carries one reason for the whole file; every other failure is a page's.
    if (source.kind === 'document' && source.status === 'failed') {
      counts.sourcesFailed += 1;
      counts.pagesFailed += Math.max(0, source.failureCount - 1);
    } else counts.pagesFailed += source.failureCount;
  }
  return counts;
}

/** The progress of a run, published at most every `intervalMs` (and at once when it ends). */
function createProgress(publish: (progress: KnowledgeProgress) => Promise<void>, agentId: string, intervalMs: number) {
  const sources = new Map<
    string,
    Pick<SourceRow, 'status' | 'pagesDone' | 'pagesTotal' | 'passages' | 'failureCount'>
  >();
  let current: string | null = null;
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function summary(status: IngestionStatus): KnowledgeProgress {
    const progress: KnowledgeProgress = {
      agentId,
      status,
      sources: sources.size,
      sourcesDone: 0,
      pagesDone: 0,
      pagesTotal: 0,
      passages: 0,
      failures: 0,
      current,
    };
    for (const source of sources.values()) {
      if (source.status === 'indexed' || source.status === 'failed') progress.sourcesDone += 1;
      progress.pagesDone += source.pagesDone;
      progress.pagesTotal += source.pagesTotal ?? 0;
      progress.passages += source.passages;
      progress.failures += source.failureCount;
    }
    return progress;
  }
  function now(status: IngestionStatus) {
    clearTimeout(timer);
    timer = undefined;
    last = performance.now();
    return publish(summary(status));
  }
  function soon() {
    if (timer) return;
    const wait = intervalMs - (performance.now() - last);
    if (wait <= 0) void now('running');
    else timer = setTimeout(() => void now('running'), wait);
  }
  return {
    load(rows: readonly SourceRow[]) {
      for (const row of rows) sources.set(row.sourceId, row);
      soon();
    },
    update(row: SourceRow | undefined) {
      if (row) sources.set(row.sourceId, row);
      soon();
    },
    remove(sourceIds: readonly string[]) {
      for (const id of sourceIds) sources.delete(id);
    },
    reading(label: string | null) {
      current = label;
      soon();
    },
    end: (status: IngestionStatus) => {
      current = null;
      return now(status);
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

export function createIngestJob(deps: IngestJobDeps) {
  const { repository, bus } = deps;
  const pageBatch = deps.pageBatch ?? DEFAULT_PAGE_BATCH;

  const publishProgress = (enterpriseId: string) => async (payload: KnowledgeProgress) => {
    await bus
      .publish({ enterpriseId, name: KNOWLEDGE_PROGRESS_EVENT, payload })
      .catch((error: unknown) => deps.log?.error({ err: error }, 'agent.knowledge.progress event'));
  };

  return async function handle(data: IngestJobData) {
    const { enterpriseId, agentId } = data;
    const agent = await repository.agent(enterpriseId, agentId);
    if (!agent || agent.trainingStatus !== 'training') return;
    if ((await repository.ingestion(enterpriseId, agentId))?.status !== 'running') return;

    const config = agent.knowledgeConfig;
    const documents = config?.kbFromDoc ? await repository.documents(enterpriseId, agentId) : [];
    const websites = config?.kbFromWebsite ? [...new Set(config.websitesUrls.map((url) => url.trim()))] : [];
    const crawl = crawlSettings(config);
    const documentKey = (document: { id: string; fileName: string }): SourceKey => ({
      sourceId: document.id,
      kind: 'document',
      label: document.fileName,
      origin: document.id,
    });

    const progress = createProgress(
      publishProgress(enterpriseId),
      agentId,
      deps.progressIntervalMs ?? DEFAULT_PROGRESS_MS,
    );
    const embedder = deps.embedder();
    const checkStopping = () => {
      if (deps.stopping?.()) throw new IngestionInterrupted('The server is stopping');
    };

    /** After CheckpointMoved: true when the source alone is gone (removed meanwhile), so the run goes on. */
    const sourceRemoved = async (sourceId: string) => !(await repository.source(enterpriseId, agentId, sourceId));

    async function ingestDocument(document: { id: string; fileId: string; fileName: string }) {
      const key = documentKey(document);
      progress.reading(document.fileName);
      let path: string;
      try {
        path = (await deps.files.open(enterpriseId, document.fileId)).path;
        await fs.promises.access(path);
      } catch {
        progress.update(
          await repository.failSource(enterpriseId, agentId, key, { reason: knowledgeMessages.fileMissing }),
        );
        return;
      }
      const contentHash = await sha256File(path);
      const existing = await repository.source(enterpriseId, agentId, key.sourceId);
      if (existing?.status === 'indexed' && existing.contentHash === contentHash) {
        progress.update(existing);
        return;
      }
      let row: SourceRow;
      let nextOrdinal = 0;
      if (existing?.status === 'indexing' && existing.contentHash === contentHash) {
        ({ row, nextOrdinal } = await repository.resumeSource(enterpriseId, agentId, existing));
      } else {
        row = await repository.beginSource(enterpriseId, agentId, key, contentHash);
      }
      progress.update(row);

      let pdf: OpenPdf;
      try {
        pdf = await openPdf(path, deps.pdf);
      } catch (error) {
        if (!(error instanceof PdfReadError)) throw error;
        progress.update(
          await repository.finishSource(enterpriseId, agentId, key.sourceId, {
            status: 'failed',
            reason: error.message,
          }),
        );
        return;
      }

      let pagesDone = row.pagesDone;
      let lastPage = pagesDone;
      let drafts: PassageDraft[] = [];
      let failures: KnowledgeFailure[] = [];
      const flush = async () => {
        if (lastPage === pagesDone) return;
        const passages = await embedDrafts(embedder.embed, drafts);
        row = await repository.commitBatch(enterpriseId, agentId, key, {
          fromPagesDone: pagesDone,
          toPagesDone: lastPage,
          firstOrdinal: nextOrdinal,
          passages,
          failures,
        });
        nextOrdinal += passages.length;
        pagesDone = lastPage;
        drafts = [];
        failures = [];
        progress.update(row);
        await deps.afterBatch?.({ sourceId: key.sourceId, pagesDone });
        checkStopping();
      };

      let stoppedBy: PdfReadError | null = null;
      try {
        if (row.pagesTotal !== pdf.pageCount) {
          await repository.setPagesTotal(enterpriseId, agentId, key.sourceId, pdf.pageCount);
          row = { ...row, pagesTotal: pdf.pageCount };
          progress.update(row);
        }
        try {
          for await (const page of pdf.pages(pagesDone + 1)) {
            if ('error' in page) failures.push({ page: page.page, reason: page.error });
            else {
              const cut = pagePassages(document.fileName, page.page, page.text);
              if (cut.length === 0) failures.push({ page: page.page, reason: knowledgeMessages.pageNoText(page.page) });
              drafts.push(...cut);
            }
            lastPage = page.page;
            if (lastPage - pagesDone >= pageBatch) await flush();
          }
        } catch (error) {
          if (!(error instanceof PdfReadError)) throw error;
          stoppedBy = error;
        }
        // The pages read before the file gave out are kept.
        await flush();
      } finally {
        await pdf.close();
      }
      const outcome = stoppedBy
        ? ({ status: 'failed', reason: stoppedBy.message } as const)
        : row.passages > 0
          ? ({ status: 'indexed' } as const)
          : ({ status: 'failed', reason: knowledgeMessages.noTextAtAll } as const);
      progress.update(await repository.finishSource(enterpriseId, agentId, key.sourceId, outcome));
    }

    /** Web pages already taken in this run (two addresses of the agent may reach the same page). */
    const taken = new Set<string>();

    async function ingestWebsite(startUrl: string) {
      progress.reading(startUrl);
      const seen = new Set<string>();
      const abort = new AbortController();
      const keyOf = (url: string): SourceKey => ({ sourceId: url, kind: 'website', label: url, origin: startUrl });
      try {
        for await (const event of deps.crawl(startUrl, {
          outbound: deps.outbound,
          maxDepth: crawl.maxDepth,
          maxPages: crawl.maxPages,
          signal: abort.signal,
        })) {
          const url = normalizePageUrl('page' in event ? event.page.url : event.failure.url);
          if (taken.has(url)) continue;
          taken.add(url);
          seen.add(url);
          const key = keyOf(url);
          if ('failure' in event) {
            // A page read before keeps its passages; it is listed as failed with today's reason.
            progress.update(
              await repository.failSource(enterpriseId, agentId, key, { url, reason: event.failure.reason }),
            );
          } else {
            progress.reading(url);
            const drafts = webPagePassages(event.page);
            const contentHash = sha256(JSON.stringify([event.page.title, event.page.sections]));
            const existing = await repository.source(enterpriseId, agentId, url);
            if (drafts.length === 0)
              progress.update(
                await repository.failSource(
                  enterpriseId,
                  agentId,
                  key,
                  { url, reason: knowledgeMessages.webPageNoText },
                  { contentHash },
                ),
              );
            else if (existing?.status === 'indexed' && existing.contentHash === contentHash)
              progress.update(await repository.keepSource(enterpriseId, agentId, key));
            else {
              const passages = await embedDrafts(embedder.embed, drafts);
              progress.update(await repository.replacePage(enterpriseId, agentId, key, contentHash, passages));
            }
          }
          if (deps.stopping?.()) {
            abort.abort();
            checkStopping();
          }
        }
      } catch (error) {
        if (error instanceof IngestionInterrupted || error instanceof CheckpointMoved) throw error;
        // The crawl itself broke off: said on the website's own row; its earlier pages stay.
        deps.log?.error({ err: error, agentId, startUrl }, 'website crawl failed');
        const url = normalizePageUrl(startUrl);
        const reason = error instanceof Error ? error.message : String(error);
        progress.update(await repository.failSource(enterpriseId, agentId, keyOf(url), { url, reason }));
        return;
      }
      // Pages this address no longer reaches go.
      const gone = (await repository.sources(enterpriseId, agentId))
        .filter((row) => row.origin === startUrl && !seen.has(row.sourceId))
        .map((row) => row.sourceId);
      if (gone.length > 0) {
        await repository.removeSources(enterpriseId, agentId, { sourceIds: gone });
        progress.remove(gone);
      }
    }

    async function finish() {
      const sources = await repository.sources(enterpriseId, agentId);
      const counts = ingestionCounts(sources, await repository.passageCount(enterpriseId, agentId));
      let outcome: { trainingStatus: 'trained' | 'failed'; message: string };
      if (counts.passages > 0) outcome = { trainingStatus: 'trained', message: knowledgeMessages.indexed(counts) };
      else {
        const reasons = sources.flatMap((source) =>
          source.failures.slice(0, 1).map((failure) => `${source.label}: ${failure.reason}`),
        );
        outcome = {
          trainingStatus: 'failed',
          message: knowledgeMessages.failed(
            documents.length + websites.length === 0
              ? knowledgeMessages.noSources
              : (reasons[0] ?? knowledgeMessages.noTextAtAll),
          ),
        };
      }
      if (!(await repository.finish(enterpriseId, agentId, outcome))) return;
      await progress.end(outcome.trainingStatus === 'trained' ? 'done' : 'failed');
      await bus
        .publish({
          enterpriseId,
          name: AGENT_TRAINED_EVENT,
          payload: { agentId, trainingStatus: outcome.trainingStatus },
        })
        .catch((error: unknown) => deps.log?.error({ err: error }, 'agent.trained event'));
    }

    try {
      const removed = await repository.removeSources(enterpriseId, agentId, {
        keepOrigins: [...documents.map((document) => document.id), ...websites],
      });
      await repository.markPending(enterpriseId, agentId, documents.map(documentKey));
      progress.load(await repository.sources(enterpriseId, agentId));
      progress.remove(removed);
      for (const document of documents) {
        try {
          await ingestDocument(document);
        } catch (error) {
          if (!(error instanceof CheckpointMoved) || !(await sourceRemoved(document.id))) throw error;
        }
        checkStopping();
      }
      for (const url of websites) {
        await ingestWebsite(url);
        checkStopping();
      }
      await finish();
    } catch (error) {
      // Closing, or a crash simulated by a test: the run resumes from its checkpoints next time.
      if (error instanceof IngestionInterrupted) throw error;
      // Another run of the same agent moved on (or the agent went): that run finishes the work.
      if (error instanceof CheckpointMoved) return;
      deps.log?.error({ err: error, agentId }, 'knowledge ingestion failed');
      if (
        await repository.finish(enterpriseId, agentId, {
          trainingStatus: 'failed',
          message: knowledgeMessages.serverError,
        })
      ) {
        await progress.end('failed');
        await bus
          .publish({ enterpriseId, name: AGENT_TRAINED_EVENT, payload: { agentId, trainingStatus: 'failed' } })
          .catch((publishError: unknown) => deps.log?.error({ err: publishError }, 'agent.trained event'));
      }
    } finally {
      progress.stop();
      await embedder.close();
    }
  };
}
