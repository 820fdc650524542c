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
