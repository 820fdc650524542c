import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './audit-trail.csv';

describe('CSV cells', () => {
  it('puts an apostrophe before cells a spreadsheet would run as a formula', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'].map(csvCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
      '"\'\rx"',
    ]);
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(200)).toBe('200');
    expect(csvCell(null)).toBe('');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines'])).toBe('"a,b","say ""hi""","two\nlines"\r\n');
  });
});
