/**
 * Intent classifiers: `SVM` (word and character n-grams, sublinear TF·IDF, one softmax linear model)
 * and `Semantic` (the same lexical features concatenated with a Universal Sentence Encoder lite
 * embedding in one linear model). Both keep their training phrases to name the nearest one for each
 * ranked intent, and scale the probabilities down when a message shares little with any training
 * phrase, so that a one-intent agent still rejects unrelated text through its threshold. When the
 * operator has tagged entities in enough phrases, both also read each message's template (its words
 * with the entities an entity tagger finds replaced by the entity: entity-tagger.ts).
 */
import { EMBEDDING_DIMENSIONS, embedTexts } from './embeddings';
import { EntityTagger } from './entity-tagger';
import {
  DEFAULT_LEXICAL_OPTIONS,
  type LexicalOptions,
  LexicalSpace,
  PhraseIndex,
  type SparseVector,
  WORDS_ONLY_OPTIONS,
} from './lexical-features';
import { type QuantizedModel, quantizedScores, quantizeWeights, softmaxInPlace, trainSoftmax } from './linear-model';
import { decodeModel, encodeModel } from './model-codec';
import type {
  IntentClassifier,
  IntentScore,
  Language,
  LexicalModelType,
  TaggedSpan,
  TrainingData,
  TrainOptions,
} from './types';

/** Hyper-parameters, chosen on the CLINC150 and SNIPS validation splits (see docs/benchmarks.md). */
export interface ClassifierParams {
  lexical: LexicalOptions;
  /** Passes over the training set are max(minEpochs, min(maxEpochs, stepBudget / phrases)). */
  minEpochs: number;
  maxEpochs: number;
  stepBudget: number;
  learningRate: number;
  l2: number;
  /** SGD skips a class whose gradient on an example is smaller than this. */
  gradientEpsilon: number;
  /** Softmax temperature applied at prediction. */
  temperature: number;
  /**
   * Confidence is multiplied by a gate that rises linearly from 0 at `gateLow` to 1 at `gateHigh`
   * of s, the best cosine between the message and any training phrase (lexical vectors). Unrelated
   * text still shares a few character n-grams (s ≈ 0.1–0.2); a paraphrase shares more.
   * gateHigh 0 turns the gate off.
   */
  gateLow: number;
  gateHigh: number;
  /**
   * Semantic only: the same ramp on the best cosine between the message's sentence embedding and
   * an intent's centroid (mean embedding of its phrases); the larger of the two gates applies, so a
   * paraphrase without shared words still passes.
   */
  semanticGateLow: number;
  semanticGateHigh: number;
  /** Weight of the (unit-length) sentence embedding next to the (unit-length) lexical vector. */
  embeddingWeight: number;
  /**
   * Semantic only: a lexical-only model (the SVM's, trained alongside) answers alone when its gated
   * top confidence reaches this; only the other messages go through the sentence encoder, which
   * costs ~5 times the rest of a prediction. Above 1 turns the cascade off (every message is
   * embedded). 0.9 is the lowest of 0.5 / 0.7 / 0.8 / 0.9 / 0.95 whose val figures equal those of
   * embedding every message on CLINC150 and SNIPS (docs/benchmarks.md).
   */
  cascadeConfidence: number;
  /**
   * Weight of the template block next to the lexical vector (both unit length): the message's words
   * with each entity the tagger finds replaced by its entity ("i'd like to watch <movie>"). Used when
   * at least MIN_TAGGED_PHRASES phrases have tagged entities; 0 turns it off.
   */
  templateWeight: number;
  /**
   * The classifier learns from templates the tagger made without having seen the phrase (k-fold),
   * so it learns how far to trust the tagger on new messages, not on phrases it memorised.
   */
  templateFolds: number;
  /** Passes of the entity tagger over its phrases. */
  taggerEpochs: number;
}

/** An agent needs this many phrases with tagged entities before its model learns templates. */
export const MIN_TAGGED_PHRASES = 20;

