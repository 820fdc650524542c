import { getCountry } from 'countries-and-timezones';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * Quiet hours (block time, engagement.md §7.4) in the recipient's time zone: a window 'HH:mm' to
 * 'HH:mm' that may cross midnight; `weekdays` (0 = Sunday, empty = every day) name the day the
 * window starts on, so 22:00–07:00 on Friday also keeps Saturday's early morning quiet.
 */
export interface QuietWindow {
  from: string;
  to: string;
  weekdays: readonly number[];
}

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** Whether the runtime knows this IANA time zone. */
export function isTimeZone(name: string | null | undefined): name is string {
  if (!name) return false;
  try {
    formatFor(name);
    return true;
  } catch {
    return false;
  }
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  weekday: number;
  /** Minutes since local midnight. */
  minutes: number;
}

function wallClock(at: Date, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    formatFor(timeZone)
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: WEEKDAYS[parts.weekday ?? 'Sun'] ?? 0,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** How far the zone's wall clock is ahead of UTC at `ms`, in ms (whole minutes). */
function offsetAt(ms: number, timeZone: string): number {
  const clock = wallClock(new Date(ms), timeZone);
  const wall = Date.UTC(clock.year, clock.month - 1, clock.day, 0, clock.minutes);
  return wall - (ms - (((ms % 60_000) + 60_000) % 60_000));
}

/** The instant the zone's wall clock shows `minutes` after midnight of year-month-day (day may overflow). */
export function zonedInstant(year: number, month: number, day: number, minutes: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day, 0, minutes);
  const first = wall - offsetAt(wall, timeZone);
  // Once more with the offset at the first guess: right across a DST change.
  return new Date(wall - offsetAt(first, timeZone));
}

const toMinutes = (hhmm: string) => {
  const [hours, minutes] = hhmm.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

/** The end of the latest-ending window `at` falls in (wall clock of `timeZone`), or null when none. */
function windowEnd(at: Date, windows: readonly QuietWindow[], timeZone: string): Date | null {
  const clock = wallClock(at, timeZone);
  const on = (window: QuietWindow, weekday: number) =>
    window.weekdays.length === 0 || window.weekdays.includes(weekday);
  let latest: Date | null = null;
  for (const window of windows) {
    const from = toMinutes(window.from);
    const to = toMinutes(window.to);
    if (from === to) continue;
    let end: Date | null = null;
    if (from < to) {
      if (clock.minutes >= from && clock.minutes < to && on(window, clock.weekday))
        end = zonedInstant(clock.year, clock.month, clock.day, to, timeZone);
    } else if (clock.minutes >= from && on(window, clock.weekday)) {
      // Started today, ends tomorrow.
      end = zonedInstant(clock.year, clock.month, clock.day + 1, to, timeZone);
    } else if (clock.minutes < to && on(window, (clock.weekday + 6) % 7)) {
      // Started yesterday, ends today.
      end = zonedInstant(clock.year, clock.month, clock.day, to, timeZone);
    }
    if (end && end.getTime() > at.getTime() && (!latest || end > latest)) latest = end;
  }
  return latest;
}

/**
 * When a message due at `at` may go out: null when no window holds it back, else the end of the
 * window it is in (and of any window that one runs into, so the row is not woken into quiet again).
 */
export function quietUntil(at: Date, windows: readonly QuietWindow[], timeZone: string): Date | null {
  if (windows.length === 0) return null;
  let until: Date | null = null;
  let moment = at;
  for (let step = 0; step < 8; step += 1) {
    const end = windowEnd(moment, windows, timeZone);
    if (!end) break;
    until = end;
    moment = end;
  }
  return until;
}

const zoneOfCountry = new Map<string, string | null>();

/**
 * The time zone a number tells: its country's, when the country has exactly one IANA zone
 * (India, the United Kingdom, Singapore...); else (the United States, Australia, an unknown
 * number) `fallback`, the enterprise's zone.
 */
export function recipientTimeZone(phone: string, fallback: string): string {
  const country = parsePhoneNumberFromString(phone)?.country;
  if (!country) return fallback;
  let zone = zoneOfCountry.get(country);
  if (zone === undefined) {
    const zones = getCountry(country)?.timezones ?? [];
    zone = zones.length === 1 && isTimeZone(zones[0]) ? zones[0]! : null;
    zoneOfCountry.set(country, zone);
  }
  return zone ?? fallback;
}

/** The enterprise's zone (settings.timezone) when the runtime knows it, else UTC. */
export function enterpriseTimeZone(setting: string | null | undefined): string {
  return isTimeZone(setting) ? setting : 'UTC';
}
