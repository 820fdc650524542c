import { describe, expect, it } from 'vitest';
import { createEntityExtractor } from './entity-extractor';

/** Saturday 21 Nov 2026, 06:00 UTC. */
const now = () => new Date('2026-11-21T06:00:00Z');
const extractor = createEntityExtractor([], { language: 'en', now });
const values = (text: string, id: string) => extractor.extract(text, new Set([id])).map((match) => match.value);
const all = (text: string) => extractor.extract(text).map((match) => [match.entityId, match.value, match.text]);

describe('system entities', () => {
  it('reads numbers in digits, words and Indian grouping', () => {
    expect(values('I need 42 boxes', 'sys.number')).toEqual(['42']);
    expect(values('twenty one people and 3.50 kg', 'sys.number')).toEqual(['21', '3.5']);
    expect(values('a limit of 1,00,000 or 1,200,000 or 12,34,567', 'sys.number')).toEqual([
      '100000',
      '1200000',
      '1234567',
    ]);
    expect(values('one hundred and five', 'sys.number')).toEqual(['105']);
    expect(values('two thousand five hundred', 'sys.number')).toEqual(['2500']);
    expect(values('a loan of 5 lakh', 'sys.number')).toEqual(['500000']);
    expect(values('one two', 'sys.number')).toEqual(['1', '2']);
    expect(values('मुझे ५ टिकट चाहिए', 'sys.number')).toEqual(['5']);
    expect(values('Flight AI302 at gate b7', 'sys.number')).toEqual([]);
  });

  it('reads ordinals', () => {
    expect(values('the first one, the 2nd and the twenty third', 'sys.ordinal')).toEqual(['1', '2', '23']);
    expect(values('wait a second', 'sys.ordinal')).toEqual([]);
    expect(values('तीसरा विकल्प', 'sys.ordinal')).toEqual(['3']);
  });

  it('reads dates day first and relative to today', () => {
    expect(values('on 21 Nov 2026', 'sys.date')).toEqual(['2026-11-21']);
    expect(values('21/11/2026', 'sys.date')).toEqual(['2026-11-21']);
    expect(values('05.01.27', 'sys.date')).toEqual(['2027-01-05']);
    expect(values('2026-12-03', 'sys.date')).toEqual(['2026-12-03']);
    expect(values('November 25th, 2026', 'sys.date')).toEqual(['2026-11-25']);
    expect(values('on 3rd December', 'sys.date')).toEqual(['2026-12-03']);
    expect(values('on 10 Jan', 'sys.date')).toEqual(['2027-01-10']);
    expect(values('tomorrow please', 'sys.date')).toEqual(['2026-11-22']);
    expect(values('day after tomorrow', 'sys.date')).toEqual(['2026-11-23']);
    expect(values('next monday', 'sys.date')).toEqual(['2026-11-23']);
    expect(values('next saturday', 'sys.date')).toEqual(['2026-11-28']);
    expect(values('this Saturday', 'sys.date')).toEqual(['2026-11-21']);
    expect(values('in 3 days', 'sys.date')).toEqual(['2026-11-24']);
    expect(values('कल आ जाना', 'sys.date')).toEqual(['2026-11-22']);
    expect(values('31/02/2026', 'sys.date')).toEqual([]);
    expect(values('I may 2 go', 'sys.date')).toEqual([]);
  });

  it('reads times as HH:mm', () => {
    expect(values('at 10:30', 'sys.time')).toEqual(['10:30']);
    expect(values('at 5 pm', 'sys.time')).toEqual(['17:00']);
    expect(values('at 5:15pm', 'sys.time')).toEqual(['17:15']);
    expect(values('12 am', 'sys.time')).toEqual(['00:00']);
    expect(values('around noon', 'sys.time')).toEqual(['12:00']);
    expect(values('17:45 sharp', 'sys.time')).toEqual(['17:45']);
    expect(values('शाम 6 बजे', 'sys.time')).toEqual(['18:00']);
    expect(values('25:00', 'sys.time')).toEqual([]);
    expect(values('come at 10.30 tomorrow', 'sys.time')).toEqual(['10:30']);
    expect(values('it weighs 10.30 kg', 'sys.time')).toEqual([]);
  });

  it('reads emails, phones and urls', () => {
    expect(values('mail Priya.S@Example.COM now', 'sys.email')).toEqual(['Priya.S@example.com']);
    expect(values('call me on 98765 43210', 'sys.phone')).toEqual(['+919876543210']);
    expect(values('or +1 (415) 555-2671', 'sys.phone')).toEqual(['+14155552671']);
    expect(values('see https://example.com/offers?id=1.', 'sys.url')).toEqual(['https://example.com/offers?id=1']);
    expect(values('visit www.parley.in today', 'sys.url')).toEqual(['www.parley.in']);
    expect(values('go to example.com', 'sys.url')).toEqual(['example.com']);
  });

  it('reads amounts and percentages', () => {
    expect(values('pay ₹500', 'sys.amount')).toEqual(['500 INR']);
    expect(values('Rs. 1,200 only', 'sys.amount')).toEqual(['1200 INR']);
    expect(values('Rs.750', 'sys.amount')).toEqual(['750 INR']);
    expect(values('$20', 'sys.amount')).toEqual(['20 USD']);
    expect(values('15 euros', 'sys.amount')).toEqual(['15 EUR']);
    expect(values('500 rupees', 'sys.amount')).toEqual(['500 INR']);
    expect(values('five hundred rupees', 'sys.amount')).toEqual(['500 INR']);
    expect(values('५०० रुपये', 'sys.amount')).toEqual(['500 INR']);
    expect(values('15% off', 'sys.percentage')).toEqual(['15']);
    expect(values('12.5 percent', 'sys.percentage')).toEqual(['12.5']);
  });

  it('reads names after cues', () => {
    expect(values('Hi, my name is Priya Sharma and I need help', 'sys.person')).toEqual(['Priya Sharma']);
    expect(values("I'm John", 'sys.person')).toEqual(['John']);
    expect(values('call me rahul', 'sys.person')).toEqual(['Rahul']);
    expect(values('I am very upset', 'sys.person')).toEqual([]);
    expect(values('Anita Desai', 'sys.person')).toEqual(['Anita Desai']);
    expect(values('Cancel Order', 'sys.person')).toEqual([]);
    expect(values('मेरा नाम राहुल है', 'sys.person')).toEqual(['राहुल']);
  });

  it('reads a few Hindi and Hinglish forms', () => {
    expect(all('पाँच हज़ार रुपये')).toEqual([['sys.amount', '5000 INR', 'पाँच हज़ार रुपये']]);
    expect(values('2 करोड़', 'sys.number')).toEqual(['20000000']);
    expect(all('kal shaam 6 baje aana')).toEqual([
      ['sys.date', '2026-11-22', 'kal'],
      ['sys.time', '18:00', 'shaam 6 baje'],
    ]);
    expect(values('mera naam Amit hai', 'sys.person')).toEqual(['Amit']);
  });

  it('keeps the longest of overlapping matches, with offsets of the original text', () => {
    const text = 'Send ₹500 on 21/11/2026 at 5 pm to a@b.co';
    const found = all(text);
    expect(found).toEqual([
      ['sys.amount', '500 INR', '₹500'],
      ['sys.date', '2026-11-21', '21/11/2026'],
      ['sys.time', '17:00', '5 pm'],
      ['sys.email', 'a@b.co', 'a@b.co'],
    ]);
    for (const match of extractor.extract(text)) expect(text.slice(match.start, match.end)).toBe(match.text);
  });
});
