const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** "21 Nov 2026, 14:05" in the browser's time zone; the raw value when it is not a date. */
export function formatDateTime(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : dateTimeFormat.format(date);
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
