import { describe, expect, it } from 'vitest';
import { proseText } from '../../../../../test/pdf-fixtures';
import { packSentences, pageHeading, pagePassages, PASSAGE_LIMITS, sentencesOf, webPagePassages } from './passages';

const count = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** A sentence of `words` words, numbered so that order and completeness can be checked. */
const sentence = (n: number, words: number) =>
  `Sentence ${n} ${Array.from({ length: words - 3 }, () => 'word').join(' ')} end.`;

describe('sentencesOf', () => {
  it('joins wrapped lines and keeps sentence ends', () => {
    expect(sentencesOf('Returns are free\nwithin thirty days. Refunds take\nfive days.\n\nShipping is free.')).toEqual([
      'Returns are free within thirty days.',
      'Refunds take five days.',
      'Shipping is free.',
    ]);
  });
});

describe('packSentences', () => {
  it('keeps a short text whole', () => {
    expect(packSentences(['One short sentence.', 'Another one.'])).toEqual(['One short sentence. Another one.']);
    expect(packSentences([])).toEqual([]);
  });

  it('cuts a long text between sentences into passages of 60–180 words, nothing lost or repeated', () => {
    for (const lengths of [
      [20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20], // 220 words
      Array.from({ length: 40 }, (_, i) => 5 + ((i * 7) % 25)),
      [100, 100, 100, 100, 100, 100, 30],
    ]) {
      const sentences = lengths.map((words, n) => sentence(n, words));
      const passages = packSentences(sentences);
      expect(passages.length).toBeGreaterThan(1);
      for (const passage of passages) {
        expect(count(passage)).toBeGreaterThanOrEqual(PASSAGE_LIMITS.minWords);
        expect(count(passage)).toBeLessThanOrEqual(PASSAGE_LIMITS.maxWords);
        // Never mid-sentence: every passage starts a sentence and ends one.
        expect(passage).toMatch(/^Sentence \d+ /);
        expect(passage).toMatch(/end\.$/);
      }
      expect(passages.join(' ')).toBe(sentences.join(' '));
    }
  });

  it('leaves a short sentence alone rather than make a passage longer than 180 words', () => {
    const sentences = [sentence(0, 170), sentence(1, 15), sentence(2, 170), sentence(3, 12)];
    const passages = packSentences(sentences);
    expect(passages).toEqual([sentences[0], sentences[1], sentences[2], sentences[3]]);
  });

  it('splits a sentence only when it alone is longer than a passage may be', () => {
    const huge = sentence(1, 400);
    const passages = packSentences([huge, sentence(2, 30)]);
    expect(passages.join(' ')).toBe(`${huge} ${sentence(2, 30)}`);
    for (const passage of passages) expect(count(passage)).toBeLessThanOrEqual(PASSAGE_LIMITS.maxWords);
    expect(passages.length).toBe(3);
  });
});

describe('pagePassages', () => {
  it('keeps the page on every passage; a page that opens with text leaves them untitled', () => {
    const text = proseText(7, 400);
    const passages = pagePassages('Handbook.pdf', 7, text);
    expect(passages.length).toBeGreaterThanOrEqual(3);
    for (const passage of passages) {
      expect(passage).toMatchObject({ title: '', page: 7, heading: null });
      expect(passage.text).toMatch(/^Page 7 says /);
    }
    expect(passages.map((passage) => passage.text).join(' ')).toBe(text);
  });

  it("titles a page's passages with the heading it opens with, after a document title line", () => {
    const text = 'Parley help\nTraining an agent\nPress Train Agent in the header. Training runs in the background.';
    expect(pageHeading(text)).toBe('Training an agent');
    expect(pagePassages('help.pdf', 3, text)).toEqual([
      {
        title: 'Training an agent',
        heading: 'Training an agent',
        page: 3,
        text: 'Parley help Training an agent Press Train Agent in the header. Training runs in the background.',
      },
    ]);
    expect(pageHeading('We deliver in three days.\nShort line')).toBeNull();
    expect(pageHeading('Only a heading')).toBeNull();
  });

  it('gives nothing for a page with no words', () => {
    expect(pagePassages('Scan.pdf', 1, ' \n ')).toEqual([]);
  });
});

describe('webPagePassages', () => {
  it('keeps the URL and heading: each section is titled by its heading, or by the page title', () => {
    const passages = webPagePassages({
      url: 'https://shop.test/help',
      title: 'Help centre',
      sections: [
        { heading: null, text: 'Welcome to the help centre.' },
        { heading: 'Returns', text: 'Items can be returned within thirty days.' },
        { heading: '  Refunds \n', text: proseText(1, 250) },
      ],
    });
    expect(passages[0]).toEqual({
      title: 'Help centre',
      text: 'Welcome to the help centre.',
      page: null,
      heading: null,
    });
    expect(passages[1]).toEqual({
      title: 'Returns',
      text: 'Items can be returned within thirty days.',
      page: null,
      heading: 'Returns',
    });
    const refunds = passages.slice(2);
    expect(refunds.length).toBeGreaterThanOrEqual(2);
    for (const passage of refunds) expect(passage).toMatchObject({ title: 'Refunds', heading: 'Refunds', page: null });
  });
});
