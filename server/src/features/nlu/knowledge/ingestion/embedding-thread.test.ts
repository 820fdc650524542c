import { afterAll, describe, expect, it } from 'vitest';
import { embedTexts } from '../../engine/embeddings';
import { createEmbeddingThread } from './embedding-thread';

const thread = createEmbeddingThread();
afterAll(() => thread.close());

const passage = (n: number) =>
  `Passage ${n}: a refund reaches the card that paid within five working days, and an item may be returned ` +
  `within thirty days of delivery when it is unused and in its original packaging, with the receipt.`;

describe('createEmbeddingThread', () => {
  it('gives the same vectors as embedding here, while this thread stays free', async () => {
    const texts = Array.from({ length: 24 }, (_, i) => passage(i));
    // The event loop's longest stall while the thread embeds.
    let longest = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 10);
    const started = performance.now();
    const vectors = await thread.embed(texts);
    clearInterval(ticker);
    const elapsed = performance.now() - started;

    const here = await embedTexts(texts);
    expect(vectors).toHaveLength(texts.length);
    vectors.forEach((vector, i) => {
      expect(vector.length).toBe(512);
      for (let d = 0; d < 512; d += 1) expect(vector[d]).toBeCloseTo(here[i]![d]!, 5);
    });
    // Loading the encoder and embedding took a while; this thread never stalled for long meanwhile.
    expect(elapsed).toBeGreaterThan(200);
    expect(longest).toBeLessThan(Math.max(150, elapsed / 4));
  });

  it('answers an empty list at once and keeps working after close and restart', async () => {
    expect(await thread.embed([])).toEqual([]);
    await thread.close();
    const [vector] = await thread.embed([passage(99)]);
    expect(vector).toHaveLength(512);
  });
});
