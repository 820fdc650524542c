/** Formatting of the training report's figures. */

/** 0.923 → '92.3%'; null (not measurable) → '—'. */
export function formatPercent(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '—';
  const percent = value * 100;
  return `${percent >= 99.95 || percent === 0 ? percent.toFixed(0) : percent.toFixed(1)}%`;
}

/** 0.9234 → '0.92'; null → '—'. */
export function formatScore(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '—';
  return value.toFixed(2);
}

/** The colour of a per-intent figure: good, worth a look, needs fixing. */
export function scoreColor(value: number | null): string {
  if (value === null) return 'gray';
  if (value >= 0.9) return 'teal';
  if (value >= 0.7) return 'yellow';
  return 'red';
}

export function formatSeconds(value: number): string {
  return value < 10 ? value.toFixed(1) : Math.round(value).toString();
}

/** 'book_flight is taken for booking_status 3 times' */
export function confusionSentence(intent: string, predictedAs: string, count: number): string {
  return `${intent} is taken for ${predictedAs} ${count} ${count === 1 ? 'time' : 'times'}`;
}
