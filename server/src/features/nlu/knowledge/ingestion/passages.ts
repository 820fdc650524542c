/**
 * Cutting a PDF page's text or a web page's sections into passages, the unit retrieval returns
 * (issue 20, decision 024): about 60–180 words each (aiming at ~120), cut between sentences, a
 * sentence split only when it alone is longer than a passage may be. A passage never spans two
 * PDF pages or two web sections, so it keeps its source: file and page, or URL and heading.
 */
import { splitSentences } from '../extractive-answer';

export interface PassageDraft {
  /** What passageVectorTexts embeds beside the text: the section's heading, or "file.pdf, page 3". */
  title: string;
  text: string;
  page: number | null;
  heading: string | null;
}

export interface PassageLimits {
  minWords: number;
  targetWords: number;
  maxWords: number;
}

export const PASSAGE_LIMITS: PassageLimits = { minWords: 60, targetWords: 120, maxWords: 180 };

const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean);

/** Sentences of a text whose lines were wrapped (a PDF page): lines joined, blank lines end paragraphs. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .flatMap((paragraph) => splitSentences(paragraph));
}

/** A sentence longer than a passage may be, cut into even runs of words. */
function splitLong(words: string[], maxWords: number): string[][] {
  const parts = Math.ceil(words.length / maxWords);
  const size = Math.ceil(words.length / parts);
  const runs: string[][] = [];
  for (let start = 0; start < words.length; start += size) runs.push(words.slice(start, start + size));
  return runs;
}

/** The index that splits `units` (word counts) into two runs of the most even size. */
function evenSplit(units: number[]): number {
  const total = units.reduce((sum, count) => sum + count, 0);
  let best = 1;
  let bestGap = Infinity;
  let before = 0;
  for (let at = 1; at < units.length; at += 1) {
    before += units[at - 1]!;
    const gap = Math.abs(total - 2 * before);
    if (gap < bestGap) {
      bestGap = gap;
      best = at;
    }
  }
  return best;
}

/**
 * Sentences packed into passage texts in order. A text of at most `maxWords` words is one passage;
 * a longer one is cut into about total / targetWords passages of even size, each closed at the first
 * sentence end past its share and before `maxWords`; a short last one is evened out with the one
 * before it.
 */
export function packSentences(sentences: readonly string[], limits: PassageLimits = PASSAGE_LIMITS): string[] {
  const units: string[][] = [];
  for (const sentence of sentences) {
    const words = wordsOf(sentence);
    if (words.length === 0) continue;
    if (words.length > limits.maxWords) units.push(...splitLong(words, limits.maxWords));
    else units.push(words);
  }
  const total = units.reduce((sum, words) => sum + words.length, 0);
  if (total === 0) return [];
  if (total <= limits.maxWords) return [units.map((words) => words.join(' ')).join(' ')];

  const share = total / Math.ceil(total / limits.targetWords);
  const passages: string[][][] = [];
  let current: string[][] = [];
  let count = 0;
  for (const words of units) {
    if (count > 0 && count + words.length > limits.maxWords) {
      passages.push(current);
      current = [];
      count = 0;
    }
    current.push(words);
    count += words.length;
    if (count >= share) {
      passages.push(current);
      current = [];
      count = 0;
    }
  }
  if (current.length > 0) passages.push(current);

  const last = passages.at(-1)!;
  const lastCount = last.reduce((sum, words) => sum + words.length, 0);
  if (passages.length > 1 && lastCount < limits.minWords) {
    const previous = passages.at(-2)!;
    const joined = [...previous, ...last];
    const joinedCount = joined.reduce((sum, words) => sum + words.length, 0);
    passages.splice(-2, 2);
    if (joinedCount <= limits.maxWords) passages.push(joined);
    else {
      const at = evenSplit(joined.map((words) => words.length));
      passages.push(joined.slice(0, at), joined.slice(at));
    }
  }
  return passages.map((passage) => passage.map((words) => words.join(' ')).join(' '));
}

/** A line that reads as a heading: short, and not ending like a sentence or a clause. */
const headingLike = (line: string) => {
  const words = line.split(/\s+/).filter(Boolean);
  return words.length > 0 && words.length <= 10 && line.length <= 80 && !/[.,;:!?]$/.test(line);
};

/**
 * The heading a PDF page opens with: the last heading-like line among its first lines, before its
 * text starts (a document's title line may come first); null when the page opens with text.
 */
export function pageHeading(text: string): string | null {
  const lines = text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  let heading: string | null = null;
  for (const line of lines.slice(0, 3)) {
    if (!headingLike(line)) break;
    heading = line;
  }
  return heading !== null && lines.length > 1 ? heading : null;
}

/**
 * The passages of one PDF page, titled by the heading the page opens with. Untitled otherwise: a
 * title of "file.pdf, page 3" would be the same on every page and weigh 0.7 of every passage's
 * similarity (decision 021), ranking the pages of a file by nothing.
 */
export function pagePassages(
  _fileName: string,
  page: number,
  text: string,
  limits: PassageLimits = PASSAGE_LIMITS,
): PassageDraft[] {
  const heading = pageHeading(text);
  return packSentences(sentencesOf(text), limits).map((passage) => ({
    title: heading ?? '',
    text: passage,
    page,
    heading,
  }));
}

/** The passages of a web page: each section's own, titled by its heading (or the page's title, or URL). */
export function webPagePassages(
  page: { url: string; title: string; sections: readonly { heading: string | null; text: string }[] },
  limits: PassageLimits = PASSAGE_LIMITS,
): PassageDraft[] {
  return page.sections.flatMap((section) => {
    const heading = section.heading?.replace(/\s+/g, ' ').trim() || null;
    const title = heading ?? (page.title.replace(/\s+/g, ' ').trim() || page.url);
    return packSentences(sentencesOf(section.text), limits).map((text) => ({ title, text, page: null, heading }));
  });
}