export const DEFAULT_PARAMS: Record<LexicalModelType, ClassifierParams> = {
  SVM: {
    lexical: { ...DEFAULT_LEXICAL_OPTIONS, charWeight: 0.5 },
    minEpochs: 8,
    maxEpochs: 100,
    stepBudget: 120_000,
    learningRate: 4,
    l2: 1e-5,
    gradientEpsilon: 1e-3,
    temperature: 1,
    gateLow: 0.1,
    gateHigh: 0.35,
    semanticGateLow: 0,
    semanticGateHigh: 0,
    embeddingWeight: 0,
    cascadeConfidence: 2,
    templateWeight: 1,
    templateFolds: 2,
    taggerEpochs: 3,
  },
  Semantic: {
    lexical: { ...DEFAULT_LEXICAL_OPTIONS, charWeight: 0.5 },
    minEpochs: 5,
    maxEpochs: 100,
    stepBudget: 75_000,
    learningRate: 4,
    l2: 1e-5,
    gradientEpsilon: 1e-3,
    temperature: 1,
    gateLow: 0.1,
    gateHigh: 0.35,
    semanticGateLow: 0.35,
    semanticGateHigh: 0.6,
    embeddingWeight: 1,
    cascadeConfidence: 0.9,
    templateWeight: 1,
    templateFolds: 2,
    taggerEpochs: 3,
  },
};

interface ModelHeader {
  modelType: LexicalModelType;
  language: Language;
  intents: string[];
  /** Training phrases per intent (deduplicated), for the nearest utterance. */
  phrases: string[][];
  terms: string[];
  lexical: LexicalOptions;
  temperature: number;
  gateLow: number;
  gateHigh: number;
  semanticGateLow: number;
  semanticGateHigh: number;
  embeddingWeight: number;
  embeddingDimensions: number;
  /** Semantic: see ClassifierParams; absent in models stored before the cascade (no lexical model). */
  cascadeConfidence?: number;
  /** Present when the model learned templates (ClassifierParams.templateWeight). */
  templates?: {
    weight: number;
    terms: string[];
    lexical: LexicalOptions;
    /** The tagger's entity labels and feature strings (its weights are arrays of the model). */
    labels: string[];
    features: string[];
  };
}

function epochsFor(params: ClassifierParams, phrases: number): number {
  return Math.max(params.minEpochs, Math.min(params.maxEpochs, Math.ceil(params.stepBudget / Math.max(1, phrases))));
}

