/** What a list's query must offer for the table to show its failure with Try again. */
interface FailingQuery {
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/** DataTable's `error` for a list query: its message under `title` with Try again, or null while it has not failed. */
export function loadError(query: FailingQuery, title: string) {
  return query.isError && query.error
    ? { title, message: query.error.message, onRetry: () => void query.refetch() }
    : null;
}
