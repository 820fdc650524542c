/**
 * The spec's date-time display formats, one per kind (agents.md §7, engagement.md §2, platform.md):
 * every screen takes its format from here instead of writing a pattern of its own.
 */
export const dateFormats = {
  /** The console's format wherever the spec names no other (engagement.md: 'd MMM yyyy hh:mm a'). */
  default: 'd MMM yyyy hh:mm a',
  /** Agents list and agent pages (agents.md §7). */
  agents: 'dd MMM yyyy hh:mm a',
  /** Entity tables (agents.md §7). */
  entities: 'dd/MM/yyyy hh:mm:a',
  /** The NLP report's conversations (agents.md §7). */
  report: 'dd-MM-yyyy HH:mm:ss',
  /** A message's status history (engagement.md, message-status dialog). */
  statusHistory: 'MMM dd yyyy hh:mm:ss a',
  /** A time of day inside a chat thread or message bubble. */
  time: 'hh:mm a',
} as const;

/** "21 Nov 2026 02:05 PM" (the spec's default format) in the browser's time zone; the raw value when it is not a date. */
export function formatDateTime(value: string | number | Date): string {
  return formatDatePattern(value, dateFormats.default);
}

const relativeFormat = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const steps: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "5 minutes ago", "yesterday"; `now` is injectable for tests. */
export function formatRelativeTime(value: string | number | Date, now: number = Date.now()): string {
  const time = (value instanceof Date ? value : new Date(value)).getTime();
  if (Number.isNaN(time)) return String(value);
  let amount = (time - now) / 1000;
  for (const [unit, size] of steps) {
    if (Math.abs(amount) < size) {
      if (unit === 'second' && Math.abs(amount) < 45) return 'just now';
      return relativeFormat.format(Math.round(amount), unit);
    }
    amount /= size;
  }
  return formatDateTime(time);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A date in one of the spec's display patterns ('dd MMM yyyy hh:mm a', 'dd/MM/yyyy hh:mm:a',
 * 'dd-MM-yyyy HH:mm:ss', 'd MMM yyyy hh:mm a', 'MMM dd yyyy hh:mm:ss a'), in the browser's time
 * zone. Tokens: yyyy, MMM, MM, dd, d, HH, hh, mm, ss, a; anything else is written as it is.
 * The raw value when it is not a date.
 */
export function formatDatePattern(value: string | number | Date, pattern: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const hours = date.getHours();
  const tokens: Record<string, string> = {
    yyyy: String(date.getFullYear()),
    MMM: MONTHS[date.getMonth()]!,
    MM: pad(date.getMonth() + 1),
    dd: pad(date.getDate()),
    d: String(date.getDate()),
    HH: pad(hours),
    hh: pad(hours % 12 === 0 ? 12 : hours % 12),
    mm: pad(date.getMinutes()),
    ss: pad(date.getSeconds()),
    a: hours < 12 ? 'AM' : 'PM',
  };
  return pattern.replace(/yyyy|MMM|MM|dd|d|HH|hh|mm|ss|a/g, (token) => tokens[token]!);
}
