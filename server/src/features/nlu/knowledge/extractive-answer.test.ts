import { describe, expect, it } from 'vitest';
import { EMBEDDING_DIMENSIONS } from '../engine/embeddings';
import { DEFAULT_ANSWER, extractAnswer, splitSentences, type AnswerPassage } from './extractive-answer';

/** A unit vector along one axis: two texts are similar exactly when they share the axis. */
function axis(index: number): Float32Array {
  const vector = new Float32Array(EMBEDDING_DIMENSIONS);
  vector[index] = 1;
  return vector;
}

const TEXT =
  'Our stores open at 9 am from Monday to Saturday. They close at 8 pm. On Sundays we are closed. ' +
  'Gift cards are sold at the till. Parking is free for customers.';

const passage = (overrides: Partial<AnswerPassage> = {}): AnswerPassage => ({
  title: 'Opening hours',
  text: TEXT,
  sourceId: 'file-1',
  sourceKind: 'document',
  sourceLabel: 'handbook.pdf',
  page: 4,
  heading: null,
  similarity: 0.7,
  ...overrides,
});

describe('splitSentences', () => {
  it('splits after a full stop, question or exclamation mark before the next sentence, and at line breaks', () => {
    expect(splitSentences('It costs 2.50 euros. Really? Yes!\nNew line e.g. here')).toEqual([
      'It costs 2.50 euros.',
      'Really?',
      'Yes!',
      'New line e.g. here',
    ]);
  });
});

describe('extractAnswer', () => {
  const sentenceVectors = splitSentences(TEXT).map((_, i) => axis(i));

  it('keeps the sentences that answer the question, in the passage order, with the source', () => {
    const answer = extractAnswer({
      question: 'When do the stores close?',
      questionVector: axis(1),
      passage: passage(),
      sentenceVectors,
    });
    expect(answer).not.toBeNull();
    expect(answer!.text).toBe('They close at 8 pm.');
    expect(answer!.source).toEqual({
      id: 'file-1',
      kind: 'document',
      label: 'handbook.pdf',
      page: 4,
      heading: null,
      title: 'Opening hours',
    });
    expect(answer!.confidence).toBe(0.7);
  });

  it('keeps several sentences when they answer alike, in the passage order', () => {
    const answer = extractAnswer({
      question: 'When do they open and close?',
      questionVector: axis(40),
      passage: passage({ title: '' }),
      sentenceVectors,
    });
    expect(answer!.text).toBe('Our stores open at 9 am from Monday to Saturday. They close at 8 pm.');
  });

  it('answers a short passage whole', () => {
    const answer = extractAnswer({
      question: 'parking?',
      questionVector: axis(0),
      passage: passage({ text: 'Parking is free. Ask at the desk.' }),
      sentenceVectors: [],
    });
    expect(answer!.text).toBe('Parking is free. Ask at the desk.');
  });

  it('gives no answer when retrieval is not confident, or found nothing', () => {
    const question = { question: 'Who won the cup?', questionVector: axis(9), sentenceVectors };
    expect(extractAnswer({ ...question, passage: null })).toBeNull();
    expect(
      extractAnswer({ ...question, passage: passage({ similarity: DEFAULT_ANSWER.minSimilarity - 0.01 }) }),
    ).toBeNull();
    expect(
      extractAnswer({ ...question, passage: passage({ similarity: DEFAULT_ANSWER.minSimilarity }) }),
    ).not.toBeNull();
  });

  it('answers at a lower similarity only when the passage holds one of the words asked about', () => {
    const near = passage({
      title: 'Returns',
      text: 'You can return an item within 30 days.',
      similarity: DEFAULT_ANSWER.minSimilarityWithWord + 0.02,
    });
    const ask = (text: string) =>
      extractAnswer({ question: text, questionVector: axis(0), passage: near, sentenceVectors: [] });
    expect(ask('How long do I have to return an item?')?.text).toBe('You can return an item within 30 days.');
    expect(ask('Who won the cup?')).toBeNull();
    // Lower still only when the passage holds every word asked about, and at least two.
    const lower = { ...near, similarity: DEFAULT_ANSWER.minSimilarityWithAllWords + 0.02 };
    const askLower = (text: string) =>
      extractAnswer({ question: text, questionVector: axis(0), passage: lower, sentenceVectors: [] });
    expect(askLower('Can I return an item?')?.text).toBe('You can return an item within 30 days.');
    expect(askLower('Can I return a sofa?')).toBeNull();
    expect(askLower('Returns?')).toBeNull();
    const far = { ...near, similarity: DEFAULT_ANSWER.minSimilarityWithAllWords - 0.01 };
    expect(
      extractAnswer({ question: 'How do returns work?', questionVector: axis(0), passage: far, sentenceVectors: [] }),
    ).toBeNull();
  });
});
