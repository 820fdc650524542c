import { describe, expect, it } from 'vitest';
import { framedTitles, unseenTitleMessage } from '../../../../test/tagged-phrases';
import { loadClassifier, MIN_TAGGED_PHRASES, trainClassifier } from './intent-classifier';
import type { TaggedSpan, TrainingData } from './types';

const travel: TrainingData = {
  language: 'en',
  intents: [
    {
      name: 'book_flight',
      phrases: [
        'I want to book a flight',
        'book me a flight to Paris',
        'reserve a plane ticket',
        'I need to fly to London tomorrow',
        'find flights from Delhi to Mumbai',
      ],
    },
    {
      name: 'check_balance',
      phrases: [
        'what is my account balance',
        'how much money do I have',
        'show my bank balance',
        'check the balance of my savings account',
        'how much is left in my account',
      ],
    },
    {
      name: 'weather',
      phrases: [
        'what is the weather today',
        'will it rain tomorrow',
        'is it going to be sunny',
        'weather forecast for the weekend',
        'how hot is it outside',
      ],
    },
  ],
};

describe('SVM intent classifier', () => {
  it('ranks a small agent correctly with a confident top intent', async () => {
    const classifier = await trainClassifier(travel, { modelType: 'SVM', seed: 7 });
    expect(classifier.intents).toEqual(['book_flight', 'check_balance', 'weather']);
    const cases: [string, string][] = [
      ['please book a flight to Berlin', 'book_flight'],
      ['what is the balance in my account', 'check_balance'],
      ['is it going to rain today', 'weather'],
    ];
    for (const [text, intent] of cases) {
      const ranking = await classifier.rank(text);
      expect(ranking).toHaveLength(3);
      expect(ranking[0]!.intent).toBe(intent);
      expect(ranking[0]!.confidence).toBeGreaterThan(0.5);
      const sum = ranking.reduce((total, score) => total + score.confidence, 0);
      expect(sum).toBeLessThanOrEqual(1 + 1e-9);
      expect(ranking.map((score) => score.confidence)).toEqual(
        [...ranking.map((score) => score.confidence)].sort((a, b) => b - a),
      );
    }
  });

  it('gives unrelated text a confidence below the default threshold', async () => {
    const classifier = await trainClassifier(travel, { modelType: 'SVM', seed: 7 });
    for (const text of ['xyzzy plugh', 'quantum chromodynamics lecture notes', 'tell me a joke']) {
      const [top] = await classifier.rank(text);
      expect(top?.confidence).toBeLessThan(0.5);
    }
    expect(await classifier.rank('')).toEqual([]);
    expect(await classifier.rank('  ?! ')).toEqual([]);
  });

  it('names the nearest training phrase of each ranked intent', async () => {
    const classifier = await trainClassifier(travel, { modelType: 'SVM', seed: 7 });
    const ranking = await classifier.rank('will it rain tomorrow in Paris', 2);
    expect(ranking).toHaveLength(2);
    expect(ranking[0]).toMatchObject({ intent: 'weather', utterance: 'will it rain tomorrow' });
    const ranked = await classifier.rank('will it rain in Paris');
    expect(ranked.find((score) => score.intent === 'book_flight')?.utterance).toBe('book me a flight to Paris');
    expect(ranked.find((score) => score.intent === 'check_balance')?.utterance).not.toBeNull();
  });

  it('serializes and loads back to the same ranking', async () => {
    const classifier = await trainClassifier(travel, { modelType: 'SVM', seed: 7 });
    const bytes = classifier.serialize();
    const loaded = await loadClassifier(bytes);
    expect(loaded.modelType).toBe('SVM');
    expect(loaded.language).toBe('en');
    expect(loaded.intents).toEqual(classifier.intents);
    const texts = ['book a ticket', 'how much money', 'sunny weekend?', 'hello there'];
    expect(await loaded.rankMany(texts)).toEqual(await classifier.rankMany(texts));
    // A copy at an odd offset inside a bigger buffer reads the same.
    const padded = new Uint8Array(bytes.length + 3);
    padded.set(bytes, 3);
    const reloaded = await loadClassifier(padded.subarray(3));
    expect(await reloaded.rankMany(texts)).toEqual(await classifier.rankMany(texts));
    await expect(loadClassifier(new Uint8Array([1, 2, 3]))).rejects.toThrow();
  });

  it('is deterministic for the same data and seed', async () => {
    const a = await trainClassifier(travel, { modelType: 'SVM', seed: 3 });
    const b = await trainClassifier(travel, { modelType: 'SVM', seed: 3 });
    expect(Buffer.from(a.serialize()).equals(Buffer.from(b.serialize()))).toBe(true);
  });

  it('reports progress up to 1', async () => {
    const seen: number[] = [];
    await trainClassifier(travel, { modelType: 'SVM', onProgress: (fraction) => seen.push(fraction) });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.at(-1)).toBe(1);
  });

  it('classifies Devanagari and romanised Hindi phrases', async () => {
    const hindi: TrainingData = {
      language: 'hi',
      intents: [
        {
          name: 'ticket',
          phrases: ['मुझे टिकट चाहिए', 'एक टिकट बुक करो', 'mujhe ticket chahiye', 'ticket book karna hai'],
        },
        {
          name: 'mausam',
          phrases: ['आज मौसम कैसा है', 'क्या बारिश होगी', 'aaj mausam kaisa hai', 'kya baarish hogi'],
        },
      ],
    };
    const classifier = await trainClassifier(hindi, { modelType: 'SVM', seed: 1 });
    expect(classifier.language).toBe('hi');
    expect((await classifier.rank('मुझे दो टिकट चाहिए'))[0]?.intent).toBe('ticket');
    expect((await classifier.rank('कल मौसम कैसा है'))[0]?.intent).toBe('mausam');
    expect((await classifier.rank('mujhe do ticket chahiye'))[0]?.intent).toBe('ticket');
    expect((await classifier.rank('kal mausam kaisa rahega'))[0]?.intent).toBe('mausam');
    const loaded = await loadClassifier(classifier.serialize());
    expect(await loaded.rank('क्या आज बारिश होगी')).toEqual(await classifier.rank('क्या आज बारिश होगी'));
  });

  it('works with two intents of two phrases, and with one intent', async () => {
    const tiny = await trainClassifier(
      {
        language: 'en',
        intents: [
          { name: 'greet', phrases: ['hello', 'good morning'] },
          { name: 'bye', phrases: ['goodbye', 'see you later'] },
        ],
      },
      { modelType: 'SVM' },
    );
    expect((await tiny.rank('hello there'))[0]?.intent).toBe('greet');
    expect((await tiny.rank('see you'))[0]?.intent).toBe('bye');

    const single = await trainClassifier(
      { language: 'en', intents: [{ name: 'refund', phrases: ['I want a refund', 'refund my order'] }] },
      { modelType: 'SVM' },
    );
    const [match] = await single.rank('please refund my order');
    expect(match).toMatchObject({ intent: 'refund', utterance: 'refund my order' });
    expect(match?.confidence).toBeGreaterThan(0.5);
    const [unrelated] = await single.rank('what time does the museum open');
    expect(unrelated?.confidence).toBeLessThan(0.5);
  });

  it('handles no intents and very long text', async () => {
    const empty = await trainClassifier({ language: 'en', intents: [] }, { modelType: 'SVM' });
    expect(await empty.rank('anything')).toEqual([]);
    expect(await (await loadClassifier(empty.serialize())).rank('anything')).toEqual([]);
    const classifier = await trainClassifier(travel, { modelType: 'SVM' });
    const long = 'book a flight to Paris '.repeat(2000);
    expect((await classifier.rank(long))[0]?.intent).toBe('book_flight');
  });
});

