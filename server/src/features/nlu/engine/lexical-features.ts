/**
 * Lexical features for the intent classifiers: word unigrams and bigrams plus character n-grams
 * (2–5, inside each word with its boundaries, like scikit-learn's `char_wb`), weighted by sublinear
 * TF·IDF and L2-normalised. Built on `tokenize` from text.ts, so English, Devanagari and romanised
 * Hindi all go through the same path.
 */
import { words } from './text';

export interface SparseVector {
  /** Feature ids, ascending. */
  idx: Int32Array;
  val: Float32Array;
}

export interface LexicalOptions {
  /** Smallest and largest character n-gram length. */
  charMin: number;
  charMax: number;
  /** Weight of the character block relative to the word block (before the final L2 norm). */
  charWeight: number;
  /** Character n-grams seen in fewer training phrases are dropped (keeps the model small). */
  charMinDf: number;
  /**
   * Weight of function words (STOPWORDS: their unigrams, bigrams of two of them and their
   * character n-grams). IDF already discounts them in a large agent; a small agent has too few
   * phrases for that, and "tell me a joke" would look like "book me a flight". Applied when the
   * agent has fewer than SMALL_AGENT_PHRASES phrases (in CLINC150, function words carry intent:
   * down-weighting them there costs two points of accuracy); `fit` stores the value used.
   */
  stopwordWeight: number;
}

export const DEFAULT_LEXICAL_OPTIONS: LexicalOptions = {
  charMin: 2,
  charMax: 5,
  charWeight: 1,
  charMinDf: 2,
  stopwordWeight: 0.3,
};

export const SMALL_AGENT_PHRASES = 500;

/** Words and word pairs only, no character n-grams (for word lists such as a message's template). */
export const WORDS_ONLY_OPTIONS: LexicalOptions = { ...DEFAULT_LEXICAL_OPTIONS, charMin: 1, charMax: 0, charWeight: 0 };

/** Function words of English, Hindi and romanised Hindi (normalised forms). */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a an the and or but if of at by for with about to from in on into over under up down out off ' +
    'is am are was were be been being do does did doing have has had having will would shall should ' +
    'can could may might must i me my mine myself we us our ours you your yours he him his she her ' +
    'hers it its they them their theirs this that these those there here what which who whom whose ' +
    "when where why how all any some no not so than too very just also then now i'm i'd i've i'll " +
    "it's that's what's don't can't won't let's please" +
    ' है हैं था थी थे का की के में से को पर और या क्या यह वह ये वो मैं हम तुम आप ' +
    'hai hain tha thi the ka ki ke mein se ko par aur ya kya yeh ye woh wo main hum tum aap'
  ).split(/\s+/),
);

const WORD_PREFIX = 'w:';
const BIGRAM_PREFIX = 'b:';
const CHAR_PREFIX = 'c:';

/**
 * Feature counts of one text, or of a list of words already normalised; with `weights`, also each
 * feature's stopword factor (1, or `stopwordWeight` when every word it comes from is a function word).
 */
export function featureCounts(
  text: string | readonly string[],
  options: LexicalOptions,
  weights?: Map<string, number>,
): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (key: string, content: boolean) => {
    counts.set(key, (counts.get(key) ?? 0) + 1);
    if (weights && (content || !weights.has(key))) weights.set(key, content ? 1 : options.stopwordWeight);
  };
  const tokens = typeof text === 'string' ? words(text) : text;
  const content = tokens.map((token) => !STOPWORDS.has(token));
  for (let i = 0; i < tokens.length; i += 1) {
    add(WORD_PREFIX + tokens[i], content[i]!);
    if (i + 1 < tokens.length) {
      add(`${BIGRAM_PREFIX}${tokens[i]} ${tokens[i + 1]}`, content[i]! || content[i + 1]!);
    }
  }
  if (tokens.length > 0) add(`${BIGRAM_PREFIX}^ ${tokens[0]}`, content[0]!);
  tokens.forEach((token, t) => {
    const padded = ` ${token} `;
    for (let n = options.charMin; n <= options.charMax; n += 1) {
      for (let i = 0; i + n <= padded.length; i += 1) add(CHAR_PREFIX + padded.slice(i, i + n), content[t]!);
    }
  });
  return counts;
}

/** A fitted vocabulary with IDF weights; turns texts into L2-normalised sparse vectors. */
export class LexicalSpace {
  readonly vocab: Map<string, number>;
  readonly terms: readonly string[];
  readonly idf: Float32Array;
  readonly options: LexicalOptions;
  private readonly isChar: Uint8Array;

