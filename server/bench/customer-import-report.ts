import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** One database's import figures as `customer-import.ts` prints them. */
interface ImportRun {
  db: 'pglite' | 'postgres';
  rows: number;
  accepted: number;
  errors: number;
  importSeconds: number;
  importRowsPerSecond: number;
  copySeconds: number;
  copyRowsPerSecond: number;
  ratio: number;
  /** PostgreSQL only: CPU seconds the database server spent on the import and on the COPY. */
  importDatabaseCpu: number | null;
  copyDatabaseCpu: number | null;
  /** COPY seconds / the import's database CPU seconds: the most the ratio could be with free JavaScript. */
  ratioBound: number | null;
  /** The floor: COPY of the accepted rows into a scratch copy of `customers` with all its indexes and constraints. */
  floorRows: number;
  floorSeconds: number;
  floorRowsPerSecond: number;
  /** The import's stored rows/s over the floor's. */
  floorRatio: number;
  floorDatabaseCpu: number | null;
  /** The floor's database CPU seconds ÷ the import's: the ratio if each took only its database CPU. */
  floorCpuRatio: number | null;
  floorParts: string[];
  /** With `--breakdown`: the same COPY with the table's parts added one at a time. */
  floorSteps?: { with: string; seconds: number; rowsPerSecond: number; databaseCpu: number | null }[];
}
interface RssRun {
  peakRss: Record<string, number>;
  ratio: number;
}
export interface ImportResults {
  rows: number;
  runs: ImportRun[];
  rss: RssRun | null;
}

const GOAL_RATIO = 0.5;
const GOAL_RSS = 1.5;

/**
 * Runs `bench/customer-import.ts` in its own process (it opens its own databases and spawns the
 * RSS children) and reads its JSON lines.
 */
export function measureCustomerImport(rows: number): ImportResults | { skipped: string } {
  const script = fileURLToPath(new URL('./customer-import.ts', import.meta.url));
  try {
    const output = execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        script,
        '--rows',
        String(rows),
        ...(process.env.PARLEY_BENCH_IMPORT_BREAKDOWN === '1' ? ['--breakdown'] : []),
      ],
      {
        cwd: path.dirname(path.dirname(script)),
        encoding: 'utf8',
        maxBuffer: 8 << 20,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const lines = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as ImportRun | RssRun);
    return {
      rows,
      runs: lines.filter((line): line is ImportRun => 'db' in line),
      rss: lines.find((line): line is RssRun => 'peakRss' in line) ?? null,
    };
  } catch (error) {
    return { skipped: error instanceof Error ? error.message.split('\n')[0]! : String(error) };
  }
}

const fmt = (n: number) => n.toLocaleString('en-US');

