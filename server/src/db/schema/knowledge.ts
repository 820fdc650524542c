import { sql } from 'drizzle-orm';
import type { IngestionStatus, KnowledgeFailure, KnowledgeSourceStatus } from '@parley/contracts/knowledge';
import { customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { enterprises } from './platform';
import { agents } from './agents';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value as Uint8Array),
});
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Where a passage came from: a PDF (file name and page) or a website (URL and heading). */
export type KnowledgeSourceKind = 'document' | 'website';

/**
 * Knowledge-base passages of an agent (issue 20), the unit retrieval returns. A source (one PDF,
 * one web page) is cut into passages in order (`ordinal`); re-ingesting a source deletes its
 * passages and writes the new ones in one transaction. `search` is PostgreSQL's full-text vector of
 * the title (weight A) and the text (weight B), kept by the database; `vectors` holds the passage's
 * unit-length sentence-encoder vectors (one or more: its title, its text and its sentences, see
 * decision 021), each 512 little-endian float32; there is no pgvector on PostgreSQL here, so the
 * semantic scan runs in the process.
 */
export const knowledgePassages = pgTable(
  'knowledge_passages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    /** Stable id of the source within the agent (the stored file's id, or the page's URL). */
    sourceId: text('source_id').notNull(),
    sourceKind: text('source_kind').$type<KnowledgeSourceKind>().notNull(),
    /** What a person reads: the file name, or the page's URL. */
    sourceLabel: text('source_label').notNull(),
    /** 1-based page of a PDF. */
    page: integer('page'),
    /** The heading a web page's passage sits under. */
    heading: text('heading'),
    ordinal: integer('ordinal').notNull(),
    title: text('title').notNull().default(''),
    text: text('text').notNull(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('simple', coalesce("title", '')), 'A') || setweight(to_tsvector('simple', "text"), 'B')`,
      ),
    vectors: bytea('vectors').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('knowledge_passages_source_idx').on(table.agentId, table.sourceId, table.ordinal),
    index('knowledge_passages_agent_idx').on(table.enterpriseId, table.agentId),
    index('knowledge_passages_search_idx').using('gin', table.search),
  ],
);

/**
 * What the knowledge-ingestion job (decision 024) knows of each source of an agent: one row per
 * PDF (`sourceId` = agent_documents.id) and per web page (`sourceId` = its normalised URL), with
 * the hash of the content it indexed, how far it got, and what failed. A PDF is read in page
 * batches: each batch's passages and `pagesDone` are written in one transaction, so after a crash
 * the run resumes after `pagesDone` when the file's hash is unchanged.
 */
export const knowledgeSources = pgTable(
  'knowledge_sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    sourceId: text('source_id').notNull(),
    kind: text('kind').$type<KnowledgeSourceKind>().notNull(),
    /** The file name, or the page's URL. */
    label: text('label').notNull(),
    /** The knowledge-base entry it came from: the document's id, or the website URL as configured. */
    origin: text('origin').notNull(),
    /** sha256 of the file, or of the web page's readable text; null until read. */
    contentHash: text('content_hash'),
    status: text('status').$type<KnowledgeSourceStatus>().notNull().default('pending'),
    pagesDone: integer('pages_done').notNull().default(0),
    pagesTotal: integer('pages_total'),
    passages: integer('passages').notNull().default(0),
    /** The first failures (knowledgeLimits.failuresKept); `failureCount` counts them all. */
    failures: jsonb('failures').$type<KnowledgeFailure[]>().notNull().default([]),
    failureCount: integer('failure_count').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('knowledge_sources_source_idx').on(table.agentId, table.sourceId),
    index('knowledge_sources_agent_idx').on(table.enterpriseId, table.agentId),
  ],
);

/** The last knowledge-base build of each agent: its status, what it said, when it ran. */
export const knowledgeIngestions = pgTable('knowledge_ingestions', {
  agentId: uuid('agent_id')
    .primaryKey()
    .references(() => agents.id, { onDelete: 'cascade' }),
  enterpriseId: uuid('enterprise_id')
    .notNull()
    .references(() => enterprises.id, { onDelete: 'cascade' }),
  status: text('status').$type<IngestionStatus>().notNull(),
  message: text('message'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
