import type { WorkingDay } from '@parley/contracts/conversations';

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The weekday (0 Sunday) and 'HH:mm' of an instant in a time zone (UTC when the zone is unknown). */
export function localTime(at: Date, timeZone: string): { day: number; time: string } {
  let format: Intl.DateTimeFormat;
  try {
    format = formatFor(timeZone);
  } catch {
    format = formatFor('UTC');
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
  return { day: WEEKDAYS[parts.weekday ?? 'Sun'] ?? 0, time: `${parts.hour}:${parts.minute}` };
}

/** True when `at` falls inside the day's opening hours (start inclusive, end inclusive to the minute). */
export function isWithinWorkingHours(hours: readonly WorkingDay[], at: Date, timeZone: string): boolean {
  const { day, time } = localTime(at, timeZone);
  const today = hours.find((entry) => entry.day === day);
  if (!today || !today.open) return false;
  return time >= today.start && time <= today.end;
}
