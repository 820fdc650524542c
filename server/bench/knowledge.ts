/**
 * Knowledge retrieval on ../shared/kb/covidfaq.json (issue 20, decision 021). Every FAQ answer is
 * ingested as a document of one agent in a fresh database (a copy of the migrated PGlite template),
 * through the repository and retriever the server uses; every query is then asked, and the share
 * whose labelled passage comes first (hit@1) or in the first five (hit@5) is printed for a plain
 * BM25 computed here in the same run (k1 1.2, b 0.75, lower-cased alphanumeric tokens of title +
 * text), PostgreSQL full-text alone, the sentence encoder alone, and the hybrid. Queries are split
 * by position: even-numbered ones ("dev", where the settings were chosen) and odd-numbered ones
 * ("held out"). Then the no-LLM answer of every query, one at a time with a cold embedding cache:
 * latency p50/p99 and the share answered (not out of scope); then CLINC150's out-of-scope test
 * questions, which should all get the out-of-scope message.
 *
 *   npm run bench:knowledge [-- --sweep]   (--sweep: the fusion settings on the dev queries)
 *
 * The last line is `{ "knowledge": … }` for bench/run.ts.
 */
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { clearEmbeddingCache, embedTexts } from '../src/features/nlu/engine/embeddings';
import { createKnowledgeRepository } from '../src/features/nlu/knowledge/knowledge.repository';
import {
  createKnowledgeRetriever,
  DEFAULT_RETRIEVAL,
  passageVectorTexts,
  type RetrievalMode,
  type RetrievalSettings,
} from '../src/features/nlu/knowledge/knowledge-retrieval';
import { createKnowledgeAnswerer } from '../src/features/nlu/knowledge/knowledge-answer';
import { DEFAULT_ANSWER } from '../src/features/nlu/knowledge/extractive-answer';
import { openTestDatabase, prepareTemplate } from '../test/test-database';

interface Dataset {
  passages: { id: string; title: string; text: string }[];
  queries: { text: string; passageId: string }[];
}

const { values: args } = parseArgs({
  options: {
    dataset: { type: 'string' },
    sweep: { type: 'boolean', default: false },
    'no-answers': { type: 'boolean', default: false },
    /** Shares answered (in scope, from the labelled passage, out of scope) per minSimilarityWithWord. */
    'answer-sweep': { type: 'boolean', default: false },
  },
});
const datasetFile = args.dataset ?? fileURLToPath(new URL('../../../shared/kb/covidfaq.json', import.meta.url));
const dataset = JSON.parse(fs.readFileSync(datasetFile, 'utf8')) as Dataset;
const log = (text: string) => process.stderr.write(`${text}\n`);

/** Plain BM25 (k1 1.2, b 0.75) over lower-cased alphanumeric tokens of title + text. */
function bm25Ranker(passages: Dataset['passages']) {
  const tokens = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  const docs = passages.map((p) => tokens(`${p.title} ${p.text}`));
  const avgLength = docs.reduce((sum, doc) => sum + doc.length, 0) / docs.length;
  const frequencies = docs.map((doc) => {
    const counts = new Map<string, number>();
    for (const token of doc) counts.set(token, (counts.get(token) ?? 0) + 1);
    return counts;
  });
  const documentFrequency = new Map<string, number>();
  for (const counts of frequencies)
    for (const token of counts.keys()) documentFrequency.set(token, (documentFrequency.get(token) ?? 0) + 1);
  const idf = (token: string) => {
    const n = documentFrequency.get(token) ?? 0;
    return Math.log(1 + (docs.length - n + 0.5) / (n + 0.5));
  };
  return (query: string): string[] => {
    const terms = tokens(query);
    const scores = frequencies.map((counts, i) => {
      let score = 0;
      for (const term of terms) {
        const tf = counts.get(term) ?? 0;
        if (tf === 0) continue;
        score += (idf(term) * tf * 2.2) / (tf + 1.2 * (1 - 0.75 + (0.75 * docs[i]!.length) / avgLength));
      }
      return { id: passages[i]!.id, score };
    });
    return scores
      .filter((entry) => entry.score > 0)
      .sort((a, b) => b.score - a.score)
      .map((entry) => entry.id);
  };
}

/**
 * Questions no COVID FAQ answers: CLINC150's out-of-scope test questions ("how do i get a loan for
 * a boat"), when the file is there. The no-LLM answer should give the out-of-scope message.
 */
function outOfScopeQuestions(): string[] {
  const file = fileURLToPath(new URL('../../../shared/nlu/clinc150.json', import.meta.url));
  if (!fs.existsSync(file)) return [];
  const clinc = JSON.parse(fs.readFileSync(file, 'utf8')) as { test: { text: string; intent: string }[] };
  return clinc.test.filter((example) => example.intent === 'oos').map((example) => example.text);
}

