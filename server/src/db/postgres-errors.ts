/** PostgreSQL's unique_violation (23505), also when wrapped by drizzle or the PGlite driver. */
export function isUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current = error as { code?: unknown; cause?: unknown } | undefined;
  while (current && !seen.has(current)) {
    if (current.code === '23505') return true;
    seen.add(current);
    current = current.cause as typeof current;
  }
  return false;
}