export async function trainClassifier(
  data: TrainingData,
  options: TrainOptions,
  overrides: Partial<ClassifierParams> = {},
): Promise<IntentClassifier> {
  const params = { ...DEFAULT_PARAMS[options.modelType], ...overrides };
  const semantic = options.modelType === 'Semantic';
  const intents = data.intents.map((intent) => intent.name);
  const texts: string[] = [];
  const labelList: number[] = [];
  const spanList: (readonly TaggedSpan[])[] = [];
  data.intents.forEach((intent, index) => {
    intent.phrases.forEach((phrase, p) => {
      texts.push(phrase);
      labelList.push(index);
      spanList.push(validSpans(phrase, intent.entities?.[p]));
    });
  });
  // The sentence encoder works on its own threads meanwhile (a training set goes to the pool).
  const embedding = semantic && texts.length > 0 ? embedTexts(texts) : null;
  embedding?.catch(() => undefined);
  const space = LexicalSpace.fit(texts, params.lexical);
  // Tagger training comes first in the progress (up to 0.3), as embedding does for Semantic.
  const templates = trainTemplates(texts, space.size, spanList, params, options.seed ?? 1, (fraction) =>
    options.onProgress?.(0.3 * fraction),
  );
  const vectors = texts.map((text, i) => {
    const vector = space.vectorize(text);
    return templates ? templates.model.join(vector, templates.phraseTemplates[i]!) : vector;
  });
  const lexicalSize = space.size + (templates?.model.space.size ?? 0);
  const labels = Int32Array.from(labelList);
  // The cascade's lexical-only model, trained as the SVM is while the encoder threads embed.
  let lexicalModel: QuantizedModel | null = null;
  if (semantic && params.cascadeConfidence <= 1) {
    const svm = DEFAULT_PARAMS.SVM;
    const trained = trainSoftmax(vectors, labels, lexicalSize, intents.length, {
      epochs: epochsFor(svm, texts.length),
      learningRate: svm.learningRate,
      l2: svm.l2,
      gradientEpsilon: svm.gradientEpsilon,
      seed: options.seed ?? 1,
    });
    lexicalModel = { classes: intents.length, bias: trained.bias, ...quantizeWeights(trained) };
  }
  const embeddingDimensions = semantic ? EMBEDDING_DIMENSIONS : 0;
  let examples = vectors;
  const centroids = new Float32Array(semantic ? intents.length * EMBEDDING_DIMENSIONS : 0);
  if (embedding) {
    const embeddings = await embedding;
    options.onProgress?.(0.3);
    embeddings.forEach((embedding, i) => {
      const base = labelList[i]! * EMBEDDING_DIMENSIONS;
      for (let d = 0; d < EMBEDDING_DIMENSIONS; d += 1) centroids[base + d]! += embedding[d]!;
    });
    for (let c = 0; c < intents.length; c += 1) {
      normalizeInPlace(centroids.subarray(c * EMBEDDING_DIMENSIONS, (c + 1) * EMBEDDING_DIMENSIONS));
    }
    examples = vectors.map((vector, i) => withEmbedding(vector, embeddings[i]!, lexicalSize, params.embeddingWeight));
  }
  const features = lexicalSize + embeddingDimensions;
  const progressStart = semantic || templates ? 0.3 : 0;
  const model = trainSoftmax(examples, labels, features, intents.length, {
    epochs: epochsFor(params, texts.length),
    learningRate: params.learningRate,
    l2: params.l2,
    gradientEpsilon: params.gradientEpsilon,
    seed: options.seed ?? 1,
    onProgress: (fraction) => options.onProgress?.(progressStart + (1 - progressStart) * fraction),
  });
  const { quantized, scales } = quantizeWeights(model);
  const header: ModelHeader = {
    modelType: options.modelType,
    language: data.language,
    intents,
    phrases: data.intents.map((intent) => [...new Set(intent.phrases)]),
    terms: [...space.terms],
    lexical: space.options,
    temperature: params.temperature,
    gateLow: params.gateLow,
    gateHigh: params.gateHigh,
    semanticGateLow: params.semanticGateLow,
    semanticGateHigh: params.semanticGateHigh,
    embeddingWeight: params.embeddingWeight,
    embeddingDimensions,
    ...(lexicalModel ? { cascadeConfidence: params.cascadeConfidence } : {}),
    ...(templates ? { templates: templates.model.header() } : {}),
  };
  return new LinearIntentClassifier(
    header,
    space,
    { classes: intents.length, quantized, scales, bias: model.bias },
    lexicalModel,
    centroids,
    templates?.model ?? null,
  );
}

/** The spans of a phrase that fit inside it, in order, without overlaps. */
function validSpans(phrase: string, spans: readonly TaggedSpan[] | undefined): readonly TaggedSpan[] {
  if (!spans?.length) return [];
  const sorted = spans
    .filter((span) => span.label && span.start >= 0 && span.end > span.start && span.end <= phrase.length)
    .sort((a, b) => a.start - b.start);
  return sorted.filter((span, i) => i === 0 || span.start >= sorted[i - 1]!.end);
}

/**
 * A model's template block: the entity tagger and the word space of templates, whose features come
 * after the lexical space's `offset` features. `join` appends a text's template vector to its
 * lexical vector.
 */
class TemplateModel {
  constructor(
    readonly tagger: EntityTagger,
    readonly space: LexicalSpace,
    readonly weight: number,
    private readonly offset: number,
  ) {}

  join(lexical: SparseVector, template: SparseVector): SparseVector {
    const offset = this.offset;
    const norm = Math.sqrt(1 + this.weight * this.weight);
    const idx = new Int32Array(lexical.idx.length + template.idx.length);
    const val = new Float32Array(idx.length);
    idx.set(lexical.idx);
    for (let k = 0; k < lexical.val.length; k += 1) val[k] = lexical.val[k]! / norm;
    for (let k = 0; k < template.idx.length; k += 1) {
      idx[lexical.idx.length + k] = offset + template.idx[k]!;
      val[lexical.idx.length + k] = (template.val[k]! * this.weight) / norm;
    }
    return { idx, val };
  }