export interface Hits {
  hit1: number;
  hit5: number;
}
export interface SplitHits {
  all: Hits;
  dev: Hits;
  heldOut: Hits;
}
/** The `{ "knowledge": … }` line bench/run.ts reads. */
export interface KnowledgeBench {
  dataset: string;
  database: string;
  passages: number;
  queries: number;
  settings: RetrievalSettings;
  ingestSeconds: number;
  bm25: SplitHits;
  lexical: SplitHits;
  semantic: SplitHits;
  hybrid: SplitHits;
  answer: {
    msP50: number;
    msP99: number;
    answeredShare: number;
    answeredFromLabelledPassage: number;
    outOfScopeQuestions: number;
    outOfScopeAnsweredShare: number | null;
  } | null;
  goal: Hits;
}
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const round3 = (value: number) => Number(value.toFixed(3));

function score(ranked: string[][], queries: Dataset['queries'], pick: (index: number) => boolean): Hits {
  let hit1 = 0;
  let hit5 = 0;
  let count = 0;
  queries.forEach((query, i) => {
    if (!pick(i)) return;
    count += 1;
    const at = ranked[i]!.indexOf(query.passageId);
    if (at === 0) hit1 += 1;
    if (at >= 0 && at < 5) hit5 += 1;
  });
  return { hit1: round3(hit1 / count), hit5: round3(hit5 / count) };
}

