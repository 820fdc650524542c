import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { clearEmbeddingCache, encoderThreads } from '../src/features/nlu/engine/embeddings';
import { type ClassifierParams, trainClassifier } from '../src/features/nlu/engine/intent-classifier';
import type { IntentClassifier, IntentScore, LexicalModelType, TrainingData } from '../src/features/nlu/engine/types';

/**
 * `npm run bench:nlu -- --dataset ../shared/nlu/clinc150.json [--model svm|semantic] [--threshold x|val]`
 *
 * Trains the engine's classifier on the `train` split of a dataset in the shared JSON form
 * (../shared/nlu/README.md), predicts the evaluation split (`test` by default) and prints one JSON
 * line. Examples labelled `oos` are trained as one more class ("oos-train"); with `--oos threshold`
 * they are left out of training and only the confidence threshold rejects ("oos-threshold").
 * A prediction counts as out of scope when its intent is `oos` or its confidence is below the
 * threshold; `--threshold val` picks the threshold on the val split (best macro-F1 over all
 * labels, `oos` included; 0 when the set has no `oos`), never on test. Examples with `entities`
 * (SNIPS's slots) train with them as the phrases' tagged entities, as an operator's tags do.
 */
interface Example {
  text: string;
  intent: string;
  /** SNIPS: the slots tagged in the text (the training phrases' tagged entities). */
  entities?: { entity: string; start: number; end: number }[];
}
interface Dataset {
  name: string;
  intents: string[];
  train: Example[];
  val?: Example[];
  test: Example[];
}

const OOS = 'oos';

const { values } = parseArgs({
  options: {
    dataset: { type: 'string' },
    model: { type: 'string', default: 'svm' },
    threshold: { type: 'string', default: '0' },
    split: { type: 'string', default: 'test' },
    oos: { type: 'string', default: 'train' },
    seed: { type: 'string', default: '1' },
    params: { type: 'string' },
    latency: { type: 'string', default: '300' },
  },
});

if (!values.dataset) {
  console.error('Usage: npm run bench:nlu -- --dataset <file> [--model svm|semantic] [--threshold <x>|val]');
  process.exit(2);
}
const baseDir = process.env.INIT_CWD ?? process.cwd();
const datasetFile = path.resolve(baseDir, values.dataset);
const dataset = JSON.parse(fs.readFileSync(datasetFile, 'utf8')) as Dataset;
const modelType: LexicalModelType = values.model.toLowerCase() === 'semantic' ? 'Semantic' : 'SVM';
const overrides = values.params ? (JSON.parse(values.params) as Partial<ClassifierParams>) : {};
const oosAsClass = values.oos !== 'threshold';
const evalSplit = values.split === 'val' ? (dataset.val ?? []) : dataset.test;
const hasOos = dataset.intents.includes(OOS);

function toTrainingData(examples: Example[]): TrainingData {
  const byIntent = new Map<string, Example[]>();
  for (const intent of dataset.intents) {
    if (intent === OOS && !oosAsClass) continue;
    byIntent.set(intent, []);
  }
  for (const example of examples) byIntent.get(example.intent)?.push(example);
  return {
    language: 'en',
    intents: [...byIntent.entries()]
      .filter(([, phrases]) => phrases.length > 0)
      .map(([name, phrases]) => ({
        name,
        phrases: phrases.map((example) => example.text),
        entities: phrases.map((example) =>
          (example.entities ?? []).map((entity) => ({ label: entity.entity, start: entity.start, end: entity.end })),
        ),
      })),
  };
}

interface Scored {
  gold: string;
  top: IntentScore | undefined;
}

function predicted(row: Scored, threshold: number): string {
  if (!row.top || row.top.confidence < threshold) return OOS;
  return row.top.intent;
}

function score(rows: Scored[], threshold: number) {
  const inScope = rows.filter((row) => row.gold !== OOS);
  const outOfScope = rows.filter((row) => row.gold === OOS);
  const correct = inScope.filter((row) => predicted(row, threshold) === row.gold).length;
  const rejected = outOfScope.filter((row) => predicted(row, threshold) === OOS).length;
  const labels = new Set(rows.map((row) => row.gold));
  let f1Sum = 0;
  for (const label of labels) {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    for (const row of rows) {
      const guess = predicted(row, threshold);
      if (guess === label && row.gold === label) tp += 1;
      else if (guess === label) fp += 1;
      else if (row.gold === label) fn += 1;
    }
    f1Sum += tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
  }
  return {
    inScopeAccuracy: inScope.length ? correct / inScope.length : null,
    oosRecall: outOfScope.length ? rejected / outOfScope.length : null,
    macroF1: f1Sum / labels.size,
  };
}

