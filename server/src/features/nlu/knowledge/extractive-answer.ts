/**
 * The answer of a knowledge agent with no LLM (issue 20): the best retrieved passage trimmed to
 * the sentences that answer the question, with its source, or null (the agent's out-of-scope
 * message) when retrieval is not confident. Pure: the caller gives the vectors.
 */
import { normalizeText } from '../engine/text';

/** Words too common to say that a sentence is about the question. */
const STOP_WORDS = new Set(
  (
    'a an the and or but if of to in on at by for with from about as into over after before is are was were be been ' +
    'being am do does did done have has had i me my we our you your he she it its they them their this that these those ' +
    'what which who whom whose when where why how can could should would will shall may might must not no yes so than ' +
    'then there here there also just any all some more most very too up down out off again once only own same such both ' +
    'each few other nor s t don get got'
  ).split(' '),
);

export interface AnswerSettings {
  /**
   * Below this similarity of the question and the best passage there is no answer (chosen on
   * covidfaq's dev queries against CLINC150's out-of-scope val questions, decision 021).
   */
  minSimilarity: number;
  /**
   * A lower similarity is enough when the passage also holds one of the question's content words:
   * people ask short questions in their own words ('How long do I have to return an item?' meets a
   * 'Returns' passage at 0.54), and a question from elsewhere rarely shares a word and a meaning.
   */
  minSimilarityWithWord: number;
  /**
   * Lower still when the passage holds every content word of the question, and at least two ('When
   * is the pool open?' against 'The indoor pool and the sauna are open from 8 am to 9 pm': 0.49).
   */
  minSimilarityWithAllWords: number;
  /** Sentences kept at most. */
  maxSentences: number;
  /** A sentence is kept when its score reaches this share of the best sentence's. */
  keepShare: number;
  /** Weight of word overlap against embedding similarity in a sentence's score. */
  overlapWeight: number;
}

export const DEFAULT_ANSWER: AnswerSettings = {
  minSimilarity: 0.55,
  minSimilarityWithWord: 0.5,
  minSimilarityWithAllWords: 0.4,
  maxSentences: 3,
  keepShare: 0.8,
  overlapWeight: 0.5,
};

export interface AnswerPassage {
  title: string;
  text: string;
  sourceId: string;
  sourceKind: string;
  sourceLabel: string;
  page: number | null;
  heading: string | null;
  /** The best cosine of the question and the passage's vectors (retrieval's `bestCosine`). */
  similarity: number;
}

export interface KnowledgeAnswer {
  text: string;
  source: { id: string; kind: string; label: string; page: number | null; heading: string | null; title: string };
  /** The passage's similarity: how sure retrieval was. */
  confidence: number;
}

/** Sentences of a passage, in order: split after . ! ? (and line breaks) before the next word. */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=["'([]?[\p{Lu}\p{N}])|\n+/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}

/** Content words (stop words left out), normalised. */
export function contentWords(text: string): Set<string> {
  const found = normalizeText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
  return new Set(found.filter((word) => !STOP_WORDS.has(word)).map(stem));
}

/** A light suffix stripping, so "vaccines" meets "vaccine" and "testing" meets "tested". */
function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2);
  if (word.length > 4 && word.endsWith('es')) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let d = 0; d < a.length; d += 1) sum += a[d]! * b[d]!;
  return sum;
}

/** Whether retrieval is sure enough of this passage to answer `question` with it. */
export function confidentEnough(
  passage: AnswerPassage,
  settings: AnswerSettings = DEFAULT_ANSWER,
  question = '',
): boolean {
  if (passage.similarity >= settings.minSimilarity) return true;
  if (passage.similarity < Math.min(settings.minSimilarityWithWord, settings.minSimilarityWithAllWords)) return false;
  const held = contentWords(`${passage.title} ${passage.text}`);
  const asked = [...contentWords(question)];
  const shared = asked.filter((word) => held.has(word)).length;
  if (passage.similarity >= settings.minSimilarityWithWord && shared > 0) return true;
  return passage.similarity >= settings.minSimilarityWithAllWords && shared >= 2 && shared === asked.length;
}

/**
 * The sentences of `passage` that answer `question`, in the passage's order, with the source; null
 * when the passage is not a confident answer. `sentenceVectors` are the unit-length vectors of
 * `splitSentences(passage.text)`, in order.
 */
export function extractAnswer(
  {
    question,
    questionVector,
    passage,
    sentenceVectors,
  }: {
    question: string;
    questionVector: Float32Array;
    passage: AnswerPassage | null | undefined;
    sentenceVectors: readonly Float32Array[];
  },
  settings: AnswerSettings = DEFAULT_ANSWER,
): KnowledgeAnswer | null {
  if (!passage || !confidentEnough(passage, settings, question)) return null;
  const sentences = splitSentences(passage.text);
  if (sentences.length === 0) return null;
  let kept = sentences.map((_, i) => i);
  if (sentences.length > settings.maxSentences) {
    const asked = contentWords(`${question} ${passage.title}`);
    const scores = sentences.map((sentence, i) => {
      const words = contentWords(sentence);
      let shared = 0;
      for (const word of asked) if (words.has(word)) shared += 1;
      const overlap = asked.size > 0 ? shared / asked.size : 0;
      const similarity = sentenceVectors[i] ? dot(sentenceVectors[i], questionVector) : 0;
      return settings.overlapWeight * overlap + (1 - settings.overlapWeight) * similarity;
    });
    const best = Math.max(...scores);
    kept = scores
      .map((score, i) => ({ score, i }))
      .filter(({ score }) => score >= best * settings.keepShare)
      .sort((a, b) => b.score - a.score || a.i - b.i)
      .slice(0, settings.maxSentences)
      .map(({ i }) => i)
      .sort((a, b) => a - b);
  }
  return {
    text: kept.map((i) => sentences[i]!).join(' '),
    source: {
      id: passage.sourceId,
      kind: passage.sourceKind,
      label: passage.sourceLabel,
      page: passage.page,
      heading: passage.heading,
      title: passage.title,
    },
    confidence: passage.similarity,
  };
}
