import type { Emotion } from '@parley/contracts/nlu';

/**
 * The NLU engine's interfaces. Everything under `engine/` is plain TypeScript with no database and
 * no HTTP, so the server, the training job, the tests and `npm run bench:nlu` run the same code.
 */
export type Language = 'en' | 'hi';
export type LexicalModelType = 'SVM' | 'Semantic';

/** An entity span in a text: [start, end) in UTF-16 units; `label` is the entity id. */
export interface TaggedSpan {
  label: string;
  start: number;
  end: number;
}

export interface TrainingIntent {
  name: string;
  /** Training phrases as written (entity values stay in the text). */
  phrases: string[];
  /** The entities the operator tagged in each phrase, in the order of `phrases` (absent: none). */
  entities?: (readonly TaggedSpan[])[];
}

export interface TrainingData {
  language: Language;
  intents: TrainingIntent[];
}

export interface IntentScore {
  intent: string;
  /** Probability-like score in [0, 1]; the scores of one ranking sum to at most 1. */
  confidence: number;
  /** The nearest training phrase of that intent, or null when the model keeps none. */
  utterance: string | null;
}

export interface TrainOptions {
  modelType: LexicalModelType;
  /** Deterministic training for the same data and seed. */
  seed?: number;
  /** 0..1, called now and then during training. */
  onProgress?: (fraction: number) => void;
}

/** A trained intent classifier (SVM or Semantic), ready to rank messages. */
export interface IntentClassifier {
  readonly modelType: LexicalModelType;
  readonly language: Language;
  readonly intents: readonly string[];
  /** Intents ranked best first (at most `top`, default all). */
  rank(text: string, top?: number): Promise<IntentScore[]>;
  /** The same for many texts at once (embeddings are computed in batches). */
  rankMany(texts: string[], top?: number): Promise<IntentScore[][]>;
  /** A self-contained binary form; `loadClassifier` reads it back without retraining. */
  serialize(): Uint8Array;
  /** Messages ranked so far and how many of them went through the sentence encoder. */
  readonly stats: { ranked: number; embedded: number };
}

/** A custom entity as the designer stores it (contracts/agent-entities.ts). */
export interface CustomEntityDef {
  id: string;
  name: string;
  values: { value: string; type: 'synonyms' | 'pattern'; synonyms: string[]; pattern: string[] }[];
}

export interface EntityMatch {
  /** A custom entity id or a system entity id (`sys.number`, ...). */
  entityId: string;
  /** The canonical value: the entity value for synonyms, the normalised value for system entities. */
  value: string;
  /** The text as written, and where: [start, end) in UTF-16 units of the original message. */
  text: string;
  start: number;
  end: number;
}

/** What a message is read against: dates relative to `now`'s day in `timeZone`, numbers in `region`'s order. */
export interface ExtractContext {
  /** The conversation's current instant (default: the clock). */
  now?: Date;
  /** IANA timezone of the enterprise or the customer (default: the extractor's, else UTC). */
  timeZone?: string;
  /** ISO 3166 region: day/month order of dates, phone numbers without a country code (default IN). */
  region?: string;
}

export interface EntityExtractor {
  /** Matches in the message, longest first where they overlap; `only` limits to those entity ids. */
  extract(text: string, only?: ReadonlySet<string>, context?: ExtractContext): EntityMatch[];
}

export interface IntentDialog {
  name: string;
  /** Markdown responses; `$parameter` references are filled. */
  responses: string[];
  parameters: { name: string; entityId: string; required: boolean; value: string; prompts: string[] }[];
}

/** Slot-filling state kept per conversation (session id) between messages. JSON-serialisable. */
export interface ConversationState {
  /** The intent waiting for required parameters, if any. */
  pending: {
    intent: string;
    /** The parameter asked for last. */
    parameter: string;
    /** Failed attempts at that parameter so far. */
    attempts: number;
    /** Next prompt to use (rotates through the parameter's prompts). */
    promptIndex: number;
    filled: Record<string, { value: string; text: string; entityId: string }>;
    /** How sure the classifier was when the intent was recognised (reported while filling). */
    confidence?: number;
    utterance?: string | null;
  } | null;
  /** Messages in this conversation so far. */
  turns: number;
}

export interface DialogTurnInput {
  state: ConversationState;
  text: string;
  /** The classifier's ranking for this message. */
  ranking: IntentScore[];
  threshold: number;
  dialogs: ReadonlyMap<string, IntentDialog>;
  extractor: EntityExtractor;
  /** The conversation's instant, timezone and region, for dates and times in the message. */
  context?: ExtractContext;
  /** entityExtractRetries: attempts at a required parameter before giving up. */
  retries: number;
  outOfScopeMessage: string;
}

export interface DialogTurn {
  reply: string;
  state: ConversationState;
  /** False below the threshold (weak understanding) and when slot filling gave up. */
  intentIdentified: boolean;
  intent: string | null;
  confidence: number;
  utterance: string | null;
  awaitingParameter: string | null;
  parameters: { parameter: string; entityId: string; value: string; text: string }[];
}

export type EmotionClassifier = (text: string) => Emotion;
