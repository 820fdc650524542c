import { describe, expect, it } from 'vitest';
import type { IntentClassifier, TrainingData } from './engine/types';
import { buildTrainingReport, findNearDuplicates, samplePhrases } from './training-report';
import { seededRandom } from './engine/seeded-random';

/** A stand-in classifier: an intent wins when the message contains its keyword. */
function keywordTrain(keywords: Record<string, string>) {
  const rank = (text: string) => {
    const hit = Object.entries(keywords).find(([, word]) => text.includes(word));
    return hit ? [{ intent: hit[0], confidence: 0.9, utterance: null }] : [];
  };
  return async (data: TrainingData): Promise<IntentClassifier> => ({
    modelType: 'SVM',
    language: data.language,
    intents: data.intents.map((intent) => intent.name),
    rank: async (text) => rank(text),
    rankMany: async (texts) => texts.map(rank),
    serialize: () => new Uint8Array(),
    stats: { ranked: 0, embedded: 0 },
  });
}

const data: TrainingData = {
  language: 'en',
  intents: [
    { name: 'greet', phrases: ['hello', 'hello there', 'hi hello', 'good morning hello', 'hey hello'] },
    // 'bye' phrases: one says hello, so it is confused with greet.
    { name: 'bye', phrases: ['bye', 'bye now', 'goodbye bye', 'hello and bye'] },
    { name: 'lonely', phrases: ['only one'] },
  ],
};

describe('training report', () => {
  it('cross-validates with k = min(5, smallest intent), scores intents and names the confused pairs', async () => {
    const report = await buildTrainingReport({
      data,
      modelType: 'SVM',
      train: keywordTrain({ greet: 'hello', bye: 'bye' }),
      trainingSeconds: 1.234,
      trainedAt: new Date('2026-11-21T05:00:00Z'),
    });
    expect(report.folds).toBe(4);
    expect(report.intents).toBe(3);
    expect(report.phrases).toBe(10);
    expect(report.trainingSeconds).toBe(1.2);
    expect(report.accuracy).toBeCloseTo(8 / 9, 3);
    const greet = report.perIntent.find((row) => row.intent === 'greet')!;
    expect(greet).toMatchObject({ phrases: 5, recall: 1, precision: 0.833 });
    const bye = report.perIntent.find((row) => row.intent === 'bye')!;
    expect(bye).toMatchObject({ precision: 1, recall: 0.75 });
    expect(report.perIntent.find((row) => row.intent === 'lonely')).toEqual({
      intent: 'lonely',
      phrases: 1,
      precision: null,
      recall: null,
      f1: null,
    });
    expect(report.confusedPairs).toEqual([
      { intent: 'bye', predictedAs: 'greet', count: 1, examples: ['hello and bye'] },
    ]);
    expect(report.warnings.some((warning) => warning.includes("'lonely'"))).toBe(true);
  });

  it('trains each fold on the sampled phrases with the entities tagged in them', async () => {
    const tagged: TrainingData = {
      language: 'en',
      intents: data.intents.map((intent) => ({
        ...intent,
        entities: intent.phrases.map((phrase) => [
          { label: 'word', start: 0, end: phrase.indexOf(' ') + 1 || phrase.length },
        ]),
      })),
    };
    const seen: TrainingData[] = [];
    const train = keywordTrain({ greet: 'hello', bye: 'bye' });
    await buildTrainingReport({
      data: tagged,
      modelType: 'SVM',
      train: (foldData) => {
        seen.push(foldData);
        return train(foldData);
      },
      trainingSeconds: 0,
      trainedAt: new Date(),
    });
    expect(seen).toHaveLength(4);
    for (const foldData of seen) {
      for (const intent of foldData.intents) {
        const original = tagged.intents.find((row) => row.name === intent.name)!;
        expect(intent.entities).toEqual(
          intent.phrases.map((phrase) => original.entities![original.phrases.indexOf(phrase)]),
        );
      }
    }
  });

  it('skips cross-validation without a trainer or without two intents to compare', async () => {
    const genai = await buildTrainingReport({
      data,
      modelType: 'OpenAi',
      train: null,
      trainingSeconds: 0,
      trainedAt: new Date(),
    });
    expect(genai.folds).toBe(0);
    expect(genai.accuracy).toBeNull();
    const single = await buildTrainingReport({
      data: { language: 'en', intents: [data.intents[0]!] },
      modelType: 'SVM',
      train: keywordTrain({ greet: 'hello' }),
      trainingSeconds: 0,
      trainedAt: new Date(),
    });
    expect(single.folds).toBe(0);
    expect(single.warnings[0]).toMatch(/at least two intents/);
  });

  it('finds phrases repeated across intents, ignoring case, accents and punctuation', () => {
    const found = findNearDuplicates([
      { name: 'a', phrases: ['Book a café table!', 'something else entirely'] },
      { name: 'b', phrases: ['book a cafe table', 'totally unrelated words'] },
      { name: 'c', phrases: ['book a cafe table please'] },
    ]);
    expect(found[0]).toMatchObject({ phrase: 'Book a café table!', intent: 'a', otherIntent: 'b', similarity: 1 });
    // 4 of 5 words shared: cosine 0.894, below 0.9.
    expect(found.some((pair) => pair.otherIntent === 'c' || pair.intent === 'c')).toBe(false);
    expect(found).toHaveLength(1);
  });

  it('samples big agents down, keeping two phrases per intent', () => {
    const big = Array.from({ length: 50 }, (_, i) => ({
      name: `intent${i}`,
      phrases: Array.from({ length: 100 }, (_, j) => `phrase ${i} ${j}`),
    }));
    const sampled = samplePhrases(big, 2000, seededRandom(1));
    const total = sampled.reduce((sum, intent) => sum + intent.phrases.length, 0);
    expect(total).toBeLessThanOrEqual(2000);
    expect(sampled.every((intent) => intent.phrases.length >= 2)).toBe(true);
  });
});
