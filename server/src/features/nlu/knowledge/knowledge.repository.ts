import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { knowledgePassages, type KnowledgeSourceKind } from '../../../db/schema/knowledge';
import { EMBEDDING_DIMENSIONS } from '../engine/embeddings';

/** One source of an agent's knowledge base: a PDF or a web page. */
export interface KnowledgeSource {
  id: string;
  kind: KnowledgeSourceKind;
  label: string;
}

/** A passage as ingestion produces it, with its sentence-encoder vectors (unit length, 512-d each). */
export interface PassageInput {
  title: string;
  text: string;
  page?: number | null;
  heading?: string | null;
  vectors: readonly Float32Array[];
}

/** A stored passage and where it came from. */
export interface StoredPassage {
  id: string;
  sourceId: string;
  sourceKind: KnowledgeSourceKind;
  sourceLabel: string;
  page: number | null;
  heading: string | null;
  ordinal: number;
  title: string;
  text: string;
}

/** Every passage vector of one agent, packed: rows `offsets[i]` to `offsets[i + 1]` belong to `ids[i]`. */
export interface AgentVectors {
  ids: string[];
  offsets: Int32Array;
  matrix: Float32Array;
}

interface Rows<T> {
  rows: T[];
}

/** No agent of the caller's enterprise has this id. */
export class KnowledgeAgentNotFound extends Error {
  constructor() {
    super('agent not found');
  }
}

export function encodeVectors(vectors: readonly Float32Array[]): Uint8Array {
  const packed = new Float32Array(vectors.length * EMBEDDING_DIMENSIONS);
  vectors.forEach((vector, i) => packed.set(vector, i * EMBEDDING_DIMENSIONS));
  const bytes = new Uint8Array(packed.buffer);
  // float32 little-endian on disk; every platform Node runs on here is little-endian.
  return bytes;
}

function decodeVectors(bytes: Uint8Array): Float32Array {
  // Copy: a driver's Buffer may sit at an offset that is not a multiple of 4.
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return new Float32Array(copy.buffer);
}

/**
 * The knowledge base's SQL. Every statement is scoped by enterprise and agent in SQL, so a caller
 * can never read or replace another tenant's passages whatever the question says.
 */
