/**
 * System entities on the table of issue 19 (src/features/nlu/engine/system-entities.cases.ts): per
 * entity, the share of phrases read right, and the extraction time per message (all system entities
 * asked, as a dialog with every kind of parameter would), p50 and p99. Also chrono-node alone on the
 * date phrases, the baseline the decision (docs/decisions/020) compares with. One JSON line per entity.
 *
 *   npm run bench:entities [-- --rounds 200]
 */
import * as chrono from 'chrono-node';
import { createEntityExtractor } from '../src/features/nlu/engine/entity-extractor';
import {
  CASES_NOW,
  CASES_REGION,
  CASES_TIME_ZONE,
  systemEntityCases,
  type EntityCase,
} from '../src/features/nlu/engine/system-entities.cases';

const roundsArg = process.argv.indexOf('--rounds');
const rounds = roundsArg > 0 ? Number(process.argv[roundsArg + 1]) : 200;
const extractor = createEntityExtractor([], { language: 'en' });
const contextOf = (entry: EntityCase) => ({
  now: new Date(entry.now ?? CASES_NOW),
  timeZone: entry.timeZone ?? CASES_TIME_ZONE,
  region: entry.region ?? CASES_REGION,
});

function readRight(entityId: string, entry: EntityCase): boolean {
  const found = extractor
    .extract(entry.text, new Set([entityId]), contextOf(entry))
    .filter((m) => m.entityId === entityId);
  if (entry.value === null) return found.length === 0;
  return found.length === 1 && found[0]!.value === entry.value && (!entry.span || found[0]!.text === entry.span);
}

/** chrono-node alone (en.GB, or en for month-first regions), its first date result as yyyy-mm-dd. */
function chronoRight(entry: EntityCase): boolean {
  const context = contextOf(entry);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: context.timeZone })
    .format(context.now)
    .split('-')
    .map(Number);
  const reference = new Date(day[0]!, day[1]! - 1, day[2]!, 12);
  const parser = context.region === 'US' ? chrono.en.casual : chrono.en.GB;
  const results = parser.parse(entry.text, reference, { forwardDate: true });
  if (entry.value === null) return results.length === 0;
  if (results.length !== 1) return false;
  const start = results[0]!.start;
  const value = [start.get('year')!, start.get('month')!, start.get('day')!]
    .map((part, index) => String(part).padStart(index === 0 ? 4 : 2, '0'))
    .join('-');
  return value === entry.value && (!entry.span || results[0]!.text === entry.span);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

// Warm up (regexes, chrono's parsers, Intl formats).
for (const [, cases] of Object.entries(systemEntityCases))
  for (const entry of cases) extractor.extract(entry.text, undefined, contextOf(entry));

const all = Object.values(systemEntityCases).flat();
const timings: number[] = [];
for (let round = 0; round < rounds; round += 1)
  for (const entry of all) {
    const context = contextOf(entry);
    const started = process.hrtime.bigint();
    extractor.extract(entry.text, undefined, context);
    timings.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
timings.sort((a, b) => a - b);

for (const [entityId, cases] of Object.entries(systemEntityCases)) {
  const right = cases.filter((entry) => readRight(entityId, entry)).length;
  const line: Record<string, unknown> = {
    entity: entityId,
    phrases: cases.length,
    readRight: right,
    share: Number((right / cases.length).toFixed(3)),
  };
  if (entityId === 'sys.date') {
    const chronoAlone = cases.filter(chronoRight).length;
    line.chronoAloneShare = Number((chronoAlone / cases.length).toFixed(3));
  }
  console.log(JSON.stringify(line));
}
console.log(
  JSON.stringify({
    messages: all.length,
    rounds,
    extractMsP50: Number(percentile(timings, 0.5).toFixed(4)),
    extractMsP99: Number(percentile(timings, 0.99).toFixed(4)),
    goalP50Ms: 1,
  }),
);