  /** The template vector of a message (the tagger finds its entities). */
  vectorize(text: string): SparseVector {
    return this.space.vectorize(this.tagger.template(text));
  }

  header(): NonNullable<ModelHeader['templates']> {
    return {
      weight: this.weight,
      terms: [...this.space.terms],
      lexical: this.space.options,
      labels: [...this.tagger.labels],
      features: this.tagger.parts.features,
    };
  }
}

/**
 * Trains the entity tagger on the phrases with tagged entities, when there are enough of them, and
 * the templates the classifier learns from: each tagged phrase's template comes from a tagger
 * trained on the other folds, each other phrase's from the full tagger.
 */
function trainTemplates(
  texts: readonly string[],
  lexicalSize: number,
  spans: readonly (readonly TaggedSpan[])[],
  params: ClassifierParams,
  seed: number,
  onProgress: (fraction: number) => void,
): { model: TemplateModel; phraseTemplates: SparseVector[] } | null {
  const tagged = texts.flatMap((text, i) => (spans[i]!.length > 0 ? [i] : []));
  if (params.templateWeight <= 0 || tagged.length < MIN_TAGGED_PHRASES) return null;
  const example = (i: number) => ({ text: texts[i]!, spans: spans[i]! });
  const options = { epochs: params.taggerEpochs, seed };
  const tagger = EntityTagger.train(tagged.map(example), options);
  // Untagged phrases get the full tagger's template; tagged ones their fold tagger's, below.
  const words: string[][] = texts.map((text, i) => (spans[i]!.length > 0 ? [] : tagger.template(text)));
  const folds = Math.max(2, Math.min(params.templateFolds, tagged.length));
  onProgress(1 / (folds + 1));
  for (let fold = 0; fold < folds; fold += 1) {
    const held = tagged.filter((_, k) => k % folds === fold);
    const foldTagger = EntityTagger.train(tagged.filter((_, k) => k % folds !== fold).map(example), options);
    for (const i of held) words[i] = foldTagger.template(texts[i]!);
    onProgress((fold + 2) / (folds + 1));
  }
  const space = LexicalSpace.fit(words, WORDS_ONLY_OPTIONS);
  return {
    model: new TemplateModel(tagger, space, params.templateWeight, lexicalSize),
    phraseTemplates: words.map((list) => space.vectorize(list)),
  };
}

export async function loadClassifier(bytes: Uint8Array): Promise<IntentClassifier> {
  const { header, arrays } = decodeModel<ModelHeader>(bytes);
  const idf = arrays.idf as Float32Array;
  const scales = arrays.scales as Float32Array;
  const quantized = arrays.weights as Int16Array;
  const bias = arrays.bias as Float32Array;
  const space = new LexicalSpace(header.terms, idf, header.lexical);
  const classes = header.intents.length;
  const lexicalModel: QuantizedModel | null =
    arrays.lexicalWeights && header.cascadeConfidence !== undefined
      ? {
          classes,
          quantized: arrays.lexicalWeights as Int16Array,
          scales: arrays.lexicalScales as Float32Array,
          bias: arrays.lexicalBias as Float32Array,
        }
      : null;
  const templates = header.templates
    ? new TemplateModel(
        new EntityTagger({
          labels: header.templates.labels,
          features: header.templates.features,
          offsets: arrays.taggerOffsets as Int32Array,
          tags: arrays.taggerTags as Int32Array,
          weights: arrays.taggerWeights as Float32Array,
          transitions: arrays.taggerTransitions as Float32Array,
        }),
        new LexicalSpace(header.templates.terms, arrays.templateIdf as Float32Array, header.templates.lexical),
        header.templates.weight,
        space.size,
      )
    : null;
  return new LinearIntentClassifier(
    header,
    space,
    { classes, quantized, scales, bias },
    lexicalModel,
    arrays.centroids as Float32Array,
    templates,
  );
}

