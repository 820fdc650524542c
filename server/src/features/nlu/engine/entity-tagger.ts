/**
 * A learned entity tagger: which words of a message are an entity an operator tagged in the
 * training phrases ("I'd like to watch [Apocalypse 2024](movie)"), also for values never seen in
 * training. A first-order averaged structured perceptron over BIO tags (Collins 2002), decoded by a
 * beam Viterbi; features are the word, its neighbours, their shapes and affixes.
 *
 * The intent classifiers use it to see a message's template, "i'd like to watch <movie>", beside its
 * words: a title says little about the intent, the frame around it says much.
 */
import { seededRandom, shuffleInPlace } from './seeded-random';
import { type Token, tokenize } from './text';
import type { TaggedSpan } from './types';

export interface TaggerExample {
  text: string;
  spans: readonly TaggedSpan[];
}

export interface TaggerOptions {
  epochs: number;
  seed: number;
}

/** Kept predecessor tags per position in the Viterbi (inside tags always see their own B and I). */
const BEAM = 6;
/** Features seen in fewer training phrases are dropped (rare words say little, and cost memory). */
const MIN_FEATURE_COUNT = 2;

/** Tag ids: 0 is outside, 2l+1 begins label l, 2l+2 continues it. */
const OUTSIDE = 0;
const isInside = (tag: number) => tag > 0 && tag % 2 === 0;
const labelOf = (tag: number) => (tag - 1) >> 1;

function shape(text: string): string {
  if (/^\p{N}+$/u.test(text)) return 'd';
  if (/^\p{Lu}+$/u.test(text)) return text.length > 1 ? 'XX' : 'X';
  if (/^\p{Lu}/u.test(text)) return 'Xx';
  if (/^\p{Ll}/u.test(text)) return 'x';
  return 'o';
}

/** The feature strings of token i: words at -2..+2, word pairs, shapes (case carries titles), affixes. */
function tokenFeatures(tokens: readonly Token[], shapes: readonly string[], i: number): string[] {
  const word = (k: number) => (k < 0 ? '<s>' : k >= tokens.length ? '</s>' : tokens[k]!.norm);
  const shapeAt = (k: number) => (k < 0 ? '<s>' : k >= tokens.length ? '</s>' : shapes[k]!);
  const w = word(i);
  const previous = word(i - 1);
  const next = word(i + 1);
  return [
    'b',
    `w=${w}`,
    `p=${previous}`,
    `n=${next}`,
    `pp=${word(i - 2)}`,
    `nn=${word(i + 2)}`,
    `pw=${previous}|${w}`,
    `wn=${w}|${next}`,
    `ppp=${word(i - 2)}|${previous}`,
    `s=${shapes[i]}`,
    `ps=${shapeAt(i - 1)}${shapes[i]}`,
    `ns=${shapes[i]}${shapeAt(i + 1)}`,
    `pre=${w.slice(0, 3)}`,
    `suf=${w.slice(-3)}`,
  ];
}

function featuresOf(tokens: readonly Token[]): string[][] {
  const shapes = tokens.map((token) => shape(token.text));
  return tokens.map((_, i) => tokenFeatures(tokens, shapes, i));
}

/** BIO tag ids of the tokens: a token belongs to the span its first character falls in. */
function goldTags(tokens: readonly Token[], spans: readonly TaggedSpan[], labelIds: Map<string, number>): number[] {
  let open: TaggedSpan | null = null;
  return tokens.map((token) => {
    const span = spans.find((candidate) => token.start >= candidate.start && token.start < candidate.end);
    const label = span ? labelIds.get(span.label) : undefined;
    if (!span || label === undefined) {
      open = null;
      return OUTSIDE;
    }
    const tag = span === open ? 2 * label + 2 : 2 * label + 1;
    open = span;
    return tag;
  });
}

export interface TaggerParts {
  labels: string[];
  features: string[];
  /** Sparse weights, feature-major: feature f's tags and weights are [offsets[f], offsets[f + 1]). */
  offsets: Int32Array;
  tags: Int32Array;
  weights: Float32Array;
  /** (tags + 1) × tags: from each tag (last row: the start) to each tag. */
  transitions: Float32Array;
}

export class EntityTagger {
  private readonly featureIds: Map<string, number>;
  private readonly tagCount: number;
  private readonly decoder: Decoder;

  constructor(readonly parts: TaggerParts) {
    this.featureIds = new Map(parts.features.map((feature, index) => [feature, index]));
    this.tagCount = 2 * parts.labels.length + 1;
    this.decoder = new Decoder(this.tagCount);
  }

  get labels(): readonly string[] {
    return this.parts.labels;
  }

