/**
 * Text normalisation and tokenisation shared by the classifier, entity extraction and dialog.
 * English and Hindi: Latin accents are folded ("café" = "cafe"), Devanagari keeps its vowel signs
 * and virama (they are letters there), Devanagari digits read as ASCII digits, case is ignored.
 * Romanised Hindi ("mujhe ticket chahiye") is plain Latin text and needs nothing special.
 */

const DEVANAGARI_ZERO = 0x0966;

/** NFKC, lower case, Latin combining accents removed, Devanagari digits as 0-9. Length may change. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u0966-\u096f]/g, (digit) => String(digit.charCodeAt(0) - DEVANAGARI_ZERO));
}

export interface Token {
  /** As written. */
  text: string;
  /** normalizeText(text). */
  norm: string;
  /** [start, end) in UTF-16 units of the original text. */
  start: number;
  end: number;
}

/** Words: letters with their marks and digits, apostrophes inside words kept ("don't", "it’s"). */
const WORD = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*/gu;

/** Tokens with their positions in the original text (normalised one by one, so offsets stay true). */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    const start = match.index;
    tokens.push({
      text: match[0],
      norm: normalizeText(match[0]).replace(/’/g, "'"),
      start,
      end: start + match[0].length,
    });
  }
  return tokens;
}

/** Normalised words only. */
export function words(text: string): string[] {
  return tokenize(text).map((token) => token.norm);
}

/** True when the text has Devanagari letters. */
export function hasDevanagari(text: string): boolean {
  return /[\u0900-\u097f]/.test(text);
}
