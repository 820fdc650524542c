import { useCallback, useState } from 'react';

/**
 * The first row of the page a list shows, and its setter for the pager. It goes back to the first
 * page whenever `filterKey` (the list's filters and search, joined) changes, in the same render, so a
 * new filter never asks for a page the new list does not have.
 */
export function usePagingFrom(filterKey: string): [number, (from: number) => void] {
  const [paging, setPaging] = useState({ filterKey, from: 0 });
  const from = paging.filterKey === filterKey ? paging.from : 0;
  const setFrom = useCallback((next: number) => setPaging({ filterKey, from: next }), [filterKey]);
  return [from, setFrom];
}
