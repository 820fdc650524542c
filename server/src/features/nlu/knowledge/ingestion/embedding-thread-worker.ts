import { parentPort } from 'node:worker_threads';
import { EMBEDDING_DIMENSIONS, embedTexts } from '../../engine/embeddings';

/**
 * The sentence-encoder thread of knowledge ingestion (embedding-thread.ts): embeds the lists of
 * texts it is sent with the NLU's embedTexts (same preprocessing as the questions that will search
 * them) and answers each with its vectors packed into one transferable Float32Array. Started
 * through tsx's loader, like the training worker.
 */
const port = parentPort;
if (port) {
  port.on('message', (message: { id: number; texts: string[] }) => {
    // One thread, one encoder: the pool of embedTexts would load more copies of it.
    embedTexts(message.texts, { parallelFrom: Number.POSITIVE_INFINITY })
      .then((vectors) => {
        const packed = new Float32Array(vectors.length * EMBEDDING_DIMENSIONS);
        vectors.forEach((vector, i) => packed.set(vector, i * EMBEDDING_DIMENSIONS));
        port.postMessage({ id: message.id, vectors: packed }, [packed.buffer]);
      })
      .catch((error: unknown) => {
        port.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
      });
  });
  port.postMessage({ ready: true });
}
