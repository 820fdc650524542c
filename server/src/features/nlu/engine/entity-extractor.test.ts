import { describe, expect, it } from 'vitest';
import { createEntityExtractor, MAX_EXTRACT_LENGTH } from './entity-extractor';
import type { CustomEntityDef } from './types';

const city: CustomEntityDef = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'city',
  values: [
    { value: 'New Delhi', type: 'synonyms', synonyms: ['delhi', 'dilli', 'दिल्ली', 'NCR'], pattern: [] },
    { value: 'New York', type: 'synonyms', synonyms: ['new york city', 'NYC', 'big apple'], pattern: [] },
    { value: 'York', type: 'synonyms', synonyms: ['york'], pattern: [] },
    { value: 'Zürich', type: 'synonyms', synonyms: ['zurich'], pattern: [] },
  ],
};
const order: CustomEntityDef = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'orderId',
  values: [{ value: 'order', type: 'pattern', synonyms: [], pattern: [String.raw`ORD-\d{6}`] }],
};
const extractor = createEntityExtractor([city, order], { language: 'en' });
const rows = (text: string, only?: string[]) =>
  extractor.extract(text, only && new Set(only)).map((match) => [match.entityId, match.value, match.text, match.start]);

describe('entity extractor', () => {
  it('matches synonyms case- and accent-insensitively on word boundaries, the value itself included', () => {
    expect(rows('flights to DELHI', [city.id])).toEqual([[city.id, 'New Delhi', 'DELHI', 11]]);
    expect(rows('fly to ZURICH or zürich', [city.id])).toEqual([
      [city.id, 'Zürich', 'ZURICH', 7],
      [city.id, 'Zürich', 'zürich', 17],
    ]);
    expect(rows('new delhi', [city.id])).toEqual([[city.id, 'New Delhi', 'new delhi', 0]]);
    expect(rows('the delhite café', [city.id])).toEqual([]);
    expect(rows('मुझे दिल्ली जाना है', [city.id])).toEqual([[city.id, 'New Delhi', 'दिल्ली', 5]]);
  });

  it('prefers the longest synonym', () => {
    expect(rows('I live in New York City', [city.id])).toEqual([[city.id, 'New York', 'New York City', 10]]);
    expect(rows('from york', [city.id])).toEqual([[city.id, 'York', 'york', 5]]);
  });

  it('runs patterns case-insensitively on the original text', () => {
    expect(rows('where is ord-123456?', [order.id])).toEqual([[order.id, 'ord-123456', 'ord-123456', 9]]);
  });

  it('resolves overlaps between custom and system entities longest first', () => {
    expect(rows('ORD-123456 to delhi on 21/11/2026')).toEqual([
      [order.id, 'ORD-123456', 'ORD-123456', 0],
      [city.id, 'New Delhi', 'delhi', 14],
      ['sys.date', '2026-11-21', '21/11/2026', 23],
    ]);
  });

  it('limits to the entities asked for', () => {
    expect(rows('ORD-123456 to delhi', ['sys.date'])).toEqual([]);
    expect(rows('ORD-123456 to delhi', ['sys.number'])).toEqual([['sys.number', '123456', '123456', 4]]);
    expect(rows('2 tickets to delhi', ['sys.number'])).toEqual([['sys.number', '2', '2', 0]]);
  });

  it('ignores unsafe or invalid patterns and caps the message length', () => {
    const risky = createEntityExtractor(
      [
        {
          id: '33333333-3333-4333-8333-333333333333',
          name: 'bad',
          values: [
            { value: 'nested', type: 'pattern', synonyms: [], pattern: ['(a+)+$'] },
            { value: 'broken', type: 'pattern', synonyms: [], pattern: ['([a-z'] },
            { value: 'ok', type: 'pattern', synonyms: [], pattern: ['b+'] },
          ],
        },
      ],
      { language: 'en' },
    );
    const started = performance.now();
    const found = risky.extract(`${'a'.repeat(5000)}! ${'b'.repeat(10)}`);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(found.every((match) => match.end <= MAX_EXTRACT_LENGTH)).toBe(true);
    expect(risky.extract('aaaa! bbb').map((match) => match.value)).toEqual(['bbb']);
  });
});