function normalizeInPlace(vector: Float32Array): void {
  let sumSquares = 0;
  for (let d = 0; d < vector.length; d += 1) sumSquares += vector[d]! * vector[d]!;
  const norm = Math.sqrt(sumSquares);
  if (norm > 0) for (let d = 0; d < vector.length; d += 1) vector[d]! /= norm;
}

function withEmbedding(lexical: SparseVector, embedding: Float32Array, offset: number, weight: number): SparseVector {
  const idx = new Int32Array(lexical.idx.length + embedding.length);
  const val = new Float32Array(idx.length);
  idx.set(lexical.idx);
  val.set(lexical.val);
  for (let d = 0; d < embedding.length; d += 1) {
    idx[lexical.idx.length + d] = offset + d;
    val[lexical.idx.length + d] = embedding[d]! * weight;
  }
  return { idx, val };
}

/** What `rankMany` works out from the lexical features alone, before any embedding. */
interface LexicalPass {
  /** The lexical vector (what the nearest phrases and the gate compare). */
  vector: SparseVector;
  /** What the linear models read before any embedding: the lexical vector, with the template block. */
  features: SparseVector;
  /** For each intent, the index of its nearest training phrase (-1 when it has none). */
  nearest: Int32Array;
  /** The gate from the best lexical cosine to any training phrase. */
  gate: number;
  /** The cascade's answer (softmax of the lexical-only model), or null when the encoder must decide. */
  lexicalScores: Float64Array | null;
}

class LinearIntentClassifier implements IntentClassifier {
  readonly modelType: LexicalModelType;
  readonly language: Language;
  readonly intents: readonly string[];
  readonly stats = { ranked: 0, embedded: 0 };
  private readonly phraseIndex: PhraseIndex;
  /** For each phrase of the index: its intent and text. */
  private readonly phraseIntent: Int32Array;
  private readonly phraseText: string[];
  /** Features before the embedding: the lexical space, then the template space. */
  private readonly lexicalSize: number;

  constructor(
    private readonly header: ModelHeader,
    private readonly space: LexicalSpace,
    private readonly main: QuantizedModel,
    /** Semantic: the cascade's lexical-only model (null: every message is embedded). */
    private readonly lexical: QuantizedModel | null,
    /** Semantic: unit-length mean embedding of each intent's phrases (intent-major); else empty. */
    private readonly centroids: Float32Array,
    /** The template block, when the model learned one. */
    private readonly templates: TemplateModel | null,
  ) {
    this.modelType = header.modelType;
    this.language = header.language;
    this.intents = header.intents;
    const vectors: SparseVector[] = [];
    const phraseIntent: number[] = [];
    this.phraseText = [];
    header.phrases.forEach((phrases, intent) => {
      for (const phrase of phrases) {
        vectors.push(space.vectorize(phrase));
        phraseIntent.push(intent);
        this.phraseText.push(phrase);
      }
    });
    this.phraseIndex = new PhraseIndex(vectors);
    this.lexicalSize = space.size + (templates?.space.size ?? 0);
    this.phraseIntent = Int32Array.from(phraseIntent);
  }

  async rank(text: string, top?: number): Promise<IntentScore[]> {
    const [ranking] = await this.rankMany([text], top);
    return ranking ?? [];
  }

