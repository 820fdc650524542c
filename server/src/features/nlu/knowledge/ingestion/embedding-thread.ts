/**
 * Embedding passages off the API's event loop (decision 024): the sentence encoder takes tens of
 * milliseconds per passage, so a document's thousands of passages run in one worker thread that
 * loads the encoder once and keeps it for the whole ingestion. If no thread can start, the texts
 * are embedded here instead (slower answers meanwhile, same vectors).
 */
import { Worker } from 'node:worker_threads';
import { EMBEDDING_DIMENSIONS, embedTexts } from '../../engine/embeddings';
import type { Embed } from '../knowledge-retrieval';

const workerUrl = new URL('./embedding-thread-worker.ts', import.meta.url);

interface Reply {
  id?: number;
  ready?: boolean;
  vectors?: Float32Array;
  error?: string;
}

/** A worker thread that embeds, started on first use; `close` ends it. */
export function createEmbeddingThread(options: { log?: { warn(object: unknown, message: string): void } } = {}) {
  let worker: Worker | null = null;
  let ready: Promise<Worker | null> | null = null;
  let inline = false;
  let nextId = 0;
  const waiting = new Map<number, { resolve: (vectors: Float32Array[]) => void; reject: (error: Error) => void }>();

  function failAll(error: Error) {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  }

  function start(): Promise<Worker | null> {
    ready ??= new Promise((resolve) => {
      const href = JSON.stringify(workerUrl.href);
      const thread = workerUrl.pathname.endsWith('.js')
        ? new Worker(workerUrl)
        : new Worker(`import('tsx/esm/api').then(({ tsImport }) => tsImport(${href}, ${href}))`, { eval: true });
      let started = false;
      thread.on('message', (reply: Reply) => {
        if (reply.ready) {
          started = true;
          worker = thread;
          return resolve(thread);
        }
        const request = reply.id === undefined ? undefined : waiting.get(reply.id);
        if (!request) return;
        waiting.delete(reply.id!);
        if (reply.error || !reply.vectors) return request.reject(new Error(`Sentence encoder: ${reply.error}`));
        const count = reply.vectors.length / EMBEDDING_DIMENSIONS;
        request.resolve(
          Array.from({ length: count }, (_, i) =>
            reply.vectors!.subarray(i * EMBEDDING_DIMENSIONS, (i + 1) * EMBEDDING_DIMENSIONS),
          ),
        );
      });
      const stopped = (error: Error) => {
        worker = null;
        if (!started) {
          // No thread here (no loader, no threads): embed on this one.
          options.log?.warn({ err: error }, 'knowledge ingestion embeds on the main thread');
          inline = true;
          return resolve(null);
        }
        ready = null;
        failAll(error);
      };
      thread.on('error', stopped);
      thread.on('exit', (code) => stopped(new Error(`The sentence encoder thread stopped (exit code ${code})`)));
    });
    return ready;
  }

  const embed: Embed = async (texts) => {
    if (texts.length === 0) return [];
    const thread = inline ? null : await start();
    if (!thread) return embedTexts(texts, { parallelFrom: Number.POSITIVE_INFINITY });
    const id = nextId++;
    return new Promise<Float32Array[]>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      thread.postMessage({ id, texts: [...texts] });
    });
  };

  return {
    embed,
    async close() {
      const thread = worker;
      worker = null;
      ready = null;
      failAll(new Error('The sentence encoder thread was closed'));
      await thread?.terminate();
    },
  };
}

export type EmbeddingThread = ReturnType<typeof createEmbeddingThread>;
