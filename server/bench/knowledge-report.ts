import { fileURLToPath } from 'node:url';
import { runBenchScript } from './bench-child';
import type { Hits, KnowledgeBench } from './knowledge';

/**
 * Runs `bench/knowledge.ts` in its own process (a fresh PGlite database of its own) and reads its
 * JSON line.
 */
export function measureKnowledge(pgAdminUrl: string): KnowledgeBench | { skipped: string } {
  return runBenchScript(fileURLToPath(new URL('./knowledge.ts', import.meta.url)), 'knowledge', pgAdminUrl);
}

const share = (value: number) => value.toFixed(3);
const pair = (hits: Hits) => `${share(hits.hit1)} / ${share(hits.hit5)}`;

/** The markdown section of docs/benchmarks.md. */
export function knowledgeSection(result: KnowledgeBench | { skipped: string }): string {
  const title = '### Knowledge retrieval (issue 20)';
  if ('skipped' in result) return `${title}\n\nSkipped: ${result.skipped}`;
  const rows: [string, keyof Pick<KnowledgeBench, 'bm25' | 'lexical' | 'semantic' | 'hybrid'>][] = [
    ['Plain BM25 (k1 1.2, b 0.75), computed in the same run', 'bm25'],
    ['PostgreSQL full-text alone (BM25 over the tsvector lexemes)', 'lexical'],
    ['Sentence encoder alone (exact scan)', 'semantic'],
    ['**Hybrid** (what the agent uses)', 'hybrid'],
  ];
  const lines = [
    title,
    '',
    `${result.dataset}: ${result.passages} passages ingested as documents of one agent (${result.database}, ` +
      `${result.ingestSeconds} s with embedding), ${result.queries} queries. hit@1 / hit@5; "dev" are the even-numbered ` +
      'queries the settings were chosen on, "held out" the odd-numbered ones.',
    '',
    '| Retriever | All | Dev | Held out |',
    '|---|---:|---:|---:|',
    ...rows.map(
      ([label, key]) =>
        `| ${label} | ${pair(result[key].all)} | ${pair(result[key].dev)} | ${pair(result[key].heldOut)} |`,
    ),
    '',
    `Goal: hybrid hit@5 ≥ ${share(result.goal.hit5)} (${result.hybrid.all.hit5 >= result.goal.hit5 ? 'met' : 'NOT MET'}), ` +
      `hit@1 ≥ BM25 + 0.15 = ${share(result.goal.hit1)} (${result.hybrid.all.hit1 >= result.goal.hit1 ? 'met' : 'NOT MET'}).`,
  ];
  if (result.answer)
    lines.push(
      '',
      `Answer with no LLM (retrieve + trim to the answering sentences, one question at a time, cold embedding cache, ` +
        `one thread): p50 ${result.answer.msP50} ms, p99 ${result.answer.msP99} ms; ` +
        `${(result.answer.answeredShare * 100).toFixed(1)} % of the queries answered ` +
        `(${(result.answer.answeredFromLabelledPassage * 100).toFixed(1)} % from the labelled passage), ` +
        (result.answer.outOfScopeAnsweredShare === null
          ? 'no out-of-scope set found.'
          : `${(result.answer.outOfScopeAnsweredShare * 100).toFixed(1)} % of ${result.answer.outOfScopeQuestions} ` +
            'out-of-scope questions (CLINC150 test oos) answered instead of the out-of-scope message.'),
    );
  return lines.join('\n');
}
