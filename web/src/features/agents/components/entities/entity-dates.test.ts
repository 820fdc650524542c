import { describe, expect, it } from 'vitest';
import { formatEntityDate } from './entity-dates';

describe('formatEntityDate', () => {
  it('writes dd/MM/yyyy hh:mm:a', () => {
    expect(formatEntityDate(new Date(2026, 10, 21, 17, 43))).toBe('21/11/2026 05:43:PM');
    expect(formatEntityDate(new Date(2026, 0, 2, 0, 5))).toBe('02/01/2026 12:05:AM');
    expect(formatEntityDate(new Date(2026, 0, 2, 12, 0))).toBe('02/01/2026 12:00:PM');
  });
  it('keeps a value that is not a date', () => {
    expect(formatEntityDate('soon')).toBe('soon');
  });
});
