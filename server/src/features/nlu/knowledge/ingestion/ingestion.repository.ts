import { and, asc, eq, ne, notInArray, sql } from 'drizzle-orm';
import { knowledgeLimits, type IngestionStatus, type KnowledgeFailure } from '@parley/contracts/knowledge';
import type { TrainingStatus } from '@parley/contracts/agents';
import type { Db, DbOrTx } from '../../../../db/client';
import { agentDocuments, agents } from '../../../../db/schema/agents';
import {
  knowledgeIngestions,
  knowledgePassages,
  knowledgeSources,
  type KnowledgeSourceKind,
} from '../../../../db/schema/knowledge';
import type { Jobs } from '../../../../platform/jobs';
import { TRAIN_JOB } from '../../nlu.repository';
import { encodeVectors, type PassageInput } from '../knowledge.repository';

export const INGEST_JOB = 'knowledge.ingest';
export interface IngestJobData {
  enterpriseId: string;
  agentId: string;
}

export type SourceRow = typeof knowledgeSources.$inferSelect;

/** A source as ingestion names it. */
export interface SourceKey {
  sourceId: string;
  kind: KnowledgeSourceKind;
  label: string;
  origin: string;
}

/** Another run moved this source's checkpoint (or removed it) meanwhile: this run stops. */
export class CheckpointMoved extends Error {
  constructor() {
    super('the checkpoint moved');
  }
}

interface Rows<T> {
  rows: T[];
}

/**
 * The knowledge-ingestion job's SQL (decision 024): the sources of an agent and their checkpoints,
 * and its passages, written batch by batch. Every statement is scoped by enterprise and agent.
 */
