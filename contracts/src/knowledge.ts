import { z } from 'zod';
import { defineRoute } from './envelope';

/**
 * Building an agent's knowledge base (issue 20, decision 024): the 'knowledge.ingest' job reads the
 * agent's PDFs page by page and crawls its websites, cuts the text into passages and indexes them.
 * Its progress is read with GET /api/agents/:id/knowledge and pushed as 'agent.knowledge.progress'.
 */

export const knowledgeLimits = {
  /** Link hops from a website's address the crawler follows (0: that page alone). */
  crawlDepthDefault: 1,
  crawlDepthMax: 3,
  /** Pages read per website address. */
  crawlMaxPagesDefault: 25,
  crawlMaxPagesMax: 200,
  /** A PDF larger than this is refused by ingestion whatever let it in. */
  pdfMaxBytes: 100 * 1024 * 1024,
  /** Failures kept per source (the count goes on). */
  failuresKept: 100,
} as const;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** What ingestion did, as the agent's training message says it. */
export interface IngestionCounts {
  /** Passages the agent now answers from. */
  passages: number;
  /** PDFs and web pages that gave passages. */
  documents: number;
  webPages: number;
  /** Pages (of a PDF or a website) that could not be read, each listed with its reason. */
  pagesFailed: number;
  /** Files, or websites, that could not be read at all (or not to the end). */
  sourcesFailed: number;
}

export const knowledgeMessages = {
  started: 'Building the knowledge base: reading the documents and websites.',
  /** 'Indexed 42 passages from 2 documents and 1 web page; 1 page failed'. */
  indexed: ({ passages, documents, webPages, pagesFailed, sourcesFailed }: IngestionCounts) => {
    const from = [
      ...(documents > 0 ? [plural(documents, 'document')] : []),
      ...(webPages > 0 ? [plural(webPages, 'web page')] : []),
    ];
    let message = `Indexed ${plural(passages, 'passage')}${from.length > 0 ? ` from ${from.join(' and ')}` : ''}`;
    if (pagesFailed > 0) message += `; ${plural(pagesFailed, 'page')} failed`;
    if (sourcesFailed > 0) message += `; ${plural(sourcesFailed, 'source')} could not be read`;
    return message;
  },
  /** Nothing could be indexed: the first reason says why. */
  failed: (reason: string) => `Nothing could be indexed: ${reason}`,
  noSources: 'there is no document or website to read. Switch on documents or websites and add some.',
  serverError: 'Indexing stopped because of a server error. Press Train again to carry on where it stopped.',
  pageNoText: (page: number) => `Page ${page} has no text (a scanned image?)`,
  pageUnreadable: (page: number, reason: string) => `Page ${page} could not be read: ${reason}`,
  noTextAtAll: 'No page has text (a scanned document?)',
  pdfTooLarge: `The file is larger than ${knowledgeLimits.pdfMaxBytes / 1024 / 1024} MB`,
  pdfUnreadable: (reason: string) => `The file could not be read as a PDF: ${reason}`,
  pdfTimeout: (seconds: number, page: number | null) =>
    page === null
      ? `Reading the file took longer than ${seconds} s`
      : `Reading the file took longer than ${seconds} s; it stopped at page ${page}`,
  pdfTooMuchMemory: 'Reading the file needed more memory than allowed',
  fileMissing: 'The stored file is missing: upload it again',
  webPageNoText: 'The page has no readable text',
} as const;

export const knowledgeSourceKinds = ['document', 'website'] as const;
export type KnowledgeSourceKind = (typeof knowledgeSourceKinds)[number];

/** pending: waits its turn; indexing: being read (a crash resumes it); indexed; failed (its failures say why). */
export const knowledgeSourceStatuses = ['pending', 'indexing', 'indexed', 'failed'] as const;
export type KnowledgeSourceStatus = (typeof knowledgeSourceStatuses)[number];

/** not_started: never built; running; done; failed (nothing could be indexed, or the run broke off). */
export const ingestionStatuses = ['not_started', 'running', 'done', 'failed'] as const;
export type IngestionStatus = (typeof ingestionStatuses)[number];

/** Why a page, a web page or a whole file could not be read. */
export const knowledgeFailure = z.object({
  page: z.number().int().optional(),
  url: z.string().optional(),
  reason: z.string(),
});
export type KnowledgeFailure = z.infer<typeof knowledgeFailure>;

export const knowledgeSource = z.object({
  /** The document's id (agent_documents), or the web page's address. */
  id: z.string(),
  kind: z.enum(knowledgeSourceKinds),
  /** The file name, or the page's address. */
  label: z.string(),
  /** The knowledge-base entry it came from: the document's id, or the website address as configured. */
  origin: z.string(),
  status: z.enum(knowledgeSourceStatuses),
  pagesDone: z.number().int(),
  /** Null until the file is opened (a web page counts as one page). */
  pagesTotal: z.number().int().nullable(),
  passages: z.number().int(),
  /** The first failures (knowledgeLimits.failuresKept); failureCount counts them all. */
  failures: z.array(knowledgeFailure),
  failureCount: z.number().int(),
  updatedAt: z.string(),
});
export type KnowledgeSource = z.infer<typeof knowledgeSource>;

export const knowledgeState = z.object({
  status: z.enum(ingestionStatuses),
  /** What the last run did (the agent's training message when it ended). */
  message: z.string().nullable(),
  sources: z.array(knowledgeSource),
  /** Passages the agent answers from now. */
  passages: z.number().int(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type KnowledgeState = z.infer<typeof knowledgeState>;

/** Realtime event, at most about twice a second while a knowledge base is built, and when it ends. */
export const KNOWLEDGE_PROGRESS_EVENT = 'agent.knowledge.progress';
export const knowledgeProgress = z.object({
  agentId: z.uuid(),
  status: z.enum(ingestionStatuses),
  /** Sources known so far (a website's pages become known as they are crawled) and those finished. */
  sources: z.number().int(),
  sourcesDone: z.number().int(),
  /** Pages read of the sources known so far, and their page count where known. */
  pagesDone: z.number().int(),
  pagesTotal: z.number().int(),
  passages: z.number().int(),
  failures: z.number().int(),
  /** The source being read now (file name or address). */
  current: z.string().nullable(),
});
export type KnowledgeProgress = z.infer<typeof knowledgeProgress>;

export const knowledgeRoutes = {
  state: defineRoute({
    method: 'GET',
    path: '/api/agents/:id/knowledge',
    summary:
      "The knowledge base's build: status, every source (document or web page) with pages read, passages and failures",
    params: z.object({ id: z.uuid() }),
    data: knowledgeState,
  }),
} as const;
