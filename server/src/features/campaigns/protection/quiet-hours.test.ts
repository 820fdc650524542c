import { describe, expect, it } from 'vitest';
import { enterpriseTimeZone, quietUntil, recipientTimeZone, zonedInstant } from './quiet-hours';

/** Quiet hours on the recipient's wall clock: windows across midnight, weekdays, DST, chained windows. */

const nights = { from: '21:00', to: '08:00', weekdays: [] };
const at = (iso: string) => new Date(iso);

describe('the time zone a number tells', () => {
  it('is its country’s when the country has one zone, else the enterprise’s', () => {
    expect(recipientTimeZone('+919812345678', 'America/Chicago')).toBe('Asia/Kolkata');
    expect(recipientTimeZone('+447400123456', 'America/Chicago')).toBe('Europe/London');
    expect(recipientTimeZone('+6581234567', 'UTC')).toBe('Asia/Singapore');
    // The United States and Australia span several zones: the number does not tell which.
    expect(recipientTimeZone('+12125550123', 'America/Chicago')).toBe('America/Chicago');
    expect(recipientTimeZone('+61412345678', 'Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(recipientTimeZone('not a number', 'Europe/Paris')).toBe('Europe/Paris');
  });

  it('falls back to UTC when the enterprise has none or one the runtime does not know', () => {
    expect(enterpriseTimeZone(undefined)).toBe('UTC');
    expect(enterpriseTimeZone('Mars/Olympus_Mons')).toBe('UTC');
    expect(enterpriseTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
  });
});

describe('quiet hours', () => {
  it('hold a message sent inside a window across midnight until the window ends, on the recipient’s clock', () => {
    // 23:30 in India (UTC+5:30) → 08:00 the next morning there.
    expect(quietUntil(at('2026-11-27T18:00:00Z'), [nights], 'Asia/Kolkata')).toEqual(at('2026-11-28T02:30:00Z'));
    // 05:00 in India: the window began the evening before.
    expect(quietUntil(at('2026-11-27T23:30:00Z'), [nights], 'Asia/Kolkata')).toEqual(at('2026-11-28T02:30:00Z'));
    // 15:30 in India: nothing holds it back.
    expect(quietUntil(at('2026-11-27T10:00:00Z'), [nights], 'Asia/Kolkata')).toBeNull();
    // The same instant is 05:00 in New York (UTC−5): quiet there until 08:00 New York time.
    expect(quietUntil(at('2026-11-27T10:00:00Z'), [nights], 'America/New_York')).toEqual(at('2026-11-27T13:00:00Z'));
  });

  it('start at the window’s start and end at its end (the end is free)', () => {
    expect(quietUntil(at('2026-11-27T15:30:00Z'), [nights], 'Asia/Kolkata')).toEqual(at('2026-11-28T02:30:00Z'));
    expect(quietUntil(at('2026-11-27T15:29:00Z'), [nights], 'Asia/Kolkata')).toBeNull();
    expect(quietUntil(at('2026-11-28T02:30:00Z'), [nights], 'Asia/Kolkata')).toBeNull();
  });

  it('apply on the weekdays of the day the window starts', () => {
    const fridayNight = { from: '21:00', to: '08:00', weekdays: [5] };
    // Saturday 01:00 in India: Friday's window still runs.
    expect(quietUntil(at('2026-11-27T19:30:00Z'), [fridayNight], 'Asia/Kolkata')).toEqual(at('2026-11-28T02:30:00Z'));
    // Saturday 22:00 in India: no window starts on Saturday.
    expect(quietUntil(at('2026-11-28T16:30:00Z'), [fridayNight], 'Asia/Kolkata')).toBeNull();
    // Thursday 22:00: not Friday either.
    expect(quietUntil(at('2026-11-26T16:30:00Z'), [fridayNight], 'Asia/Kolkata')).toBeNull();
    // A lunch window on weekdays only: Friday 12:30 in London is held until 14:00.
    const lunch = { from: '12:00', to: '14:00', weekdays: [1, 2, 3, 4, 5] };
    expect(quietUntil(at('2026-11-27T12:30:00Z'), [lunch], 'Europe/London')).toEqual(at('2026-11-27T14:00:00Z'));
    expect(quietUntil(at('2026-11-28T12:30:00Z'), [lunch], 'Europe/London')).toBeNull();
  });

  it('end at the local hour across a daylight-saving change', () => {
    // New York moves from UTC−5 to UTC−4 at 02:00 on 8 March 2026: 08:00 that morning is 12:00 UTC.
    expect(quietUntil(at('2026-03-08T04:00:00Z'), [nights], 'America/New_York')).toEqual(at('2026-03-08T12:00:00Z'));
    expect(zonedInstant(2026, 3, 8, 8 * 60, 'America/New_York')).toEqual(at('2026-03-08T12:00:00Z'));
    expect(zonedInstant(2026, 11, 1, 8 * 60, 'America/New_York')).toEqual(at('2026-11-01T13:00:00Z'));
  });

  it('run on into a window that follows, so the message is not woken into quiet again', () => {
    const evening = { from: '20:00', to: '22:00', weekdays: [] };
    const late = { from: '22:00', to: '23:30', weekdays: [] };
    expect(quietUntil(at('2026-11-27T21:00:00Z'), [evening, late], 'UTC')).toEqual(at('2026-11-27T23:30:00Z'));
    // A window from and to the same minute is no window.
    expect(quietUntil(at('2026-11-27T21:00:00Z'), [{ from: '10:00', to: '10:00', weekdays: [] }], 'UTC')).toBeNull();
  });
});
