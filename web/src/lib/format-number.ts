const steps: [number, string][] = [
  [1_000_000_000, 'B'],
  [1_000_000, 'M'],
  [1_000, 'K'],
];

/**
 * A count or amount shortened the console's way (engagement.md §9: K, M, B with two decimals):
 * 1234 → '1.23K', 2500000 → '2.50M'; below a thousand the number as it is ('950', '12.5').
 */
export function abbreviateNumber(value: number): string {
  if (!Number.isFinite(value)) return '0';
  const size = Math.abs(value);
  for (const [step, suffix] of steps) {
    if (size >= step) return `${(value / step).toFixed(2)}${suffix}`;
  }
  return String(Math.round(value * 100) / 100);
}

/** A part of a whole as a percentage with one decimal ('42.5%'); '0%' of nothing. */
export function formatPercent(part: number, whole: number): string {
  if (whole <= 0) return '0%';
  return `${(Math.round((part / whole) * 1000) / 10).toString()}%`;
}

/** An amount of money with two decimals, after its currency symbol when given: ('₹', 1234.5) → '₹1,234.50'. */
export function formatMoney(amount: number, symbol = ''): string {
  return `${symbol}${amount.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
