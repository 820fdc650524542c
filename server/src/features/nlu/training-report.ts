import { seededRandom, shuffleInPlace } from './engine/seeded-random';
import type { TrainingReport } from '@parley/contracts/nlu';
import type { IntentClassifier, TaggedSpan, TrainingData, TrainingIntent } from './engine/types';
import { words } from './engine/text';

/** Cross-validation runs on at most this many phrases (sampled per intent), so big agents stay bounded. */
export const REPORT_MAX_PHRASES = 2000;
const NEAR_DUPLICATE_MIN = 0.9;
const MAX_CONFUSED_PAIRS = 10;
const MAX_EXAMPLES = 3;
const MAX_NEAR_DUPLICATES = 50;

type Train = (data: TrainingData) => Promise<IntentClassifier>;

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  return shuffleInPlace([...items], random);
}

/** Distinct phrases per intent, then at most `max` in all (each intent keeps at least two when it has them). */
export function samplePhrases(intents: readonly TrainingIntent[], max: number, random: () => number): TrainingIntent[] {
  const distinct = intents.map((intent) => ({ name: intent.name, phrases: [...new Set(intent.phrases)] }));
  const total = distinct.reduce((sum, intent) => sum + intent.phrases.length, 0);
  if (total <= max) return distinct;
  const ratio = max / total;
  return distinct.map((intent) => {
    const keep = Math.min(intent.phrases.length, Math.max(2, Math.floor(intent.phrases.length * ratio)));
    return { name: intent.name, phrases: shuffled(intent.phrases, random).slice(0, keep) };
  });
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/** Term-frequency vector of the normalised words. */
function vector(text: string) {
  const counts = new Map<string, number>();
  for (const word of words(text)) counts.set(word, (counts.get(word) ?? 0) + 1);
  let norm = 0;
  for (const count of counts.values()) norm += count * count;
  return { counts, norm: Math.sqrt(norm), key: words(text).join(' ') };
}

function cosine(a: ReturnType<typeof vector>, b: ReturnType<typeof vector>) {
  if (a.norm === 0 || b.norm === 0) return 0;
  const [small, large] = a.counts.size <= b.counts.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [word, count] of small.counts) dot += count * (large.counts.get(word) ?? 0);
  return dot / (a.norm * b.norm);
}

/**
 * Phrases that sit in two intents: the same words after normalisation (case, accents, punctuation),
 * or a cosine similarity of their word counts of at least 0.9. Words are indexed, so only phrases
 * sharing a word are compared.
 */
export function findNearDuplicates(intents: readonly TrainingIntent[]): TrainingReport['nearDuplicates'] {
  const entries = intents.flatMap((intent) =>
    intent.phrases.map((phrase) => ({ phrase, intent: intent.name, vector: vector(phrase) })),
  );
  const byWord = new Map<string, number[]>();
  entries.forEach((entry, index) => {
    for (const word of entry.vector.counts.keys()) {
      const list = byWord.get(word) ?? [];
      list.push(index);
      byWord.set(word, list);
    }
  });
  const found: TrainingReport['nearDuplicates'] = [];
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    const candidates = new Set<number>();
    for (const word of entry.vector.counts.keys())
      for (const other of byWord.get(word) ?? []) if (other > index) candidates.add(other);
    for (const otherIndex of candidates) {
      const other = entries[otherIndex]!;
      if (other.intent === entry.intent) continue;
      const similarity = entry.vector.key === other.vector.key ? 1 : cosine(entry.vector, other.vector);
      if (similarity < NEAR_DUPLICATE_MIN) continue;
      const pairKey = `${entry.intent}\u0000${entry.vector.key}\u0000${other.intent}\u0000${other.vector.key}`;
      if (seen.has(pairKey)) continue;
      seen.add(pairKey);
      found.push({
        phrase: entry.phrase,
        intent: entry.intent,
        otherPhrase: other.phrase,
        otherIntent: other.intent,
        similarity: round(similarity),
      });
    }
  });
  return found.sort((a, b) => b.similarity - a.similarity).slice(0, MAX_NEAR_DUPLICATES);
}

/**
 * The training report (issue 5 §9): stratified k-fold cross-validation with k = min(5, smallest
 * intent size), on a sample of at most 2,000 phrases; per-intent precision, recall and F1; the
 * most confused pairs with example phrases; near-duplicate phrases across intents; warnings.
 * `train` null (GenAI model types) skips the cross-validation and keeps the rest.
 */