async function main() {
  await prepareTemplate();
  const database = await openTestDatabase();
  try {
    const [enterprise] = (await database.raw(`insert into enterprises (name) values ('Bench') returning id`)).rows as {
      id: string;
    }[];
    const [agent] = (
      await database.raw(
        `insert into agents (enterprise_id, name, type, out_of_scope_message) values ($1, 'COVID FAQ', 'prompt', 'Sorry, I cannot answer that.') returning id`,
        [enterprise!.id],
      )
    ).rows as { id: string }[];
    const enterpriseId = enterprise!.id;
    const agentId = agent!.id;
    const repository = createKnowledgeRepository(database.db);

    log(`ingesting ${dataset.passages.length} passages (${database.kind})`);
    const ingestStarted = performance.now();
    const vectorTexts = dataset.passages.map((p) => passageVectorTexts(p.title, p.text));
    const vectors = await embedTexts(vectorTexts.flat());
    let at = 0;
    const passageOf = new Map<string, string>(); // stored id → dataset id
    for (const [i, passage] of dataset.passages.entries()) {
      const own = vectors.slice(at, at + vectorTexts[i]!.length);
      at += own.length;
      await repository.replaceSource(
        enterpriseId,
        agentId,
        { id: passage.id, kind: 'document', label: `covidfaq ${passage.id}` },
        [{ title: passage.title, text: passage.text, vectors: own }],
      );
    }
    const ingestSeconds = (performance.now() - ingestStarted) / 1000;
    for (const row of (
      await database.raw(`select id, source_id from knowledge_passages where agent_id = $1`, [agentId])
    ).rows as { id: string; source_id: string }[])
      passageOf.set(row.id, row.source_id);

    log(`embedding ${dataset.queries.length} queries`);
    const queryVectors = await embedTexts(dataset.queries.map((q) => q.text));
    const bm25 = bm25Ranker(dataset.passages);
    const dev = (i: number) => i % 2 === 0;
    const heldOut = (i: number) => i % 2 === 1;
    const all = () => true;

    const rankAll = async (mode: RetrievalMode, settings: RetrievalSettings = DEFAULT_RETRIEVAL) => {
      const retriever = createKnowledgeRetriever({ repository, settings });
      const ranked: string[][] = [];
      for (const [i, query] of dataset.queries.entries()) {
        const found = await retriever.retrieve(enterpriseId, agentId, query.text, {
          limit: 5,
          mode,
          queryVector: queryVectors[i],
        });
        ranked.push(found.map((passage) => passageOf.get(passage.id)!));
      }
      return ranked;
    };

    if (args.sweep) {
      for (const titleShare of [0.5, 0.7, 0.85, 1])
        for (const lexicalWeight of [0.2, 0.3]) {
          const settings = { ...DEFAULT_RETRIEVAL, fusion: 'weighted' as const, lexicalWeight, titleShare };
          const ranked = await rankAll('hybrid', settings);
          const hits = score(ranked, dataset.queries, dev);
          console.log(JSON.stringify({ sweep: 'dev', fusion: 'weighted', lexicalWeight, titleShare, ...hits }));
        }
      for (const rrfK of [5, 10, 60]) {
        const ranked = await rankAll('hybrid', { ...DEFAULT_RETRIEVAL, fusion: 'rrf', rrfK });
        console.log(JSON.stringify({ sweep: 'dev', fusion: 'rrf', rrfK, ...score(ranked, dataset.queries, dev) }));
      }
    }

    const rankings: Record<string, string[][]> = {
      bm25: dataset.queries.map((query) => bm25(query.text).slice(0, 5)),
      lexical: await rankAll('lexical'),
      semantic: await rankAll('semantic'),
      hybrid: await rankAll('hybrid'),
    };
    const figures: Record<'bm25' | 'lexical' | 'semantic' | 'hybrid', SplitHits> = Object.fromEntries(
      Object.entries(rankings).map(([name, ranked]) => [
        name,
        {
          all: score(ranked, dataset.queries, all),
          dev: score(ranked, dataset.queries, dev),
          heldOut: score(ranked, dataset.queries, heldOut),
        },
      ]),
    ) as Record<'bm25' | 'lexical' | 'semantic' | 'hybrid', SplitHits>;
    for (const [name, figure] of Object.entries(figures)) console.log(JSON.stringify({ retriever: name, ...figure }));

    if (args['answer-sweep']) {
      const outOfScopeSweep = outOfScopeQuestions();
      for (const [minSimilarityWithWord, minSimilarityWithAllWords] of [
        [0.5, 0.4],
        [0.5, DEFAULT_ANSWER.minSimilarity],
        [0.45, DEFAULT_ANSWER.minSimilarity],
        [DEFAULT_ANSWER.minSimilarity, DEFAULT_ANSWER.minSimilarity],
      ] as const) {
        const answerer = createKnowledgeAnswerer({
          retriever: createKnowledgeRetriever({ repository }),
          settings: { ...DEFAULT_ANSWER, minSimilarityWithWord, minSimilarityWithAllWords },
        });
        let [inScope, right, outside] = [0, 0, 0];
        for (const [i, query] of dataset.queries.entries()) {
          if (!dev(i)) continue;
          const answer = await answerer.answer(enterpriseId, agentId, query.text);
          if (answer) inScope += 1;
          if (answer?.source.id === query.passageId) right += 1;
        }
        for (const question of outOfScopeSweep)
          if (await answerer.answer(enterpriseId, agentId, question)) outside += 1;
        const devCount = dataset.queries.filter((_, i) => dev(i)).length;
        console.log(
          JSON.stringify({
            sweep: 'answer',
            minSimilarityWithWord,
            minSimilarityWithAllWords,
            devAnswered: round3(inScope / devCount),
            devFromLabelled: round3(right / devCount),
            outOfScopeAnswered: round3(outside / Math.max(1, outOfScopeSweep.length)),
          }),
        );
      }
    }

    const timings: number[] = [];
    let answered = 0;
    let answeredRight = 0;
    let outOfScopeAnswered = 0;
    const outOfScope = outOfScopeQuestions();
    if (!args['no-answers']) {
      log('answering every query with no LLM, one at a time, cold embedding cache');
      clearEmbeddingCache();
      const answerer = createKnowledgeAnswerer({ retriever: createKnowledgeRetriever({ repository }) });
      await answerer.answer(enterpriseId, agentId, 'warm up the encoder');
      clearEmbeddingCache();
      for (const query of dataset.queries) {
        const started = performance.now();
        const answer = await answerer.answer(enterpriseId, agentId, query.text);
        timings.push(performance.now() - started);
        if (answer) {
          answered += 1;
          if (answer.source.id === query.passageId) answeredRight += 1;
        }
      }
      log(`asking ${outOfScope.length} out-of-scope questions (CLINC150 test oos)`);
      for (const question of outOfScope)
        if (await answerer.answer(enterpriseId, agentId, question)) outOfScopeAnswered += 1;
    }
    timings.sort((a, b) => a - b);
    const result: KnowledgeBench = {
      dataset: datasetFile.split('/').slice(-2).join('/'),
      database: database.kind,
      passages: dataset.passages.length,
      queries: dataset.queries.length,
      settings: DEFAULT_RETRIEVAL,
      ingestSeconds: Number(ingestSeconds.toFixed(2)),
      ...figures,
      answer:
        timings.length === 0
          ? null
          : {
              msP50: Number(percentile(timings, 0.5).toFixed(1)),
              msP99: Number(percentile(timings, 0.99).toFixed(1)),
              answeredShare: round3(answered / dataset.queries.length),
              answeredFromLabelledPassage: round3(answeredRight / dataset.queries.length),
              outOfScopeQuestions: outOfScope.length,
              outOfScopeAnsweredShare: outOfScope.length ? round3(outOfScopeAnswered / outOfScope.length) : null,
            },
      goal: { hit5: 0.85, hit1: round3(figures.bm25.all.hit1 + 0.15) },
    };
    console.log(JSON.stringify({ knowledge: result }));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
