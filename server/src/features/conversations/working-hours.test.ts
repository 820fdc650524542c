import { describe, expect, it } from 'vitest';
import { defaultWorkingHours } from '@parley/contracts/conversations';
import { isWithinWorkingHours, localTime } from './working-hours';

const weekdays9to6 = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
  day,
  open: day >= 1 && day <= 5,
  start: '09:00',
  end: '18:00',
}));

describe('working hours in the enterprise time zone', () => {
  it('reads the weekday and time where the enterprise is, not on the server', () => {
    // Friday 2026-11-27 03:45 UTC is Friday 09:15 in Kolkata and Thursday 22:45 in New York.
    const at = new Date('2026-11-27T03:45:00Z');
    expect(localTime(at, 'Asia/Kolkata')).toEqual({ day: 5, time: '09:15' });
    expect(localTime(at, 'America/New_York')).toEqual({ day: 4, time: '22:45' });
  });

  it('is open inside the day’s hours only, closed on closed days, and UTC for an unknown zone', () => {
    expect(isWithinWorkingHours(weekdays9to6, new Date('2026-11-27T03:45:00Z'), 'Asia/Kolkata')).toBe(true);
    expect(isWithinWorkingHours(weekdays9to6, new Date('2026-11-27T03:15:00Z'), 'Asia/Kolkata')).toBe(false);
    expect(isWithinWorkingHours(weekdays9to6, new Date('2026-11-28T06:00:00Z'), 'Asia/Kolkata')).toBe(false);
    expect(isWithinWorkingHours(weekdays9to6, new Date('2026-11-27T10:00:00Z'), 'Mars/Olympus')).toBe(true);
    expect(isWithinWorkingHours(defaultWorkingHours, new Date('2026-11-29T23:59:30Z'), 'UTC')).toBe(true);
  });
});