  /** Trains on phrases with their tagged spans; the labels are those the spans use. */
  static train(examples: readonly TaggerExample[], options: TaggerOptions): EntityTagger {
    const labels = [...new Set(examples.flatMap((example) => example.spans.map((span) => span.label)))].sort();
    const labelIds = new Map(labels.map((label, index) => [label, index]));
    const sentences = examples.map((example) => {
      const tokens = tokenize(example.text);
      return { features: featuresOf(tokens), gold: goldTags(tokens, example.spans, labelIds) };
    });
    const counts = new Map<string, number>();
    for (const sentence of sentences) {
      for (const feature of new Set(sentence.features.flat())) counts.set(feature, (counts.get(feature) ?? 0) + 1);
    }
    const features = [...counts.entries()]
      .filter(([, count]) => count >= MIN_FEATURE_COUNT)
      .map(([feature]) => feature)
      .sort();
    const featureIds = new Map(features.map((feature, index) => [feature, index]));
    const encoded = sentences.map((sentence) => ({
      ids: sentence.features.map((list) => knownIds(list, featureIds)),
      gold: sentence.gold,
    }));
    const tagCount = 2 * labels.length + 1;
    const { weights, transitions } = averagedPerceptron(encoded, features.length, tagCount, options);
    return new EntityTagger({ labels, features, ...sparseRows(weights, tagCount), transitions });
  }

  /** The entity spans the tagger finds in a text, in text order. */
  tag(text: string): TaggedSpan[] {
    const tokens = tokenize(text);
    return spansOf(tokens, this.tagTokens(tokens), this.parts.labels);
  }

  /** The text's words with each entity span the tagger finds replaced by one `<label>` word. */
  template(text: string): string[] {
    const tokens = tokenize(text);
    return templateOf(tokens, this.tagTokens(tokens), this.parts.labels);
  }

  private tagTokens(tokens: readonly Token[]): number[] {
    const { offsets, tags, weights, transitions } = this.parts;
    const T = this.tagCount;
    const emission = this.decoder.emission(tokens.length);
    featuresOf(tokens).forEach((list, position) => {
      const base = position * T;
      for (const feature of list) {
        const f = this.featureIds.get(feature);
        if (f === undefined) continue;
        for (let k = offsets[f]!; k < offsets[f + 1]!; k += 1) emission[base + tags[k]!]! += weights[k]!;
      }
    });
    return this.decoder.decode(tokens.length, transitions);
  }
}

function knownIds(list: readonly string[], featureIds: ReadonlyMap<string, number>): Int32Array {
  const found: number[] = [];
  for (const feature of list) {
    const id = featureIds.get(feature);
    if (id !== undefined) found.push(id);
  }
  return Int32Array.from(found);
}

/**
 * Structured perceptron training, averaged (the weights returned are the mean over every step),
 * dense while training: w, and Σ step·Δw from which the average is taken at the end.
 */
function averagedPerceptron(
  sentences: readonly { ids: Int32Array[]; gold: number[] }[],
  featureCount: number,
  tagCount: number,
  options: TaggerOptions,
): { weights: Float32Array; transitions: Float32Array } {
  const weights = new Float32Array(featureCount * tagCount);
  const weightSums = new Float64Array(weights.length);
  const transitions = new Float32Array((tagCount + 1) * tagCount);
  const transitionSums = new Float64Array(transitions.length);
  const decoder = new Decoder(tagCount);
  const random = seededRandom(options.seed);
  const order = Int32Array.from(sentences.keys());
  let step = 1;
  const update = (array: Float32Array, sums: Float64Array, at: number, delta: number) => {
    array[at]! += delta;
    sums[at]! += step * delta;
  };
  for (let epoch = 0; epoch < options.epochs; epoch += 1) {
    shuffleInPlace(order, random);
    for (const index of order) {
      const { ids: sentence, gold } = sentences[index]!;
      const emission = decoder.emission(sentence.length);
      for (let position = 0; position < sentence.length; position += 1) {
        const base = position * tagCount;
        for (const f of sentence[position]!) {
          const row = f * tagCount;
          for (let t = 0; t < tagCount; t += 1) emission[base + t]! += weights[row + t]!;
        }
      }
      const predicted = decoder.decode(sentence.length, transitions);
      for (let position = 0; position < gold.length; position += 1) {
        const right = gold[position]!;
        const wrong = predicted[position]!;
        const rightBefore = position === 0 ? tagCount : gold[position - 1]!;
        const wrongBefore = position === 0 ? tagCount : predicted[position - 1]!;
        if (right !== wrong) {
          for (const f of sentence[position]!) {
            update(weights, weightSums, f * tagCount + right, 1);
            update(weights, weightSums, f * tagCount + wrong, -1);
          }
        }
        if (right !== wrong || rightBefore !== wrongBefore) {
          update(transitions, transitionSums, rightBefore * tagCount + right, 1);
          update(transitions, transitionSums, wrongBefore * tagCount + wrong, -1);
        }
      }
      step += 1;
    }
  }
  for (let i = 0; i < weights.length; i += 1) weights[i] = weights[i]! - weightSums[i]! / step;
  for (let i = 0; i < transitions.length; i += 1) transitions[i] = transitions[i]! - transitionSums[i]! / step;
  return { weights, transitions };
}

