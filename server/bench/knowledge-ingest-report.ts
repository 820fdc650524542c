import { fileURLToPath } from 'node:url';
import { runBenchScript } from './bench-child';
import type { IngestBench } from './knowledge-ingest';

/** Runs `bench/knowledge-ingest.ts` (its children each ingest in a process of their own) and reads its JSON line. */
export function measureIngest(pgAdminUrl: string): IngestBench | { skipped: string } {
  return runBenchScript(fileURLToPath(new URL('./knowledge-ingest.ts', import.meta.url)), 'ingest', pgAdminUrl);
}

/** The markdown section of docs/benchmarks.md. */
export function ingestSection(result: IngestBench | { skipped: string }): string {
  const title = '### Knowledge ingestion of a large PDF (issue 20)';
  if ('skipped' in result) return `${title}\n\nSkipped: ${result.skipped}`;
  return [
    title,
    '',
    `A generated PDF of ${result.pages} pages (~${result.wordsPerPage} words each, ${result.fileMb} MB) ingested by the ` +
      "'knowledge.ingest' job as the server runs it (PDF thread, passages, encoder thread, batches of 10 pages " +
      `with their checkpoint) on a copy of the migrated PGlite template, each run in a process of its own ` +
      `(1-minute load average ${result.loadAverage[0]} before, ${result.loadAverage[1]} after).`,
    '',
    '| | Figure |',
    '|---|---:|',
    `| Job, ${result.pages} pages | ${result.seconds} s: **${result.pagesPerSecond} pages/s**, ${result.passagesPerSecond} passages/s (${result.passages} passages) |`,
    `| Reading alone (pdf.js + passage cutter) | ${result.readPagesPerSecond} pages/s |`,
    `| Peak RSS, job on ${result.small.pages} pages | ${result.small.rssMb} MB (${result.small.seconds} s) |`,
    `| Peak RSS, job on ${result.pages} pages | ${result.large.rssMb} MB |`,
    `| Ratio | **${result.rssRatio}** (goal ≤ ${result.goal}: ${result.rssRatio <= result.goal ? 'met' : 'NOT MET'}) |`,
  ].join('\n');
}
