/**
 * Hybrid retrieval over an agent's knowledge passages (issue 20, decision 021): PostgreSQL
 * full-text search (any of the question's words; candidates by ts_rank_cd, scored by BM25 over the
 * tsvector lexemes) and an exact scan of the passages' sentence-encoder vectors, merged by a
 * weighted score. Both come from SQL scoped by enterprise and agent. An agent's vectors and BM25
 * statistics are cached in the process and reloaded when its passages change (checked on every
 * question, one indexed count).
 */
import { EMBEDDING_DIMENSIONS, embedTexts } from '../engine/embeddings';
import { normalizeText } from '../engine/text';
import type { AgentVectors, KnowledgeRepository, StoredPassage } from './knowledge.repository';

export type RetrievalMode = 'lexical' | 'semantic' | 'hybrid';

export interface RetrievalSettings {
  /**
   * `weighted`: lexicalWeight × BM25 / the question's best BM25 + (1 − lexicalWeight) × cosine;
   * `rrf`: reciprocal-rank fusion, 1 / (rrfK + lexical rank) + 1 / (rrfK + semantic rank).
   */
  fusion: 'weighted' | 'rrf';
  lexicalWeight: number;
  rrfK: number;
  /** Full-text candidates (best by ts_rank_cd) that BM25 scores. */
  lexicalDepth: number;
  /** A titled passage's similarity: titleShare × cosine to its title + the rest × cosine to the whole passage. */
  titleShare: number;
}

/** Chosen on the even-numbered covidfaq queries (decision 021). */
export const DEFAULT_RETRIEVAL: RetrievalSettings = {
  fusion: 'weighted',
  lexicalWeight: 0.2,
  rrfK: 10,
  lexicalDepth: 200,
  titleShare: 0.7,
};

const BM25_K1 = 1.2;
const BM25_B = 0.75;

interface LexicalStats {
  lengths: Map<string, number>;
  documentFrequency: Map<string, number>;
  averageLength: number;
}

export interface RetrievedPassage extends StoredPassage {
  /** Fused score (or the single list's score in lexical/semantic mode). */
  score: number;
  /** 1-based place in the full-text list, null when no word matched. */
  lexicalRank: number | null;
  /** Cosine similarity of the question and the passage (mixed with its title's, see titleShare). */
  similarity: number;
  /** The best cosine of the question and the passage's vectors (whole passage or title): confidence. */
  bestCosine: number;
}

export type Embed = (texts: readonly string[]) => Promise<Float32Array[]>;

/** Plain words of a question for the full-text query (letters and digits; tsquery syntax cannot get in). */
export function queryTerms(question: string): string[] {
  return [...new Set(normalizeText(question).match(/[\p{L}\p{N}]+/gu) ?? [])];
}

/**
 * The texts a passage is embedded as, in this order: the title with the text (the whole passage),
 * then the title alone when there is one (a heading, a FAQ's question). A question's similarity to
 * a titled passage mixes both cosines (`titleShare`, decision 021).
 */
export function passageVectorTexts(title: string, text: string): string[] {
  const whole = title.trim() ? `${title.trim()}\n${text}` : text;
  return title.trim() ? [whole, title.trim()] : [whole];
}

const CACHE_AGENTS = 64;

