import { describe, expect, it } from 'vitest';
import { formatDatePattern, formatDateTime } from './format-date';

describe('formatDatePattern', () => {
  it("writes the agents' 'dd MMM yyyy hh:mm a'", () => {
    expect(formatDatePattern(new Date(2026, 10, 21, 17, 43), 'dd MMM yyyy hh:mm a')).toBe('21 Nov 2026 05:43 PM');
    expect(formatDatePattern(new Date(2026, 0, 5, 9, 7), 'dd MMM yyyy hh:mm a')).toBe('05 Jan 2026 09:07 AM');
  });

  it('shows midnight and noon as 12 on the 12-hour clock', () => {
    expect(formatDatePattern(new Date(2026, 1, 1, 0, 0), 'dd MMM yyyy hh:mm a')).toBe('01 Feb 2026 12:00 AM');
    expect(formatDatePattern(new Date(2026, 1, 1, 12, 30), 'dd MMM yyyy hh:mm a')).toBe('01 Feb 2026 12:30 PM');
  });

  it("writes the entities' 'dd/MM/yyyy hh:mm:a' literally", () => {
    expect(formatDatePattern(new Date(2026, 10, 21, 17, 43), 'dd/MM/yyyy hh:mm:a')).toBe('21/11/2026 05:43:PM');
    expect(formatDatePattern(new Date(2026, 0, 2, 0, 5), 'dd/MM/yyyy hh:mm:a')).toBe('02/01/2026 12:05:AM');
  });

  it('writes 24-hour and single-digit-day patterns', () => {
    expect(formatDatePattern(new Date(2026, 2, 4, 21, 5, 9), 'dd-MM-yyyy HH:mm:ss')).toBe('04-03-2026 21:05:09');
    expect(formatDatePattern(new Date(2026, 2, 4, 21, 5, 9), 'd MMM yyyy hh:mm a')).toBe('4 Mar 2026 09:05 PM');
  });

  it('keeps a value that is not a date', () => {
    expect(formatDatePattern('soon', 'dd MMM yyyy hh:mm a')).toBe('soon');
  });
});

describe('formatDateTime', () => {
  it("writes the spec's default format, 'd MMM yyyy hh:mm a', in the browser's time zone", () => {
    expect(formatDateTime(new Date(2026, 10, 3, 14, 5))).toBe('3 Nov 2026 02:05 PM');
    expect(formatDateTime(new Date(2026, 0, 21, 0, 30))).toBe('21 Jan 2026 12:30 AM');
  });

  it('shows a value that is not a date as it is', () => {
    expect(formatDateTime('soon')).toBe('soon');
  });
});