  constructor(terms: readonly string[], idf: Float32Array, options: LexicalOptions) {
    this.terms = terms;
    this.idf = idf;
    this.options = { ...DEFAULT_LEXICAL_OPTIONS, ...options };
    this.vocab = new Map(terms.map((term, index) => [term, index]));
    this.isChar = Uint8Array.from(terms, (term) => (term.startsWith(CHAR_PREFIX) ? 1 : 0));
  }

  get size(): number {
    return this.terms.length;
  }

  /** Fits the vocabulary and IDF on training texts. Deterministic: terms are sorted. */
  static fit(
    texts: readonly (string | readonly string[])[],
    options: LexicalOptions = DEFAULT_LEXICAL_OPTIONS,
  ): LexicalSpace {
    const df = new Map<string, number>();
    for (const text of texts) {
      for (const key of featureCounts(text, options).keys()) df.set(key, (df.get(key) ?? 0) + 1);
    }
    const minDf = texts.length >= 200 ? options.charMinDf : 1;
    const terms = [...df.entries()]
      .filter(([key, count]) => !key.startsWith(CHAR_PREFIX) || count >= minDf)
      .map(([key]) => key)
      .sort();
    const n = texts.length;
    const fitted = { ...options, stopwordWeight: n < SMALL_AGENT_PHRASES ? options.stopwordWeight : 1 };
    const idf = Float32Array.from(terms, (term) => Math.log((n + 1) / ((df.get(term) ?? 0) + 1)) + 1);
    return new LexicalSpace(terms, idf, fitted);
  }

  vectorize(text: string | readonly string[]): SparseVector {
    const entries: [number, number][] = [];
    const stopword = this.options.stopwordWeight !== 1 ? new Map<string, number>() : undefined;
    for (const [key, count] of featureCounts(text, this.options, stopword)) {
      const id = this.vocab.get(key);
      if (id === undefined) continue;
      const weight =
        (1 + Math.log(count)) *
        this.idf[id]! *
        (this.isChar[id] ? this.options.charWeight : 1) *
        (stopword?.get(key) ?? 1);
      entries.push([id, weight]);
    }
    entries.sort((a, b) => a[0] - b[0]);
    let sumSquares = 0;
    for (const [, value] of entries) sumSquares += value * value;
    const norm = Math.sqrt(sumSquares) || 1;
    return {
      idx: Int32Array.from(entries, ([id]) => id),
      val: Float32Array.from(entries, ([, value]) => value / norm),
    };
  }
}

/** Dot product of two sparse vectors with ascending ids. */
export function sparseDot(a: SparseVector, b: SparseVector): number {
  let i = 0;
  let j = 0;
  let sum = 0;
  while (i < a.idx.length && j < b.idx.length) {
    const ai = a.idx[i]!;
    const bj = b.idx[j]!;
    if (ai === bj) {
      sum += a.val[i]! * b.val[j]!;
      i += 1;
      j += 1;
    } else if (ai < bj) i += 1;
    else j += 1;
  }
  return sum;
}

/**
 * An inverted index over phrase vectors: cosine of a query against every phrase in one pass over
 * the query's features (the vectors are L2-normalised, so the dot product is the cosine).
 */
export class PhraseIndex {
  private readonly postings: Map<number, { ids: Int32Array; vals: Float32Array }>;
  readonly count: number;

  constructor(vectors: readonly SparseVector[]) {
    this.count = vectors.length;
    const lists = new Map<number, { ids: number[]; vals: number[] }>();
    vectors.forEach((vector, phrase) => {
      for (let k = 0; k < vector.idx.length; k += 1) {
        let list = lists.get(vector.idx[k]!);
        if (!list) {
          list = { ids: [], vals: [] };
          lists.set(vector.idx[k]!, list);
        }
        list.ids.push(phrase);
        list.vals.push(vector.val[k]!);
      }
    });
    this.postings = new Map();
    for (const [feature, list] of lists) {
      this.postings.set(feature, { ids: Int32Array.from(list.ids), vals: Float32Array.from(list.vals) });
    }
  }

  /** Cosine similarity of the query to every phrase. */
  similarities(query: SparseVector, out = new Float32Array(this.count)): Float32Array {
    out.fill(0);
    for (let k = 0; k < query.idx.length; k += 1) {
      const list = this.postings.get(query.idx[k]!);
      if (!list) continue;
      const q = query.val[k]!;
      const { ids, vals } = list;
      for (let p = 0; p < ids.length; p += 1) out[ids[p]!]! += q * vals[p]!;
    }
    return out;
  }
}
