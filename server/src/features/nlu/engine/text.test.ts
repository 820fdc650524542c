import { describe, expect, it } from 'vitest';
import { normalizeText, tokenize, words } from './text';

describe('text', () => {
  it('folds case and Latin accents', () => {
    expect(normalizeText('Café  NAÏVE Ünïcode')).toBe('cafe  naive unicode');
    expect(words("Don't book the café!")).toEqual(["don't", 'book', 'the', 'cafe']);
  });

  it('keeps Devanagari vowel signs and virama, and reads Devanagari digits', () => {
    expect(words('मुझे दिल्ली का टिकट चाहिए')).toEqual(['मुझे', 'दिल्ली', 'का', 'टिकट', 'चाहिए']);
    expect(words('मेरा पिन ११०००१ है')).toEqual(['मेरा', 'पिन', '110001', 'है']);
  });

  it('keeps the offsets of the original text', () => {
    const text = 'Fly to Zürich, then दिल्ली';
    for (const token of tokenize(text)) expect(text.slice(token.start, token.end)).toBe(token.text);
    expect(tokenize(text).map((token) => token.norm)).toEqual(['fly', 'to', 'zurich', 'then', 'दिल्ली']);
  });

  it('reads romanised Hindi as plain words', () => {
    expect(words('Mujhe kal ka ticket chahiye')).toEqual(['mujhe', 'kal', 'ka', 'ticket', 'chahiye']);
  });
});
