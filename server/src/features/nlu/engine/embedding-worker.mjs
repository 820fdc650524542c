/**
 * One sentence-encoder thread of `embeddings.ts`'s pool: loads the Universal Sentence Encoder lite
 * once, then embeds the lists of texts it is sent and answers with their raw 512-d vectors, packed
 * into one transferable Float32Array per list. Plain JavaScript so that it starts the same under
 * tsx, vitest and the training worker.
 */
import { parentPort, workerData } from 'node:worker_threads';

import { loadEncoder } from './encoder.mjs';

const encoder = await loadEncoder();
const { dimensions, batchSize } = workerData;

parentPort.on('message', async ({ id, texts }) => {
  try {
    const vectors = new Float32Array(texts.length * dimensions);
    for (let start = 0; start < texts.length; start += batchSize) {
      const batch = texts.slice(start, start + batchSize).map(encoder.tokenize);
      vectors.set(await encoder.embed(batch), start * dimensions);
    }
    parentPort.postMessage({ id, vectors }, [vectors.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
parentPort.postMessage({ ready: true });
