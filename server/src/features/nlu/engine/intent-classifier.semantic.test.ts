import { beforeAll, describe, expect, it } from 'vitest';
import { loadClassifier, trainClassifier } from './intent-classifier';
import type { IntentClassifier, TrainingData } from './types';

// Loads the Universal Sentence Encoder lite once (offline, from the npm package).
const agent: TrainingData = {
  language: 'en',
  intents: [
    {
      name: 'book_flight',
      phrases: [
        'I want to book a flight',
        'book me a flight to Paris',
        'reserve a plane ticket',
        'I need to fly to London tomorrow',
      ],
    },
    {
      name: 'check_balance',
      phrases: ['what is my account balance', 'how much money do I have', 'show my bank balance'],
    },
    {
      name: 'weather',
      phrases: ['what is the weather today', 'will it rain tomorrow', 'weather forecast for the weekend'],
    },
  ],
};

describe('Semantic intent classifier', () => {
  let classifier: IntentClassifier;
  beforeAll(async () => {
    classifier = await trainClassifier(agent, { modelType: 'Semantic', seed: 5 });
  }, 60_000);

  it('ranks paraphrases that share few words with the training phrases', async () => {
    expect(classifier.modelType).toBe('Semantic');
    const cases: [string, string][] = [
      ['I would like to purchase an airline seat', 'book_flight'],
      ['what are my funds', 'check_balance'],
      ['is it going to be cold outside', 'weather'],
    ];
    const rankings = await classifier.rankMany(cases.map(([text]) => text));
    cases.forEach(([, intent], i) => {
      expect(rankings[i]?.[0]?.intent).toBe(intent);
      expect(rankings[i]?.[0]?.confidence).toBeGreaterThan(0.5);
      expect(rankings[i]?.[0]?.utterance).not.toBeNull();
    });
  });

  it('keeps unrelated and empty text below the default threshold', async () => {
    const [top] = await classifier.rank('quantum chromodynamics lecture notes');
    expect(top?.confidence ?? 0).toBeLessThan(0.5);
    expect(await classifier.rank('')).toEqual([]);
  });

  it('serializes and loads back to the same ranking', async () => {
    const loaded = await loadClassifier(classifier.serialize());
    expect(loaded.modelType).toBe('Semantic');
    const texts = ['book a ticket to Rome', 'how much cash is in my account', 'sunny weekend?'];
    expect(await loaded.rankMany(texts, 2)).toEqual(await classifier.rankMany(texts, 2));
  });

  it('answers a message it knows by its words without the sentence encoder', async () => {
    const before = { ...classifier.stats };
    const [known] = await classifier.rank('book me a flight to Paris');
    expect(known?.intent).toBe('book_flight');
    expect(known?.confidence).toBeGreaterThanOrEqual(0.9);
    expect(classifier.stats.embedded).toBe(before.embedded);
    const [paraphrase] = await classifier.rank('I would like to purchase an airline seat');
    expect(paraphrase?.intent).toBe('book_flight');
    expect(classifier.stats.embedded).toBe(before.embedded + 1);
    expect(classifier.stats.ranked).toBe(before.ranked + 2);
  });

  it('embeds every message with the cascade off, and keeps the cascade through serialization', async () => {
    const always = await trainClassifier(agent, { modelType: 'Semantic', seed: 5 }, { cascadeConfidence: 2 });
    await always.rank('book me a flight to Paris');
    expect(always.stats.embedded).toBe(1);
    const loaded = await loadClassifier(classifier.serialize());
    await loaded.rank('book me a flight to Paris');
    expect(loaded.stats).toEqual({ ranked: 1, embedded: 0 });
  });

  it('leans on the lexical features for Devanagari', async () => {
    const hindi = await trainClassifier(
      {
        language: 'hi',
        intents: [
          { name: 'ticket', phrases: ['मुझे टिकट चाहिए', 'एक टिकट बुक करो', 'mujhe ticket chahiye'] },
          { name: 'mausam', phrases: ['आज मौसम कैसा है', 'क्या बारिश होगी', 'aaj mausam kaisa hai'] },
        ],
      },
      { modelType: 'Semantic', seed: 1 },
    );
    expect((await hindi.rank('मुझे दो टिकट चाहिए'))[0]?.intent).toBe('ticket');
    expect((await hindi.rank('कल मौसम कैसा रहेगा'))[0]?.intent).toBe('mausam');
    expect((await hindi.rank('kal mausam kaisa rahega'))[0]?.intent).toBe('mausam');
    const [unrelated] = await hindi.rank('मेरा नाम राम है और मैं दिल्ली में रहता हूँ');
    expect(unrelated?.confidence ?? 0).toBeLessThan(0.5);
  });
});