export function createIngestionRepository(db: Db) {
  const sourceScope = (enterpriseId: string, agentId: string) =>
    and(eq(knowledgeSources.enterpriseId, enterpriseId), eq(knowledgeSources.agentId, agentId));
  const oneSource = (enterpriseId: string, agentId: string, sourceId: string) =>
    and(sourceScope(enterpriseId, agentId), eq(knowledgeSources.sourceId, sourceId));
  const agentScope = (enterpriseId: string, agentId: string) =>
    and(eq(agents.enterpriseId, enterpriseId), eq(agents.id, agentId));

  const deletePassages = (tx: DbOrTx, enterpriseId: string, agentId: string, sourceId: string) =>
    tx
      .delete(knowledgePassages)
      .where(
        and(
          eq(knowledgePassages.enterpriseId, enterpriseId),
          eq(knowledgePassages.agentId, agentId),
          eq(knowledgePassages.sourceId, sourceId),
        ),
      );

  async function insertPassages(
    tx: DbOrTx,
    enterpriseId: string,
    agentId: string,
    source: SourceKey,
    firstOrdinal: number,
    passages: readonly PassageInput[],
  ) {
    const BATCH = 200;
    for (let start = 0; start < passages.length; start += BATCH)
      await tx.insert(knowledgePassages).values(
        passages.slice(start, start + BATCH).map((passage, i) => ({
          enterpriseId,
          agentId,
          sourceId: source.sourceId,
          sourceKind: source.kind,
          sourceLabel: source.label,
          page: passage.page ?? null,
          heading: passage.heading ?? null,
          ordinal: firstOrdinal + start + i,
          title: passage.title,
          text: passage.text,
          vectors: encodeVectors(passage.vectors),
        })),
      );
  }

  /** Writes the row of a source (made if new), in the agent's enterprise only; answers it. */
  async function upsertSource(
    tx: DbOrTx,
    enterpriseId: string,
    agentId: string,
    source: SourceKey,
    values: Partial<Omit<SourceRow, 'id' | 'enterpriseId' | 'agentId' | 'sourceId'>>,
  ): Promise<SourceRow> {
    const owner = (await tx.execute(
      sql`select 1 from agents where id = ${agentId} and enterprise_id = ${enterpriseId}`,
    )) as unknown as Rows<unknown>;
    if (owner.rows.length === 0) throw new CheckpointMoved();
    const set = { kind: source.kind, label: source.label, origin: source.origin, ...values, updatedAt: new Date() };
    const [row] = await tx
      .insert(knowledgeSources)
      .values({ enterpriseId, agentId, sourceId: source.sourceId, ...set })
      .onConflictDoUpdate({
        target: [knowledgeSources.agentId, knowledgeSources.sourceId],
        set,
        where: eq(knowledgeSources.enterpriseId, enterpriseId),
      })
      .returning();
    if (!row) throw new CheckpointMoved();
    return row;
  }

  /**
   * Adds failures to a source's list (after the ones it has, or before them: a whole file's reason
   * comes first), keeping the first knowledgeLimits.failuresKept; the count counts them all.
   */
  const failureColumns = (failures: readonly KnowledgeFailure[], first = false) => {
    const added = sql`${JSON.stringify(failures)}::jsonb`;
    const all = first ? sql`${added} || ${knowledgeSources.failures}` : sql`${knowledgeSources.failures} || ${added}`;
    return {
      failures: sql`(select coalesce(jsonb_agg(kept.f order by kept.n), '[]'::jsonb)
                     from (select e.f, e.n from jsonb_array_elements(${all}) with ordinality as e(f, n)
                           order by e.n limit ${knowledgeLimits.failuresKept}) as kept)`,
      failureCount: sql`${knowledgeSources.failureCount} + ${failures.length}`,
    };
  };

  return {
    async agent(enterpriseId: string, agentId: string) {
      const [row] = await db
        .select({
          trainingStatus: agents.trainingStatus,
          knowledgeConfig: agents.knowledgeConfig,
        })
        .from(agents)
        .where(agentScope(enterpriseId, agentId));
      return row;
    },

    /** The agent's uploaded PDFs, oldest first. */
    async documents(enterpriseId: string, agentId: string) {
      return db
        .select({ id: agentDocuments.id, fileId: agentDocuments.fileId, fileName: agentDocuments.fileName })
        .from(agentDocuments)
        .where(and(eq(agentDocuments.enterpriseId, enterpriseId), eq(agentDocuments.agentId, agentId)))
        .orderBy(asc(agentDocuments.createdAt), asc(agentDocuments.id));
    },

    /**
     * Marks the agent 'training' and its build 'running', and queues the job, in one transaction
     * (all or nothing). Answers false when the agent is already training (a training or an ingestion
     * waits or runs). A 'training' status left without a live job may start again.
     */
    async start(jobs: Jobs, enterpriseId: string, agentId: string, message: string): Promise<boolean> {
      const [current] = await db
        .select({ trainingStatus: agents.trainingStatus })
        .from(agents)
        .where(agentScope(enterpriseId, agentId));
      if (!current) return false;
      const stale =
        current.trainingStatus === 'training' &&
        !(await jobs.isPending(TRAIN_JOB, { agentId })) &&
        !(await jobs.isPending(INGEST_JOB, { agentId }));
      return db.transaction(async (tx) => {
        const updated = await tx
          .update(agents)
          .set({ trainingStatus: 'training', trainingMessage: message })
          .where(and(agentScope(enterpriseId, agentId), stale ? undefined : ne(agents.trainingStatus, 'training')))
          .returning({ id: agents.id });
        if (updated.length !== 1) return false;
        const run = { status: 'running' as IngestionStatus, message, startedAt: new Date(), finishedAt: null };
        await tx
          .insert(knowledgeIngestions)
          .values({ agentId, enterpriseId, ...run })
          .onConflictDoUpdate({ target: knowledgeIngestions.agentId, set: run });
        const data: IngestJobData = { enterpriseId, agentId };
        await jobs.send(INGEST_JOB, data, { tx });
        return true;
      });
    },

    /** The agent's last build. */
    async ingestion(enterpriseId: string, agentId: string) {
      const [row] = await db
        .select()
        .from(knowledgeIngestions)
        .where(and(eq(knowledgeIngestions.enterpriseId, enterpriseId), eq(knowledgeIngestions.agentId, agentId)));
      return row;
    },

    /** Builds a stopped or killed server left running (the agent still 'training'). */
    async interrupted(): Promise<IngestJobData[]> {
      return db
        .select({ enterpriseId: knowledgeIngestions.enterpriseId, agentId: knowledgeIngestions.agentId })
        .from(knowledgeIngestions)
        .innerJoin(agents, eq(agents.id, knowledgeIngestions.agentId))
        .where(and(eq(knowledgeIngestions.status, 'running'), eq(agents.trainingStatus, 'training')));
    },

    async sources(enterpriseId: string, agentId: string): Promise<SourceRow[]> {
      return (
        db
          .select()
          .from(knowledgeSources)
          .where(sourceScope(enterpriseId, agentId))
          // Documents by name; a website's pages together under the address they came from.
          .orderBy(
            asc(knowledgeSources.kind),
            asc(
              sql`case when ${knowledgeSources.kind} = 'document' then ${knowledgeSources.label} else ${knowledgeSources.origin} end`,
            ),
            asc(knowledgeSources.label),
          )
      );
    },

    async source(enterpriseId: string, agentId: string, sourceId: string): Promise<SourceRow | undefined> {
      const [row] = await db
        .select()
        .from(knowledgeSources)
        .where(oneSource(enterpriseId, agentId, sourceId));
      return row;
    },

    /** The passages the agent answers from. */
    async passageCount(enterpriseId: string, agentId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(knowledgePassages)
        .where(and(eq(knowledgePassages.enterpriseId, enterpriseId), eq(knowledgePassages.agentId, agentId)));
      return Number(row?.count ?? 0);
    },

    /**
     * Removes sources and their passages: those whose origin is not in `keepOrigins` (when given),
     * or those with these source ids. Answers the source ids removed.
     */
    async removeSources(
      enterpriseId: string,
      agentId: string,
      which: { keepOrigins: readonly string[] } | { sourceIds: readonly string[] },
    ): Promise<string[]> {
      return db.transaction(async (tx) => {
        const filter =
          'keepOrigins' in which
            ? which.keepOrigins.length > 0
              ? notInArray(knowledgeSources.origin, [...which.keepOrigins])
              : undefined
            : which.sourceIds.length > 0
              ? sql`${knowledgeSources.sourceId} in (${sql.join(
                  which.sourceIds.map((id) => sql`${id}`),
                  sql`, `,
                )})`
              : sql`false`;
        const removed = await tx
          .delete(knowledgeSources)
          .where(and(sourceScope(enterpriseId, agentId), filter))
          .returning({ sourceId: knowledgeSources.sourceId });
        for (const { sourceId } of removed) await deletePassages(tx, enterpriseId, agentId, sourceId);
        return removed.map((row) => row.sourceId);
      });
    },

    /** Sources waiting their turn in this run (shown as pending until read). */
    async markPending(enterpriseId: string, agentId: string, sources: readonly SourceKey[]) {
      await db.transaction(async (tx) => {
        for (const source of sources) {
          const [existing] = await tx
            .select({ status: knowledgeSources.status })
            .from(knowledgeSources)
            .where(oneSource(enterpriseId, agentId, source.sourceId));
          // An interrupted source stays 'indexing' (its checkpoint is where the run resumes), and an
          // indexed one 'indexed' (unchanged, it is not read again).
          if (existing?.status === 'indexing' || existing?.status === 'indexed') continue;
          await upsertSource(tx, enterpriseId, agentId, source, { status: 'pending' });
        }
      });
    },

    /** Starts a source afresh: its old passages go, its checkpoint is page 0 of the file with `contentHash`. */
    async beginSource(enterpriseId: string, agentId: string, source: SourceKey, contentHash: string) {
      return db.transaction(async (tx) => {
        await deletePassages(tx, enterpriseId, agentId, source.sourceId);
        return upsertSource(tx, enterpriseId, agentId, source, {
          status: 'indexing',
          contentHash,
          pagesDone: 0,
          pagesTotal: null,
          passages: 0,
          failures: [],
          failureCount: 0,
        });
      });
    },

    /**
     * Resumes an interrupted source from its checkpoint: passages of pages after `pagesDone` (none
     * should exist, batches commit with their checkpoint) go. Answers the row and the next ordinal.
     */
    async resumeSource(enterpriseId: string, agentId: string, row: SourceRow) {
      return db.transaction(async (tx) => {
        await tx
          .delete(knowledgePassages)
          .where(
            and(
              eq(knowledgePassages.enterpriseId, enterpriseId),
              eq(knowledgePassages.agentId, agentId),
              eq(knowledgePassages.sourceId, row.sourceId),
              sql`${knowledgePassages.page} > ${row.pagesDone}`,
            ),
          );
        const [kept] = (
          (await tx.execute(
            sql`select count(*)::int as n, coalesce(max(ordinal) + 1, 0)::int as next from knowledge_passages
                where enterprise_id = ${enterpriseId} and agent_id = ${agentId} and source_id = ${row.sourceId}`,
          )) as unknown as Rows<{ n: number; next: number }>
        ).rows;
        const [updated] = await tx
          .update(knowledgeSources)
          .set({ status: 'indexing', passages: kept?.n ?? 0, updatedAt: new Date() })
          .where(oneSource(enterpriseId, agentId, row.sourceId))
          .returning();
        if (!updated) throw new CheckpointMoved();
        return { row: updated, nextOrdinal: kept?.next ?? 0 };
      });
    },

    async setPagesTotal(enterpriseId: string, agentId: string, sourceId: string, pagesTotal: number) {
      await db
        .update(knowledgeSources)
        .set({ pagesTotal, updatedAt: new Date() })
        .where(oneSource(enterpriseId, agentId, sourceId));
    },

    /**
     * One batch of pages, atomically: its passages, its failures and the checkpoint moved from
     * `fromPagesDone` to `toPagesDone`. Throws CheckpointMoved (writing nothing) when the source's
     * checkpoint is no longer `fromPagesDone`: another run of the same agent got there first.
     */
    async commitBatch(
      enterpriseId: string,
      agentId: string,
      source: SourceKey,
      batch: {
        fromPagesDone: number;
        toPagesDone: number;
        firstOrdinal: number;
        passages: readonly PassageInput[];
        failures: readonly KnowledgeFailure[];
      },
    ): Promise<SourceRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(knowledgeSources)
          .set({
            pagesDone: batch.toPagesDone,
            passages: sql`${knowledgeSources.passages} + ${batch.passages.length}`,
            ...failureColumns(batch.failures),
            updatedAt: new Date(),
          })
          .where(
            and(
              oneSource(enterpriseId, agentId, source.sourceId),
              eq(knowledgeSources.status, 'indexing'),
              eq(knowledgeSources.pagesDone, batch.fromPagesDone),
            ),
          )
          .returning();
        if (!row) throw new CheckpointMoved();
        await insertPassages(tx, enterpriseId, agentId, source, batch.firstOrdinal, batch.passages);
        return row;
      });
    },

    /**
     * A source's end: indexed, or failed with the reason the whole file failed, listed first (its
     * passages so far stay).
     */
    async finishSource(
      enterpriseId: string,
      agentId: string,
      sourceId: string,
      outcome: { status: 'indexed' } | { status: 'failed'; reason: string },
    ): Promise<SourceRow | undefined> {
      const failures = outcome.status === 'failed' ? [{ reason: outcome.reason }] : [];
      const [row] = await db
        .update(knowledgeSources)
        .set({ status: outcome.status, ...failureColumns(failures, true), updatedAt: new Date() })
        .where(oneSource(enterpriseId, agentId, sourceId))
        .returning();
      return row;
    },

    /**
     * A source that could not be read this run: failed with its reason, read from scratch next time.
     * Its passages stay (a page that failed today may answer from yesterday's text) unless
     * `emptied` says the source was read and has no text any more.
     */
    async failSource(
      enterpriseId: string,
      agentId: string,
      source: SourceKey,
      failure: KnowledgeFailure,
      emptied: { contentHash: string } | null = null,
    ): Promise<SourceRow> {
      return db.transaction(async (tx) => {
        if (emptied) await deletePassages(tx, enterpriseId, agentId, source.sourceId);
        return upsertSource(tx, enterpriseId, agentId, source, {
          status: 'failed',
          contentHash: emptied?.contentHash ?? null,
          failures: [failure],
          failureCount: 1,
          ...(emptied ? { passages: 0 } : {}),
        });
      });
    },

    /** A web page: its passages replaced in one transaction, the source indexed with its content hash. */
    async replacePage(
      enterpriseId: string,
      agentId: string,
      source: SourceKey,
      contentHash: string,
      passages: readonly PassageInput[],
    ): Promise<SourceRow> {
      return db.transaction(async (tx) => {
        const row = await upsertSource(tx, enterpriseId, agentId, source, {
          status: 'indexed',
          contentHash,
          pagesDone: 1,
          pagesTotal: 1,
          passages: passages.length,
          failures: [],
          failureCount: 0,
        });
        await deletePassages(tx, enterpriseId, agentId, source.sourceId);
        await insertPassages(tx, enterpriseId, agentId, source, 0, passages);
        return row;
      });
    },

    /** An unchanged source read again: indexed as it was (its row shows it was checked). */
    async keepSource(enterpriseId: string, agentId: string, source: SourceKey): Promise<SourceRow> {
      return db.transaction(async (tx) => upsertSource(tx, enterpriseId, agentId, source, { status: 'indexed' }));
    },

    /**
     * The build's end, in one transaction: the agent's training status and message (trainedAt when
     * trained), and the build's status. Answers false when the agent is gone.
     */
    async finish(
      enterpriseId: string,
      agentId: string,
      outcome: { trainingStatus: Extract<TrainingStatus, 'trained' | 'failed'>; message: string },
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const updated = await tx
          .update(agents)
          .set({
            trainingStatus: outcome.trainingStatus,
            trainingMessage: outcome.message,
            ...(outcome.trainingStatus === 'trained' ? { trainedAt: new Date() } : {}),
          })
          .where(agentScope(enterpriseId, agentId))
          .returning({ id: agents.id });
        if (updated.length !== 1) return false;
        await tx
          .update(knowledgeIngestions)
          .set({
            status: outcome.trainingStatus === 'trained' ? 'done' : 'failed',
            message: outcome.message,
            finishedAt: new Date(),
          })
          .where(and(eq(knowledgeIngestions.enterpriseId, enterpriseId), eq(knowledgeIngestions.agentId, agentId)));
        return true;
      });
    },
  };
}

export type IngestionRepository = ReturnType<typeof createIngestionRepository>;
