import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv-cells';

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

  it('keeps an E.164 phone number as it is, but not other + text', () => {
    expect(csvCell('+919876543210')).toBe('+919876543210');
    expect(csvCell('+1+2')).toBe("'+1+2");
    expect(csvCell("=cmd|' /C calc'!A0")).toBe("'=cmd|' /C calc'!A0");
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines'])).toBe('"a,b","say ""hi""","two\nlines"\r\n');
  });
});
