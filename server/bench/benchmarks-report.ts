import fs from 'node:fs';
import type { BundleWeights } from './bundle-size';
import type { LoadSettings, Measurement, ParleyMeasurements } from './http-throughput';

export interface Machine {
  date: Date;
  cores: number;
  cpu: string;
  memoryGb: number;
  os: string;
  node: string;
  commit: string;
  /** 1-minute load averages at the start and at the end of the run: other work on the machine shows here. */
  loadAverages: [number, number];
}

export interface HttpResults {
  settings: LoadSettings;
  baselines: Measurement[];
  subjects: { label: string; measurement: Measurement | { skipped: string }; goalRatio: number | null }[];
  /** Per database: the customers list searches and the indexed GET of the same server they are compared with. */
  customerSearches: {
    database: string;
    itemRoute: string;
    result: Pick<ParleyMeasurements, 'item' | 'searches' | 'customerPlans'> | { skipped: string };
  }[];
}

export const RESULTS_MARKER = '<!-- bench:results — everything below this line is rewritten by `npm run bench` -->';

const integer = (value: number) => Math.round(value).toLocaleString('en-US');
/** autocannon records latency in whole milliseconds. */
const ms = (value: number) => (value < 1 ? '< 1 ms' : `${Math.round(value)} ms`);
const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const micros = (value: number) => `${integer(value)} µs`;
/** Latencies from the per-response times: two decimals under 10 ms, one under 100 ms. */
const preciseMs = (value: number) => `${value.toFixed(value < 10 ? 2 : value < 100 ? 1 : 0)} ms`;
const times = (value: number) => (Number.isFinite(value) ? `${value.toFixed(value < 10 ? 2 : 1)}×` : 'n/a');