export function createKnowledgeRepository(db: Db) {
  const execute = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as Rows<T>).rows;

  return {
    /**
     * Replaces every passage of `source` by `passages` (in their order) in one transaction; answers
     * the number written. Throws KnowledgeAgentNotFound when the agent is not the enterprise's.
     */
    async replaceSource(
      enterpriseId: string,
      agentId: string,
      source: KnowledgeSource,
      passages: readonly PassageInput[],
    ): Promise<number> {
      return db.transaction(async (tx) => {
        const owner = (await tx.execute(
          sql`select 1 from agents where id = ${agentId} and enterprise_id = ${enterpriseId} for update`,
        )) as unknown as Rows<unknown>;
        if (owner.rows.length === 0) throw new KnowledgeAgentNotFound();
        await tx.execute(
          sql`delete from knowledge_passages where enterprise_id = ${enterpriseId} and agent_id = ${agentId} and source_id = ${source.id}`,
        );
        const BATCH = 200;
        for (let start = 0; start < passages.length; start += BATCH) {
          await tx.insert(knowledgePassages).values(
            passages.slice(start, start + BATCH).map((passage, i) => ({
              enterpriseId,
              agentId,
              sourceId: source.id,
              sourceKind: source.kind,
              sourceLabel: source.label,
              page: passage.page ?? null,
              heading: passage.heading ?? null,
              ordinal: start + i,
              title: passage.title,
              text: passage.text,
              vectors: encodeVectors(passage.vectors),
            })),
          );
        }
        return passages.length;
      });
    },

    /** Deletes the source's passages; answers how many went. */
    async removeSource(enterpriseId: string, agentId: string, sourceId: string): Promise<number> {
      const rows = await execute<{ id: string }>(
        sql`delete from knowledge_passages where enterprise_id = ${enterpriseId} and agent_id = ${agentId} and source_id = ${sourceId} returning id`,
      );
      return rows.length;
    },

    /**
     * Changes whenever the agent's passages do (count and newest row: a replaced source has new
     * rows, a removed one lowers the count), so any process can tell its cached vectors are stale.
     */
    async version(enterpriseId: string, agentId: string): Promise<string> {
      const [row] = await execute<{ n: number; newest: string | null }>(
        sql`select count(*)::int as n, max(created_at)::text as newest from knowledge_passages where enterprise_id = ${enterpriseId} and agent_id = ${agentId}`,
      );
      return `${row?.n ?? 0}@${row?.newest ?? ''}`;
    },

    /** Every vector of the agent's passages, packed for an exact scan. */
    async agentVectors(enterpriseId: string, agentId: string): Promise<AgentVectors> {
      const rows = await execute<{ id: string; vectors: Uint8Array }>(
        sql`select id, vectors from knowledge_passages where enterprise_id = ${enterpriseId} and agent_id = ${agentId} order by source_id, ordinal`,
      );
      const decoded = rows.map((row) => decodeVectors(row.vectors));
      const offsets = new Int32Array(rows.length + 1);
      decoded.forEach((vectors, i) => (offsets[i + 1] = offsets[i]! + vectors.length / EMBEDDING_DIMENSIONS));
      const matrix = new Float32Array(offsets[rows.length]! * EMBEDDING_DIMENSIONS);
      decoded.forEach((vectors, i) => matrix.set(vectors, offsets[i]! * EMBEDDING_DIMENSIONS));
      return { ids: rows.map((row) => row.id), offsets, matrix };
    },

    /**
     * Full-text candidates for BM25: the agent's passages where any of `terms` (plain words) matches
     * as a 'simple' tsquery (GIN index; decision 021 measured 'english' worse), the best `depth` by ts_rank_cd, each with the count of every
     * query lexeme in it.
     */
    async lexicalMatches(
      enterpriseId: string,
      agentId: string,
      terms: readonly string[],
      depth: number,
    ): Promise<{ id: string; lexeme: string; tf: number }[]> {
      if (terms.length === 0) return [];
      return execute<{ id: string; lexeme: string; tf: number }>(
        sql`with c as (
              select p.id, p.search
              from knowledge_passages p, to_tsquery('simple', ${terms.join(' | ')}) as q(query)
              where p.enterprise_id = ${enterpriseId} and p.agent_id = ${agentId} and p.search @@ q.query
              order by ts_rank_cd(p.search, q.query, 1) desc, p.id
              limit ${depth})
            select c.id, u.lexeme, coalesce(array_length(u.positions, 1), 1)::int as tf
            from c, unnest(c.search) as u
            where u.lexeme = any(tsvector_to_array(to_tsvector('simple', ${terms.join(' ')})))`,
      );
    },

    /** BM25's statistics of the agent's passages: lexemes per passage, and passages per lexeme. */
    async lexicalStats(
      enterpriseId: string,
      agentId: string,
    ): Promise<{ lengths: Map<string, number>; documentFrequency: Map<string, number> }> {
      const [lengths, frequencies] = await Promise.all([
        execute<{ id: string; length: number }>(
          sql`select p.id, (select coalesce(sum(coalesce(array_length(u.positions, 1), 1)), 0) from unnest(p.search) as u)::int as length
              from knowledge_passages p where p.enterprise_id = ${enterpriseId} and p.agent_id = ${agentId}`,
        ),
        execute<{ lexeme: string; df: number }>(
          sql`select u.lexeme, count(*)::int as df from knowledge_passages p, unnest(p.search) as u
              where p.enterprise_id = ${enterpriseId} and p.agent_id = ${agentId} group by u.lexeme`,
        ),
      ]);
      return {
        lengths: new Map(lengths.map((row) => [row.id, row.length])),
        documentFrequency: new Map(frequencies.map((row) => [row.lexeme, row.df])),
      };
    },

    /** The passages with these ids, among the agent's own only. */
    async passages(enterpriseId: string, agentId: string, ids: readonly string[]): Promise<StoredPassage[]> {
      if (ids.length === 0) return [];
      return execute<StoredPassage>(
        sql`select id, source_id as "sourceId", source_kind as "sourceKind", source_label as "sourceLabel", page, heading,
                   ordinal, title, text
            from knowledge_passages
            where enterprise_id = ${enterpriseId} and agent_id = ${agentId}
              and id in (${sql.join(
                ids.map((id) => sql`${id}`),
                sql`, `,
              )})`,
      );
    },
  };
}

export type KnowledgeRepository = ReturnType<typeof createKnowledgeRepository>;