/** Dense feature-major weights as sparse rows: each feature keeps only the tags it has a weight for. */
function sparseRows(
  weights: Float32Array,
  tagCount: number,
): { offsets: Int32Array; tags: Int32Array; weights: Float32Array } {
  const featureCount = weights.length / tagCount;
  const offsets = new Int32Array(featureCount + 1);
  const tags: number[] = [];
  const values: number[] = [];
  for (let f = 0; f < featureCount; f += 1) {
    for (let t = 0; t < tagCount; t += 1) {
      const value = weights[f * tagCount + t]!;
      if (value !== 0) {
        tags.push(t);
        values.push(value);
      }
    }
    offsets[f + 1] = tags.length;
  }
  return { offsets, tags: Int32Array.from(tags), weights: Float32Array.from(values) };
}

/** True when tag i continues the span of tag i - 1 (an inside tag after its own label). */
function continuesSpan(tags: readonly number[], i: number): boolean {
  return i > 0 && isInside(tags[i]!) && tags[i - 1] !== OUTSIDE && labelOf(tags[i - 1]!) === labelOf(tags[i]!);
}

function spansOf(tokens: readonly Token[], tags: readonly number[], labels: readonly string[]): TaggedSpan[] {
  const spans: TaggedSpan[] = [];
  tags.forEach((tag, i) => {
    if (tag === OUTSIDE) return;
    if (continuesSpan(tags, i)) spans[spans.length - 1]!.end = tokens[i]!.end;
    else spans.push({ label: labels[labelOf(tag)]!, start: tokens[i]!.start, end: tokens[i]!.end });
  });
  return spans;
}

function templateOf(tokens: readonly Token[], tags: readonly number[], labels: readonly string[]): string[] {
  const words: string[] = [];
  tags.forEach((tag, i) => {
    if (tag === OUTSIDE) words.push(tokens[i]!.norm);
    else if (!continuesSpan(tags, i)) words.push(`<${labels[labelOf(tag)]}>`);
  });
  return words;
}

/** Beam Viterbi over BIO tags; one instance reuses its buffers. */
class Decoder {
  private score = new Float64Array(0);
  private back = new Int32Array(0);
  private readonly beam: Int32Array;
  private readonly beamScore: Float64Array;

  constructor(private readonly tagCount: number) {
    this.beam = new Int32Array(BEAM);
    this.beamScore = new Float64Array(BEAM);
  }

  /** A zeroed buffer for the emission scores of a sentence (position-major); `decode` reads it. */
  emission(length: number): Float64Array {
    const size = length * this.tagCount;
    if (this.score.length < size) {
      this.score = new Float64Array(size);
      this.back = new Int32Array(size);
    }
    this.score.fill(0, 0, size);
    return this.score;
  }

  /** The best tag path, from the emission scores just written into `emission(length)`. */
  decode(length: number, transitions: Float32Array): number[] {
    const T = this.tagCount;
    if (length === 0) return [];
    const { score, back, beam, beamScore } = this;
    for (let i = 0; i < length; i += 1) {
      const base = i * T;
      if (i === 0) {
        for (let t = 0; t < T; t += 1) score[t]! += transitions[T * T + t]!;
        continue;
      }
      const previous = base - T;
      beam.fill(-1);
      beamScore.fill(-Infinity);
      for (let p = 0; p < T; p += 1) {
        const value = score[previous + p]!;
        if (value <= beamScore[BEAM - 1]!) continue;
        let j = BEAM - 1;
        while (j > 0 && beamScore[j - 1]! < value) {
          beamScore[j] = beamScore[j - 1]!;
          beam[j] = beam[j - 1]!;
          j -= 1;
        }
        beamScore[j] = value;
        beam[j] = p;
      }
      for (let t = 0; t < T; t += 1) {
        let best = -Infinity;
        let from = OUTSIDE;
        if (isInside(t)) {
          // Only its own begin (t - 1) or inside (t) may precede an inside tag.
          const fromBegin = score[previous + t - 1]! + transitions[(t - 1) * T + t]!;
          const fromInside = score[previous + t]! + transitions[t * T + t]!;
          best = Math.max(fromBegin, fromInside);
          from = fromInside > fromBegin ? t : t - 1;
        } else {
          for (let j = 0; j < BEAM && beam[j]! >= 0; j += 1) {
            const value = beamScore[j]! + transitions[beam[j]! * T + t]!;
            if (value > best) {
              best = value;
              from = beam[j]!;
            }
          }
        }
        score[base + t]! += best;
        back[base + t] = from;
      }
    }
    let best = -Infinity;
    let tag = OUTSIDE;
    const last = (length - 1) * T;
    for (let t = 0; t < T; t += 1) {
      if (score[last + t]! > best) {
        best = score[last + t]!;
        tag = t;
      }
    }
    const path = new Array<number>(length);
    for (let i = length - 1; i >= 0; i -= 1) {
      path[i] = tag;
      tag = back[i * T + tag]!;
    }
    return path;
  }
}