export function createKnowledgeRetriever({
  repository,
  embed = (texts) => embedTexts(texts),
  settings = DEFAULT_RETRIEVAL,
}: {
  repository: KnowledgeRepository;
  embed?: Embed;
  settings?: RetrievalSettings;
}) {
  interface AgentIndex {
    version: string;
    vectors: AgentVectors;
    stats: LexicalStats;
  }
  const cache = new Map<string, AgentIndex>();

  async function indexOf(enterpriseId: string, agentId: string): Promise<AgentIndex> {
    const key = `${enterpriseId}:${agentId}`;
    const version = await repository.version(enterpriseId, agentId);
    const cached = cache.get(key);
    if (cached?.version === version) {
      cache.delete(key);
      cache.set(key, cached);
      return cached;
    }
    const [vectors, stats] = await Promise.all([
      repository.agentVectors(enterpriseId, agentId),
      repository.lexicalStats(enterpriseId, agentId),
    ]);
    let total = 0;
    for (const length of stats.lengths.values()) total += length;
    const index = { version, vectors, stats: { ...stats, averageLength: total / Math.max(1, stats.lengths.size) } };
    cache.set(key, index);
    if (cache.size > CACHE_AGENTS) cache.delete(cache.keys().next().value!);
    return index;
  }

  /** BM25 of the full-text candidates, best first. */
  function bm25(stats: LexicalStats, matches: { id: string; lexeme: string; tf: number }[]) {
    const passages = stats.lengths.size;
    const scores = new Map<string, number>();
    for (const { id, lexeme, tf } of matches) {
      const df = stats.documentFrequency.get(lexeme) ?? 1;
      const idf = Math.log(1 + (passages - df + 0.5) / (df + 0.5));
      const length = stats.lengths.get(id) ?? stats.averageLength;
      const norm = BM25_K1 * (1 - BM25_B + (BM25_B * length) / (stats.averageLength || 1));
      scores.set(id, (scores.get(id) ?? 0) + (idf * tf * (BM25_K1 + 1)) / (tf + norm));
    }
    return [...scores].map(([id, rank]) => ({ id, rank })).sort((a, b) => b.rank - a.rank || a.id.localeCompare(b.id));
  }

  /**
   * Per passage: the similarity that ranks (the whole passage's cosine, mixed with its title's when
   * it has one) and the best of those cosines (how close the question came to any of them).
   */
  function similarities(vectors: AgentVectors, query: Float32Array): { ranking: Float32Array; best: Float32Array } {
    const result = new Float32Array(vectors.ids.length);
    const best = new Float32Array(vectors.ids.length);
    const { matrix, offsets } = vectors;
    const cosine = (row: number) => {
      const base = row * EMBEDDING_DIMENSIONS;
      let dot = 0;
      for (let d = 0; d < EMBEDDING_DIMENSIONS; d += 1) dot += matrix[base + d]! * query[d]!;
      return dot;
    };
    for (let p = 0; p < vectors.ids.length; p += 1) {
      const whole = cosine(offsets[p]!);
      const title = offsets[p + 1]! - offsets[p]! > 1 ? cosine(offsets[p]! + 1) : null;
      result[p] = title === null ? whole : (1 - settings.titleShare) * whole + settings.titleShare * title;
      best[p] = title === null ? whole : Math.max(whole, title);
    }
    return { ranking: result, best };
  }

  return {
    /** Embeds a passage for storage (see passageVectorTexts). */
    async passageVectors(title: string, text: string): Promise<Float32Array[]> {
      return embed(passageVectorTexts(title, text));
    },

    /** The agent's best passages for the question, best first. */
    async retrieve(
      enterpriseId: string,
      agentId: string,
      question: string,
      {
        limit = 5,
        mode = 'hybrid' as RetrievalMode,
        queryVector,
      }: { limit?: number; mode?: RetrievalMode; queryVector?: Float32Array } = {},
    ): Promise<RetrievedPassage[]> {
      const [matches, { vectors, stats }, query] = await Promise.all([
        mode === 'semantic'
          ? Promise.resolve([])
          : repository.lexicalMatches(enterpriseId, agentId, queryTerms(question), settings.lexicalDepth),
        indexOf(enterpriseId, agentId),
        queryVector ? Promise.resolve(queryVector) : embed([question]).then((list) => list[0]!),
      ]);
      const lexical = bm25(stats, matches);
      const bestLexical = lexical[0]?.rank ?? 1;
      const lexicalScore = new Map(lexical.map((row) => [row.id, row.rank / bestLexical]));
      const { ranking: similarity, best: bestCosine } = similarities(vectors, query);
      const lexicalRank = new Map(lexical.map((row, i) => [row.id, i + 1]));
      const semanticOrder = vectors.ids.map((_, i) => i).sort((a, b) => similarity[b]! - similarity[a]!);
      const semanticRank = new Map(semanticOrder.map((index, rank) => [vectors.ids[index]!, rank + 1]));
      const similarityOf = new Map(vectors.ids.map((id, i) => [id, similarity[i]!]));
      const bestCosineOf = new Map(vectors.ids.map((id, i) => [id, bestCosine[i]!]));

      const score = (id: string): number => {
        if (mode === 'lexical') return lexical[lexicalRank.get(id)! - 1]!.rank;
        if (mode === 'semantic') return similarityOf.get(id)!;
        if (settings.fusion === 'weighted')
          return (
            settings.lexicalWeight * (lexicalScore.get(id) ?? 0) + (1 - settings.lexicalWeight) * similarityOf.get(id)!
          );
        const l = lexicalRank.get(id);
        return (l ? 1 / (settings.rrfK + l) : 0) + 1 / (settings.rrfK + semanticRank.get(id)!);
      };
      const candidates = mode === 'lexical' ? lexical.map((row) => row.id) : vectors.ids;
      const ranked = candidates
        .map((id) => ({ id, score: score(id) }))
        .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id))
        .slice(0, limit);
      const rows = new Map(
        (
          await repository.passages(
            enterpriseId,
            agentId,
            ranked.map((entry) => entry.id),
          )
        ).map((row) => [row.id, row]),
      );
      return ranked.flatMap(({ id, score: value }) => {
        const row = rows.get(id);
        if (!row) return []; // replaced between the two reads
        return [
          {
            ...row,
            score: value,
            lexicalRank: lexicalRank.get(id) ?? null,
            similarity: similarityOf.get(id) ?? 0,
            bestCosine: bestCosineOf.get(id) ?? 0,
          },
        ];
      });
    },
  };
}

export type KnowledgeRetriever = ReturnType<typeof createKnowledgeRetriever>;