export function customerImportSection(results: ImportResults | { skipped: string }): string {
  const title = '### Customer CSV import (issues 6 and 17)';
  if ('skipped' in results) return `${title}\n\nSkipped: ${results.skipped}`;
  const label = { pglite: 'PGlite', postgres: 'PostgreSQL' } as const;
  const rows = results.runs.map(
    (run) =>
      `| ${label[run.db]} | ${fmt(run.rows)} (${fmt(run.accepted)} accepted, ${fmt(run.errors)} errors) | ` +
      `${fmt(run.importRowsPerSecond)} (${run.importSeconds} s) | ${fmt(run.copyRowsPerSecond)} (${run.copySeconds} s) | ` +
      `**${(run.ratio * 100).toFixed(1)} %** | ${run.ratio >= GOAL_RATIO ? 'met' : 'not met'} | ` +
      (run.importDatabaseCpu !== null && run.copyDatabaseCpu !== null && run.ratioBound !== null
        ? `${run.importDatabaseCpu} s / ${run.copyDatabaseCpu} s | ${(run.ratioBound * 100).toFixed(1)} % |`
        : '(in process) | |'),
  );
  const floorRows = results.runs.map(
    (run) =>
      `| ${label[run.db]} | ${fmt(run.floorRows)} | ${fmt(Math.round(run.accepted / run.importSeconds))} (${run.importSeconds} s) | ` +
      `${fmt(run.floorRowsPerSecond)} (${run.floorSeconds} s) | **${(run.floorRatio * 100).toFixed(1)} %** | ` +
      `${run.floorRatio >= GOAL_RATIO ? 'met' : 'not met'} | ${(run.ratio * 100).toFixed(1)} % | ` +
      (run.importDatabaseCpu && run.floorDatabaseCpu !== null
        ? `${run.importDatabaseCpu} s / ${run.floorDatabaseCpu} s | ${((run.floorDatabaseCpu / run.importDatabaseCpu) * 100).toFixed(1)} % |`
        : '(in process) | |'),
  );
  const stepped = results.runs.filter((run) => run.floorSteps && run.floorSteps.length > 0);
  const breakdown =
    stepped.length === 0
      ? []
      : [
          '',
          `What each part of the table costs: the same \`COPY\` into scratch tables that add them one at a time (\`--breakdown\`), stored rows/s${stepped.some((run) => run.db === 'postgres') ? " (PostgreSQL: and the backends' CPU seconds)" : ''}:`,
          '',
          `| Table | ${stepped.map((run) => label[run.db]).join(' | ')} |`,
          `|---|${stepped.map(() => '---:').join('|')}|`,
          ...stepped[0]!.floorSteps!.map(
            (step, index) =>
              `| ${step.with} | ${stepped
                .map((run) => {
                  const own = run.floorSteps![index]!;
                  return `${fmt(own.rowsPerSecond)} (${own.seconds} s${own.databaseCpu !== null ? `, CPU ${own.databaseCpu} s` : ''})`;
                })
                .join(' | ')} |`,
          ),
        ];
  const rss = results.rss
    ? `Peak RSS of a process importing each file on PGlite: ${Object.entries(results.rss.peakRss)
        .map(([what, mb]) => `${what.replace(' MB', '')}: ${fmt(mb)} MB`)
        .join(
          ', ',
        )}; ratio **${results.rss.ratio}** (goal ≤ ${GOAL_RSS}: ${results.rss.ratio <= GOAL_RSS ? 'met' : 'not met'}).`
    : 'Peak RSS: not measured.';
  return [
    title,
    '',
    `${fmt(results.rows)} rows, 10 attribute columns, 2 % invalid rows (\`server/bench/customer-import.ts\`).`,
    '',
    '| Database | Rows | Import rows/s (end to end) | Raw `COPY` rows/s (bare table) | Import / COPY | Goal ≥ 50 % | Database CPU: import / COPY | Import / COPY at most |',
    '|---|---|---:|---:|---:|---|---:|---:|',
    ...rows,
    '',
    'Database CPU is the user + system time, from /proc, of the PostgreSQL backends connected to the ' +
      'bench database across each step. An import runs its statements one after another on one connection, so it ' +
      "cannot take less time than its database CPU: the last column, COPY seconds ÷ the import's database CPU " +
      'seconds, is the most the ratio could reach if parsing and validating in JavaScript cost nothing. PGlite ' +
      'runs inside the Node process, where the two cannot be told apart.',
    '',
    'The floor (issue 17): a bare table pays for no index at all. In the same run the valid rows, as the import ' +
      'stores them (name, number in E.164, attributes as JSON), are copied with `COPY` into a scratch copy of the real ' +
      `\`customers\` table with all its indexes and constraints (${results.runs[0]?.floorParts.join(', ') ?? ''}; ` +
      'defaults for id and timestamps): the least any import that keeps one customer per phone and a searchable ' +
      "name must pay. Both sides store the same customers; the ratio is of stored rows/s (accepted rows ÷ each one's seconds). " +
      "The last column, the floor's database CPU seconds ÷ the import's, is what the ratio would be if each took only " +
      'its database CPU (no JavaScript, no waiting for a core): the figure a busy machine moves least.',
    '',
    '| Database | Customers stored | Import stored rows/s | Indexed `COPY` rows/s (floor) | Import / floor | Goal ≥ 50 % | Import / bare `COPY` | Database CPU: import / floor | Floor ÷ import, database CPU |',
    '|---|---:|---:|---:|---:|---|---:|---:|---:|',
    ...floorRows,
    ...breakdown,
    '',
    rss,
  ].join('\n');
}