  async rankMany(texts: string[], top?: number): Promise<IntentScore[][]> {
    const semantic = this.header.embeddingDimensions > 0;
    const similarities = new Float32Array(this.phraseIndex.count);
    const passes = texts.map((text) => this.lexicalPass(text, semantic, similarities));
    const wanted = passes.flatMap((pass, i) => (pass && !pass.lexicalScores && semantic ? [texts[i]!] : []));
    const embedded = wanted.length > 0 ? await embedTexts(wanted) : [];
    this.stats.ranked += passes.filter(Boolean).length;
    this.stats.embedded += wanted.length;
    let next = 0;
    return passes.map((pass) => {
      if (!pass) return [];
      let scores = pass.lexicalScores;
      let gate = pass.gate;
      if (!scores) {
        const embedding = semantic ? (embedded[next++] ?? null) : null;
        const x = embedding
          ? withEmbedding(pass.features, embedding, this.lexicalSize, this.header.embeddingWeight)
          : pass.features;
        scores = softmaxInPlace(quantizedScores(this.main, x), this.header.temperature);
        const { semanticGateLow, semanticGateHigh } = this.header;
        if (embedding && semanticGateHigh > 0 && gate < 1) {
          gate = Math.max(gate, ramp(this.bestCentroidCosine(embedding), semanticGateLow, semanticGateHigh));
        }
      }
      const ranking: IntentScore[] = this.intents.map((intent, c) => ({
        intent,
        confidence: scores[c]! * gate,
        utterance: pass.nearest[c]! >= 0 ? (this.phraseText[pass.nearest[c]!] ?? null) : null,
      }));
      ranking.sort((a, b) => b.confidence - a.confidence);
      return top === undefined ? ranking : ranking.slice(0, Math.max(0, top));
    });
  }

  /**
   * The lexical vector, nearest phrases and gate of one text, and the cascade's answer when the
   * lexical-only model is sure enough; null when the text cannot be scored at all.
   */
  private lexicalPass(text: string, semantic: boolean, similarities: Float32Array<ArrayBuffer>): LexicalPass | null {
    const vector = this.space.vectorize(text);
    if (this.intents.length === 0 || (vector.idx.length === 0 && !(semantic && text.trim() !== ''))) return null;
    this.phraseIndex.similarities(vector, similarities);
    const nearest = new Int32Array(this.intents.length).fill(-1);
    let best = 0;
    for (let p = 0; p < similarities.length; p += 1) {
      const intent = this.phraseIntent[p]!;
      const current = nearest[intent]!;
      const similarity = similarities[p]!;
      if (current < 0 || similarity > similarities[current]!) nearest[intent] = p;
      if (similarity > best) best = similarity;
    }
    const gate = ramp(best, this.header.gateLow, this.header.gateHigh);
    const features = this.templates ? this.templates.join(vector, this.templates.vectorize(text)) : vector;
    let lexicalScores: Float64Array | null = null;
    const cascade = this.header.cascadeConfidence;
    if (!semantic) {
      lexicalScores = softmaxInPlace(quantizedScores(this.main, features), this.header.temperature);
    } else if (this.lexical && cascade !== undefined && vector.idx.length > 0) {
      const scores = softmaxInPlace(quantizedScores(this.lexical, features), this.header.temperature);
      if (Math.max(...scores) * gate >= cascade) lexicalScores = scores;
    }
    return { vector, features, nearest, gate, lexicalScores };
  }

  private bestCentroidCosine(embedding: Float32Array): number {
    let best = -1;
    for (let c = 0; c < this.intents.length; c += 1) {
      const base = c * EMBEDDING_DIMENSIONS;
      let dot = 0;
      for (let d = 0; d < EMBEDDING_DIMENSIONS; d += 1) dot += embedding[d]! * this.centroids[base + d]!;
      if (dot > best) best = dot;
    }
    return best;
  }

  serialize(): Uint8Array {
    return encodeModel(this.header, {
      idf: this.space.idf,
      bias: this.main.bias,
      scales: this.main.scales,
      weights: this.main.quantized,
      centroids: this.centroids,
      ...(this.lexical
        ? {
            lexicalBias: this.lexical.bias,
            lexicalScales: this.lexical.scales,
            lexicalWeights: this.lexical.quantized,
          }
        : {}),
      ...(this.templates
        ? {
            templateIdf: this.templates.space.idf,
            taggerOffsets: this.templates.tagger.parts.offsets,
            taggerTags: this.templates.tagger.parts.tags,
            taggerWeights: this.templates.tagger.parts.weights,
            taggerTransitions: this.templates.tagger.parts.transitions,
          }
        : {}),
    });
  }
}

/** 0 at or below `low`, 1 at or above `high`, linear between; always 1 when `high` is 0. */
function ramp(value: number, low: number, high: number): number {
  if (high <= 0) return 1;
  return Math.min(1, Math.max(0, (value - low) / (high - low)));
}