/** A Markdown table with padded columns, readable as plain text too. */
function table(header: string[], align: ('l' | 'r')[], rows: string[][]): string {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]!.length), 3));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (align[column] === 'r' ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join(' | ')} |`;
  const rule = `|${widths.map((width, column) => (align[column] === 'r' ? `${'-'.repeat(width + 1)}:` : '-'.repeat(width + 2))).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

export function baselineRate(http: HttpResults): number {
  return http.baselines.reduce((sum, run) => sum + run.requestsPerSecond, 0) / http.baselines.length;
}

function httpSection(http: HttpResults): string {
  const baseline = baselineRate(http);
  const rows = http.baselines.map((run) => [
    run.label,
    integer(run.requestsPerSecond),
    ms(run.p50Ms),
    ms(run.p99Ms),
    micros(run.serverCpuMicrosPerRequest),
    '',
    '',
  ]);
  rows.push([`Baseline: mean of the ${http.baselines.length} bare runs`, integer(baseline), '', '', '', '100 %', '']);
  const notes: string[] = [];
  for (const { label, measurement, goalRatio } of http.subjects) {
    if ('skipped' in measurement) {
      rows.push([label, 'skipped', '', '', '', '', 'not measured']);
      notes.push(`- ${label}: skipped, ${measurement.skipped}.`);
      continue;
    }
    const ratio = measurement.requestsPerSecond / baseline;
    const goal =
      goalRatio === null
        ? 'reported'
        : `≥ ${percent(goalRatio).replace('.0 ', ' ')}: ${ratio >= goalRatio ? 'met' : 'NOT MET'}`;
    rows.push([
      label,
      integer(measurement.requestsPerSecond),
      ms(measurement.p50Ms),
      ms(measurement.p99Ms),
      micros(measurement.serverCpuMicrosPerRequest),
      percent(ratio),
      goal,
    ]);
    notes.push(`- ${label}: ${measurement.details[0] ?? ''}`);
    if (measurement.details.length > 1) notes.push('', '  ```', ...measurement.details.slice(1), '  ```');
  }
  const { connections, warmUpSeconds, durationSeconds } = http.settings;
  return [
    '### Authenticated, tenant-scoped list GET against a bare Fastify',
    '',
    `autocannon, ${connections} connections, pipelining 1, ${warmUpSeconds} s warm-up (discarded) then ` +
      `${durationSeconds} s measured per target; req/s is autocannon's mean of per-second counts; ` +
      'server CPU is user + system time of the Node server process per request (PostgreSQL’s own processes excluded).',
    '',
    table(
      ['Target', 'req/s', 'p50', 'p99', 'server CPU / req', 'share of bare', 'Goal'],
      ['l', 'r', 'r', 'r', 'r', 'r', 'l'],
      rows,
    ),
    '',
    ...notes,
  ].join('\n');
}

/** Customers list with a search term: p50 and p99 as multiples of the same server's indexed GET. */
function customerSearchSection(http: HttpResults): string {
  const rows: string[][] = [];
  const notes: string[] = [];
  for (const { database, itemRoute, result } of http.customerSearches) {
    if ('skipped' in result) {
      rows.push([database, 'skipped', '', '', '', '', '', '']);
      notes.push(`- ${database}: skipped, ${result.skipped}.`);
      continue;
    }
    const { item } = result;
    rows.push([
      database,
      `${itemRoute} (the indexed GET: 1×)`,
      '',
      integer(item.requestsPerSecond),
      preciseMs(item.p50PreciseMs),
      preciseMs(item.p99PreciseMs),
      '1×',
      '1×',
    ]);
    for (const { term, matches, measurement } of result.searches) {
      rows.push([
        database,
        `\`GET /api/customers?search=${term}&perPage=10\``,
        integer(matches),
        integer(measurement.requestsPerSecond),
        preciseMs(measurement.p50PreciseMs),
        preciseMs(measurement.p99PreciseMs),
        times(measurement.p50PreciseMs / item.p50PreciseMs),
        times(measurement.p99PreciseMs / item.p99PreciseMs),
      ]);
    }
    const seeded = result.searches[0]?.measurement.details[0];
    if (seeded) notes.push(`- ${seeded}`);
    for (const { term, matches, measurement } of result.searches)
      notes.push(
        `- ${database}, search \`${term}\` (${integer(matches)} of the enterprise's customers match), EXPLAIN ANALYZE of the page query:`,
        '',
        '  ```',
        ...measurement.details.slice(1),
        '  ```',
      );
    for (const { title, plan } of result.customerPlans)
      notes.push(
        `- ${database}, the first page with ${title}: not loaded, EXPLAIN ANALYZE only:`,
        '',
        '  ```',
        ...plan.map((line) => `  ${line}`),
        '  ```',
      );
  }
  const { connections, warmUpSeconds, durationSeconds } = http.settings;
  return [
    '### Customers list page with a search term against the indexed GET',
    '',
    `The same servers and load as above (${connections} connections, ${warmUpSeconds} s warm-up, ${durationSeconds} s ` +
      'measured); each search right after the indexed GET of the same server. p50 and p99 are computed from ' +
      'autocannon’s time of every response (its own histogram, used above, keeps whole milliseconds); the ratios are ' +
      'search ÷ indexed GET of the same database. “Match” counts the signed-in enterprise’s customers the term finds.',
    '',
    table(
      ['Database', 'Target', 'Match', 'req/s', 'p50', 'p99', 'p50 ÷ item', 'p99 ÷ item'],
      ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r'],
      rows,
    ),
    '',
    ...notes,
  ].join('\n');
}

export function bundleSection(bundle: BundleWeights | { skipped: string }): string {
  const title = '### Initial JS of the web app, gzip level 9, and what the server sends';
  if ('skipped' in bundle) return [title, '', `Skipped: ${bundle.skipped}.`].join('\n');
  const rows = bundle.pages.map((page) => {
    // The goal is judged on what the server really sends to a gzip-only client, once measured.
    const judged = page.served?.gzip.jsBytes ?? page.jsGzipBytes;
    const served = (encoding: 'br' | 'gzip' | 'identity', part: 'jsBytes' | 'cssBytes') =>
      page.served ? kB(page.served[encoding][part]) : 'not measured';
    return [
      page.page,
      kB(page.jsGzipBytes),
      served('br', 'jsBytes'),
      served('gzip', 'jsBytes'),
      served('identity', 'jsBytes'),
      `≤ ${kB(page.goalBytes).replace('.0 ', ' ')}: ${judged <= page.goalBytes ? 'met' : 'NOT MET'}`,
      String(page.files.length),
      served('br', 'cssBytes'),
      served('gzip', 'cssBytes'),
      kB(page.cssGzipBytes),
    ];
  });
  const encodings = bundle.pages.flatMap((page) =>
    page.served
      ? [
          `- ${page.page}, Content-Encoding received: ${(['br', 'gzip', 'identity'] as const)
            .map((encoding) => `asked ${encoding} → ${page.served![encoding].contentEncodings.join(', ')}`)
            .join('; ')}`,
        ]
      : [],
  );
  const counted = bundle.pages.flatMap((page) => [
    ...page.notes.map((note) => `- ${note}`),
    `- ${page.page} files: ${page.files.map(({ file, gzipBytes }) => `${file.replace(/^assets\//, '')} (${kB(gzipBytes)})`).join(', ')}`,
  ]);
  return [
    title,
    '',
    `Entry \`index.html\` → ${bundle.entry}; kB = 1000 bytes.`,
    '',
    "JS gzip: each file gzipped at level 9 here. Served: bytes received over HTTP from the server's static serving, " +
      'asking for brotli, gzip or neither (`measureServed`). The goal is judged on the gzip bytes served.',
    '',
    table(
      [
        'Page',
        'JS gzip',
        'JS served, br',
        'JS served, gzip',
        'JS served, none',
        'Goal',
        'JS files',
        'CSS served, br',
        'CSS served, gzip',
        'CSS gzip',
      ],
      ['l', 'r', 'r', 'r', 'r', 'l', 'r', 'r', 'r', 'r'],
      rows,
    ),
    '',
    ...counted,
    ...encodings,
  ].join('\n');
}

export function renderResults(
  machine: Machine,
  http: HttpResults,
  bundle: BundleWeights | { skipped: string },
  elapsedSeconds: number,
): string {
  return [
    `## Latest run: ${machine.date.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Machine: ${machine.cores} cores (${machine.cpu}), ${machine.memoryGb.toFixed(1)} GB RAM, ${machine.os}, ` +
      `Node ${machine.node}; commit ${machine.commit}; load average ${machine.loadAverages[0].toFixed(2)} at the ` +
      `start, ${machine.loadAverages[1].toFixed(2)} at the end (above ~0.5, other work shared the cores); ` +
      `the whole run took ${Math.round(elapsedSeconds)} s.`,
    '',
    httpSection(http),
    '',
    customerSearchSection(http),
    '',
    bundleSection(bundle),
    '',
  ].join('\n');
}

/** Rewrites the results under the marker; keeps the prose above it (or writes `intro` the first time). */
export function writeBenchmarksDoc(file: string, intro: string, results: string): void {
  const existing = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const at = existing.indexOf(RESULTS_MARKER);
  const head = at >= 0 ? existing.slice(0, at).trimEnd() : intro.trimEnd();
  fs.writeFileSync(file, `${head}\n\n${RESULTS_MARKER}\n\n${results.trimEnd()}\n`);
}
