import { describe, expect, it } from 'vitest';
import { formatAgentDate } from './agent-dates';

describe('formatAgentDate', () => {
  it("writes 'dd MMM yyyy hh:mm a'", () => {
    expect(formatAgentDate(new Date(2026, 10, 21, 17, 43))).toBe('21 Nov 2026 05:43 PM');
    expect(formatAgentDate(new Date(2026, 0, 5, 9, 7))).toBe('05 Jan 2026 09:07 AM');
  });

  it('shows midnight and noon as 12', () => {
    expect(formatAgentDate(new Date(2026, 1, 1, 0, 0))).toBe('01 Feb 2026 12:00 AM');
    expect(formatAgentDate(new Date(2026, 1, 1, 12, 30))).toBe('01 Feb 2026 12:30 PM');
  });

  it('keeps a value that is not a date', () => {
    expect(formatAgentDate('soon')).toBe('soon');
  });
});