export async function buildTrainingReport(input: {
  data: TrainingData;
  modelType: string;
  train: Train | null;
  trainingSeconds: number;
  trainedAt: Date;
  seed?: number;
  maxPhrases?: number;
  onProgress?: (fraction: number) => void;
}): Promise<TrainingReport> {
  const random = seededRandom(input.seed ?? 42);
  const warnings: string[] = [];
  const all = input.data.intents;
  const sampled = samplePhrases(all, input.maxPhrases ?? REPORT_MAX_PHRASES, random);
  const totalPhrases = all.reduce((sum, intent) => sum + intent.phrases.length, 0);
  const sampledPhrases = sampled.reduce((sum, intent) => sum + intent.phrases.length, 0);

  const eligible = sampled.filter((intent) => intent.phrases.length >= 2);
  for (const intent of sampled)
    if (intent.phrases.length < 2)
      warnings.push(
        `Intent '${intent.name}' has fewer than two distinct training phrases, so it is left out of cross-validation. Add more phrases.`,
      );

  const perIntentStats = new Map<string, { tp: number; fp: number; fn: number }>();
  const confusion = new Map<string, { intent: string; predictedAs: string; count: number; examples: string[] }>();
  let folds = 0;
  let correct = 0;
  let tested = 0;

  if (!input.train) {
    warnings.push('Cross-validation is not run for GenAI model types: the GenAI endpoint classifies from examples.');
  } else if (eligible.length < 2) {
    warnings.push('Cross-validation needs at least two intents with two or more training phrases each.');
  } else {
    if (sampledPhrases < totalPhrases)
      warnings.push(`Cross-validation used a sample of ${sampledPhrases} of the ${totalPhrases} training phrases.`);
    folds = Math.min(5, Math.min(...eligible.map((intent) => intent.phrases.length)));
    // The sampled phrases keep the entities tagged in them (a phrase's first occurrence).
    const tagged = new Map<string, readonly TaggedSpan[]>();
    for (const intent of all) {
      intent.phrases.forEach((phrase, index) => {
        const key = `${intent.name}\u0000${phrase}`;
        if (!tagged.has(key)) tagged.set(key, intent.entities?.[index] ?? []);
      });
    }
    const assigned = eligible.map((intent) => ({
      name: intent.name,
      phrases: shuffled(intent.phrases, random).map((phrase, index) => ({ phrase, fold: index % folds })),
    }));
    for (const intent of eligible) perIntentStats.set(intent.name, { tp: 0, fp: 0, fn: 0 });
    for (let fold = 0; fold < folds; fold += 1) {
      const trainData: TrainingData = {
        language: input.data.language,
        intents: assigned.map((intent) => {
          const phrases = intent.phrases.filter((entry) => entry.fold !== fold).map((entry) => entry.phrase);
          return {
            name: intent.name,
            phrases,
            entities: phrases.map((phrase) => tagged.get(`${intent.name}\u0000${phrase}`) ?? []),
          };
        }),
      };
      const test = assigned.flatMap((intent) =>
        intent.phrases
          .filter((entry) => entry.fold === fold)
          .map((entry) => ({ intent: intent.name, phrase: entry.phrase })),
      );
      const classifier = await input.train(trainData);
      const rankings = await classifier.rankMany(
        test.map((entry) => entry.phrase),
        1,
      );
      test.forEach((entry, index) => {
        const predicted = rankings[index]?.[0]?.intent ?? null;
        tested += 1;
        if (predicted === entry.intent) {
          correct += 1;
          perIntentStats.get(entry.intent)!.tp += 1;
          return;
        }
        perIntentStats.get(entry.intent)!.fn += 1;
        if (predicted === null) return;
        const stats = perIntentStats.get(predicted);
        if (stats) stats.fp += 1;
        const key = `${entry.intent}\u0000${predicted}`;
        const pair = confusion.get(key) ?? { intent: entry.intent, predictedAs: predicted, count: 0, examples: [] };
        pair.count += 1;
        if (pair.examples.length < MAX_EXAMPLES) pair.examples.push(entry.phrase);
        confusion.set(key, pair);
      });
      input.onProgress?.((fold + 1) / folds);
    }
  }

  const perIntent = all.map((intent) => {
    const stats = perIntentStats.get(intent.name);
    if (!stats) return { intent: intent.name, phrases: intent.phrases.length, precision: null, recall: null, f1: null };
    const precision = stats.tp + stats.fp > 0 ? stats.tp / (stats.tp + stats.fp) : null;
    const recall = stats.tp + stats.fn > 0 ? stats.tp / (stats.tp + stats.fn) : null;
    const f1 =
      precision !== null && recall !== null
        ? precision + recall > 0
          ? (2 * precision * recall) / (precision + recall)
          : 0
        : null;
    return {
      intent: intent.name,
      phrases: intent.phrases.length,
      precision: precision === null ? null : round(precision),
      recall: recall === null ? null : round(recall),
      f1: f1 === null ? null : round(f1),
    };
  });

  const nearDuplicates = findNearDuplicates(sampled);
  if (nearDuplicates.length > 0)
    warnings.push(
      `${nearDuplicates.length} training phrase${nearDuplicates.length === 1 ? '' : 's'} nearly repeat a phrase of another intent. Keep each in one intent.`,
    );

  return {
    trainedAt: input.trainedAt.toISOString(),
    modelType: input.modelType,
    intents: all.length,
    phrases: totalPhrases,
    trainingSeconds: Math.round(input.trainingSeconds * 10) / 10,
    folds,
    accuracy: tested > 0 ? round(correct / tested) : null,
    perIntent,
    confusedPairs: [...confusion.values()].sort((a, b) => b.count - a.count).slice(0, MAX_CONFUSED_PAIRS),
    nearDuplicates,
    warnings,
  };
}
