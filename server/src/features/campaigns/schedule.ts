import { campaignMessages, type Schedule } from '@parley/contracts/campaigns';

/**
 * When a campaign's runs happen (contracts `schedule`), in the enterprise's timezone: 'now' (when
 * started), 'once' at a local date-time, or daily / weekly at a local time from the date of `at`
 * until `until` (inclusive). Pure functions: the scheduler (runs.ts) stores the next occurrence in
 * campaign_activities.next_run_at and asks for the one after it when a run starts.
 */

/** The enterprise's timezone when it has none (as the enterprise profile shows it). */
export const DEFAULT_TIME_ZONE = 'UTC';

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A recurring schedule runs at most this many times (about three years of daily runs). */
const MAX_OCCURRENCES = 1100;

/** Minutes the zone is ahead of UTC at `instant`. */
function offsetMinutes(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60000);
}

/** The instant of a local wall-clock time in `timeZone` (a time skipped by a DST change moves forward). */
export function zonedTime(
  date: { year: number; month: number; day: number },
  hour: number,
  minute: number,
  timeZone: string,
): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  let instant = wall - offsetMinutes(wall, timeZone) * 60000;
  // Once more at the found instant: right across a DST change the first guess used the other offset.
  instant = wall - offsetMinutes(instant, timeZone) * 60000;
  return new Date(instant);
}

interface LocalDateTime {
  date: { year: number; month: number; day: number };
  hour: number;
  minute: number;
}

function parseLocal(text: string): LocalDateTime | null {
  const match = LOCAL.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  return { date: { year, month, day }, hour, minute };
}

function parseDate(text: string) {
  const match = DATE.exec(text);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** The local date `days` after `date` (calendar arithmetic, no timezone involved). */
function addDays(date: { year: number; month: number; day: number }, days: number) {
  const next = new Date(Date.UTC(date.year, date.month - 1, date.day) + days * DAY_MS);
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

const weekday = (date: { year: number; month: number; day: number }) =>
  new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
const dateKey = (date: { year: number; month: number; day: number }) => date.year * 10000 + date.month * 100 + date.day;

/**
 * Every occurrence of a schedule at or after `from`, in order, lazily ('now' has none: it runs
 * when started). Recurring schedules start on the date of `at`, at its time.
 */
function* occurrences(schedule: Schedule, timeZone: string, from: Date): Generator<Date> {
  const at = parseLocal(schedule.at);
  if (!at || schedule.kind === 'now') return;
  if (schedule.kind === 'once') {
    const when = zonedTime(at.date, at.hour, at.minute, timeZone);
    if (when >= from) yield when;
    return;
  }
  const until = parseDate(schedule.until);
  if (!until) return;
  const days = new Set(schedule.weekdays);
  let date = at.date;
  for (let index = 0; index < MAX_OCCURRENCES * 7 && dateKey(date) <= dateKey(until); index += 1) {
    if (schedule.kind === 'daily' || days.has(weekday(date))) {
      const when = zonedTime(date, at.hour, at.minute, timeZone);
      if (when >= from) yield when;
    }
    date = addDays(date, 1);
  }
}

/** The first occurrence at or after `from`, or null when the schedule has no more. */
export function nextOccurrence(schedule: Schedule, timeZone: string, from: Date): Date | null {
  for (const when of occurrences(schedule, timeZone, from)) return when;
  return null;
}

/** Every occurrence between `from` and the end (for tests and the editor's preview). */
export function listOccurrences(schedule: Schedule, timeZone: string, from: Date, limit = 50): Date[] {
  const found: Date[] = [];
  for (const when of occurrences(schedule, timeZone, from)) {
    found.push(when);
    if (found.length >= limit) break;
  }
  return found;
}

/**
 * The schedule's problems by field ('schedule.at', 'schedule.until', 'schedule.weekdays'): once
 * needs a future date-time; daily and weekly need a time (`at`) and an end after the first send;
 * weekly needs its days.
 */
export function scheduleErrors(schedule: Schedule, timeZone: string, now: Date): Record<string, string> {
  const errors: Record<string, string> = {};
  if (schedule.kind === 'now') return errors;
  const at = parseLocal(schedule.at);
  if (!at) {
    errors['schedule.at'] = campaignMessages.mandatory;
    return errors;
  }
  if (schedule.kind === 'once') {
    if (zonedTime(at.date, at.hour, at.minute, timeZone) <= now)
      errors['schedule.at'] = campaignMessages.scheduleInPast;
    return errors;
  }
  if (schedule.kind === 'weekly' && schedule.weekdays.length === 0)
    errors['schedule.weekdays'] = campaignMessages.mandatory;
  const until = parseDate(schedule.until);
  if (!until) {
    errors['schedule.until'] = campaignMessages.mandatory;
    return errors;
  }
  if (errors['schedule.weekdays']) return errors;
  const first = nextOccurrence(schedule, timeZone, now);
  // No send left before the end: the end is before the first send (or every send is past).
  if (!first) errors['schedule.until'] = campaignMessages.endBeforeStart;
  return errors;
}
