import { describe, expect, it } from 'vitest';
import { DEFAULT_LEXICAL_OPTIONS, featureCounts, LexicalSpace, PhraseIndex, sparseDot } from './lexical-features';
import { quantizedScores, quantizeWeights, softmaxInPlace, trainSoftmax } from './linear-model';
import { seededRandom } from './seeded-random';
import { decodeModel, encodeModel } from './model-codec';

describe('lexical features', () => {
  it('counts words, bigrams and character n-grams inside word boundaries', () => {
    const counts = featureCounts('Book a flight', DEFAULT_LEXICAL_OPTIONS);
    expect(counts.get('w:book')).toBe(1);
    expect(counts.get('b:book a')).toBe(1);
    expect(counts.get('b:^ book')).toBe(1);
    expect(counts.get('c: fl')).toBe(1);
    expect(counts.get('c:ght ')).toBe(1);
    expect(counts.has('c:k a')).toBe(false);
  });

  it('normalises case, accents and Devanagari digits through the tokeniser', () => {
    const space = LexicalSpace.fit(['Café ४ बजे']);
    const a = space.vectorize('cafe 4 बजे');
    const b = space.vectorize('CAFÉ ४ बजे');
    expect(sparseDot(a, b)).toBeCloseTo(1, 5);
  });

  it('gives unit-length vectors and cosine through the phrase index', () => {
    const phrases = ['check my balance', 'book a flight', 'weather today'];
    const space = LexicalSpace.fit(phrases);
    const vectors = phrases.map((phrase) => space.vectorize(phrase));
    for (const vector of vectors) expect(sparseDot(vector, vector)).toBeCloseTo(1, 5);
    const index = new PhraseIndex(vectors);
    const query = space.vectorize('please check my balance');
    const similarities = index.similarities(query);
    expect(similarities[0]).toBeCloseTo(sparseDot(query, vectors[0]!), 5);
    expect(similarities[0]).toBeGreaterThan(similarities[1]!);
    expect(space.vectorize('zzz').idx.length).toBe(0);
  });

  it('down-weights function words in a small agent only', () => {
    const small = LexicalSpace.fit(['tell me a joke']);
    expect(small.options.stopwordWeight).toBeLessThan(1);
    const big = LexicalSpace.fit(Array.from({ length: 600 }, (_, i) => `phrase number ${i}`));
    expect(big.options.stopwordWeight).toBe(1);
  });
});

describe('softmax model', () => {
  it('learns a separable toy problem deterministically', () => {
    const examples = [
      { idx: Int32Array.from([0]), val: Float32Array.from([1]) },
      { idx: Int32Array.from([1]), val: Float32Array.from([1]) },
    ];
    const labels = Int32Array.from([0, 1]);
    const options = { epochs: 50, learningRate: 1, l2: 1e-5, seed: 9 };
    const model = trainSoftmax(examples, labels, 2, 2, options);
    const again = trainSoftmax(examples, labels, 2, 2, options);
    expect(Array.from(again.weights)).toEqual(Array.from(model.weights));
    const stored = { classes: 2, bias: model.bias, ...quantizeWeights(model) };
    expect(stored.quantized.length).toBe(4);
    expect(stored.scales.length).toBe(2);
    const p = softmaxInPlace(quantizedScores(stored, examples[0]!));
    expect(p[0]).toBeGreaterThan(0.9);
    // Scoring from the int16 weights gives the float model's scores, up to the rounding.
    for (const example of examples) {
      const scores = quantizedScores(stored, example);
      scores.forEach((score, c) => {
        let expected = model.bias[c]!;
        example.idx.forEach((feature, k) => (expected += model.weights[feature * 2 + c]! * example.val[k]!));
        expect(score).toBeCloseTo(expected, 3);
      });
    }
  });

  it('seeds its random numbers', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });
});

describe('model codec', () => {
  it('round-trips a header and typed arrays', () => {
    const bytes = encodeModel(
      { name: 'x', list: [1, 2] },
      { a: Float32Array.from([1.5, -2]), b: Int16Array.from([1, 2, 3]), c: new Float32Array(0) },
    );
    const { header, arrays } = decodeModel<{ name: string }>(bytes);
    expect(header).toEqual({ name: 'x', list: [1, 2] });
    expect(Array.from(arrays.a!)).toEqual([1.5, -2]);
    expect(Array.from(arrays.b!)).toEqual([1, 2, 3]);
    expect(arrays.c!.length).toBe(0);
    expect(() => decodeModel(bytes.subarray(0, bytes.length - 4))).toThrow();
    expect(() => decodeModel(new TextEncoder().encode('hello world!'))).toThrow();
  });
});