async function scoreSplit(classifier: IntentClassifier, examples: Example[]): Promise<Scored[]> {
  const rankings = await classifier.rankMany(
    examples.map((example) => example.text),
    1,
  );
  return examples.map((example, i) => ({ gold: example.intent, top: rankings[i]![0] }));
}

function chooseThreshold(rows: Scored[]): number {
  // Without out-of-scope examples a threshold can only turn right answers into rejections.
  if (!hasOos) return 0;
  let best = 0;
  let bestValue = -Infinity;
  for (let t = 0; t <= 0.95 + 1e-9; t += 0.01) {
    const result = score(rows, t);
    const value = result.macroF1;
    if (value > bestValue + 1e-9) {
      bestValue = value;
      best = Math.round(t * 100) / 100;
    }
  }
  return best;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const round = (value: number | null, digits = 4) =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits;

// Training embeds its phrases on the encoder pool (one thread per core, `PARLEY_NLU_THREADS`), as
// the server's training job does; predictions are measured on this one thread only.
const trainThreads = encoderThreads();
const trainStart = performance.now();
const classifier = await trainClassifier(
  toTrainingData(dataset.train),
  { modelType, seed: Number(values.seed) },
  overrides,
);
const trainingSeconds = (performance.now() - trainStart) / 1000;
process.env.PARLEY_NLU_THREADS = '1';

let threshold = Number(values.threshold);
if (values.threshold === 'val') {
  if (!dataset.val?.length) throw new Error('--threshold val needs a val split');
  threshold = chooseThreshold(await scoreSplit(classifier, dataset.val));
}

// Warm up (JIT, and the sentence encoder for Semantic), then the batched run on the whole split.
await classifier.rankMany(evalSplit.slice(0, 64).map((example) => example.text));
clearEmbeddingCache();
const statsBefore = { ...classifier.stats };
const batchStart = performance.now();
const rows = await scoreSplit(classifier, evalSplit);
const batchSeconds = (performance.now() - batchStart) / 1000;
// Semantic: the share of messages the cascade sent through the sentence encoder.
const embeddedShare =
  modelType === 'Semantic'
    ? (classifier.stats.embedded - statsBefore.embedded) / Math.max(1, classifier.stats.ranked - statsBefore.ranked)
    : null;

clearEmbeddingCache();
const latencies: number[] = [];
const latencyCount = Math.min(Number(values.latency), evalSplit.length);
for (let i = 0; i < latencyCount; i += 1) {
  const start = performance.now();
  await classifier.rank(evalSplit[i]!.text);
  latencies.push(performance.now() - start);
}
latencies.sort((a, b) => a - b);

const result = score(rows, threshold);
const sweep = [0, 0.3, 0.5, 0.7].map((t) => {
  const at = score(rows, t);
  return {
    threshold: t,
    inScopeAccuracy: round(at.inScopeAccuracy),
    oosRecall: round(at.oosRecall),
    macroF1: round(at.macroF1),
  };
});
console.log(
  JSON.stringify({
    dataset: dataset.name,
    model: modelType,
    split: values.split,
    oos: hasOos ? (oosAsClass ? 'oos-train' : 'oos-threshold') : null,
    threshold,
    inScopeAccuracy: round(result.inScopeAccuracy),
    oosRecall: round(result.oosRecall),
    macroF1: round(result.macroF1),
    trainingSeconds: round(trainingSeconds, 2),
    trainingEncoderThreads: modelType === 'Semantic' ? trainThreads : null,
    predictP50Ms: round(percentile(latencies, 50), 3),
    predictP99Ms: round(percentile(latencies, 99), 3),
    utterancesPerSecond: Math.round(evalSplit.length / batchSeconds),
    embeddedShare: round(embeddedShare, 3),
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    modelBytes: classifier.serialize().length,
    trainPhrases: dataset.train.length,
    evalExamples: evalSplit.length,
    sweep,
    load: os.loadavg().map((value) => Math.round(value * 100) / 100),
    ...(Object.keys(overrides).length ? { params: overrides } : {}),
  }),
);
