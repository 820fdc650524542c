import { describe, expect, it } from 'vitest';
import { generateParaphrases } from './paraphrase';
import { words } from './text';

const key = (text: string) => words(text).join(' ');

describe('paraphrases', () => {
  it('frames a request differently and swaps customer-service synonyms', () => {
    const out = generateParaphrases(['I want to cancel my order'], 10, 'en', 3);
    expect(out).toHaveLength(10);
    expect(out.some((line) => /^(Can you|Could you please|Please|How do I|How can I) cancel my order/.test(line))).toBe(
      true,
    );
    expect(out.some((line) => /purchase|call off/.test(line))).toBe(true);
  });

  it('reshapes questions', () => {
    const out = generateParaphrases(['Where is my refund?'], 10, 'en', 1);
    expect(out).toContain('Can you tell me where my refund is');
  });

  it('is unique, never repeats an input line and stops at count', () => {
    const lines = ['Track my delivery', 'track my delivery please', 'Where is my parcel'];
    const out = generateParaphrases(lines, 10, 'en', 5);
    expect(out.length).toBeLessThanOrEqual(10);
    const keys = out.map(key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const line of lines) expect(keys).not.toContain(key(line));
    expect(generateParaphrases(lines, 0, 'en')).toEqual([]);
  });

  it('is deterministic for a seed and varies with it', () => {
    const lines = ['I need to change my address', 'How do I reset my password'];
    expect(generateParaphrases(lines, 8, 'en', 42)).toEqual(generateParaphrases(lines, 8, 'en', 42));
    expect(generateParaphrases(lines, 8, 'en', 42)).not.toEqual(generateParaphrases(lines, 8, 'en', 43));
  });

  it('spreads candidates over the selected lines', () => {
    const out = generateParaphrases(['cancel my order', 'book a ticket to Delhi'], 4, 'en', 2);
    expect(out.filter((line) => /order|purchase/i.test(line)).length).toBe(2);
    expect(out.filter((line) => /ticket|booking/i.test(line)).length).toBe(2);
  });

  it('handles Hindi in Devanagari and romanised', () => {
    const hindi = generateParaphrases(['मुझे टिकट कैंसिल करना है'], 5, 'hi', 1);
    expect(hindi.length).toBeGreaterThanOrEqual(4);
    expect(hindi.every((line) => /[\u0900-\u097f]/.test(line))).toBe(true);
    expect(generateParaphrases(['mujhe refund chahiye'], 5, 'hi', 1).length).toBe(5);
  });
});