describe('templates from tagged entities', () => {
  // Book titles share their words with the message's title; movie phrases share its frame.
  const data: TrainingData = { language: 'en', intents: framedTitles() };
  const message = unseenTitleMessage;
  /** The same phrases with each one's tags changed by `change`. */
  const retagged = (change: (spans: readonly TaggedSpan[], index: number) => readonly TaggedSpan[]): TrainingData => ({
    language: 'en',
    intents: data.intents.map(({ name, phrases, entities }) => ({ name, phrases, entities: entities!.map(change) })),
  });

  it('goes by the frame around an unseen title, not by the title words', async () => {
    const classifier = await trainClassifier(data, { modelType: 'SVM', seed: 1 });
    expect((await classifier.rank(message))[0]!.intent).toBe('watch_movie');
    // The same phrases without their tags: the title's words win.
    const untagged = await trainClassifier(
      { ...data, intents: data.intents.map(({ name, phrases }) => ({ name, phrases })) },
      { modelType: 'SVM', seed: 1 },
    );
    expect((await untagged.rank(message))[0]!.intent).toBe('find_book');
  });

  it('keeps its tagger through serialize and load', async () => {
    const classifier = await trainClassifier(data, { modelType: 'SVM', seed: 1 });
    const loaded = await loadClassifier(classifier.serialize());
    expect(await loaded.rank(message)).toEqual(await classifier.rank(message));
  });

  it('ignores tags that no longer fit their phrase (edited since) and keeps the ones that do', async () => {
    const stale = retagged((spans, index) => [
      ...spans,
      { label: 'movie', start: index, end: index + 500 },
      { label: 'book', start: 5, end: 2 },
      { label: '', start: 0, end: 1 },
    ]);
    const classifier = await trainClassifier(stale, { modelType: 'SVM', seed: 1 });
    expect((await classifier.rank(message))[0]!.intent).toBe('watch_movie');
  });

  it('learns no templates from fewer than MIN_TAGGED_PHRASES tagged phrases', async () => {
    const few = retagged((spans, index) => (index < MIN_TAGGED_PHRASES / 2 - 1 ? spans : []));
    const classifier = await trainClassifier(few, { modelType: 'SVM', seed: 1 });
    expect((await classifier.rank(message))[0]!.intent).toBe('find_book');
  });
});
