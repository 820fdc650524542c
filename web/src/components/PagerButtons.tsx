import { Button, Group } from '@mantine/core';

interface PagerButtonsProps {
  /** Offset of the first row shown (the API's `from`). */
  from: number;
  pageSize: number;
  /** The API said there is more after this page. */
  more: boolean;
  /** A page is loading: Next waits for it. */
  busy?: boolean;
  /** Stay on screen, both disabled, when the list fits on one page (the spec's Customers paging). */
  keepShown?: boolean;
  onPage: (from: number) => void;
}

/** True when a list has a page before or after this one (and so needs Previous / Next). */
export function hasOtherPages(from: number, more: boolean): boolean {
  return from > 0 || more;
}

/**
 * Previous / Next for the lists that page with `from` and `perPage` and answer `more`; nothing
 * when the list fits on one page, unless `keepShown`.
 */
export function PagerButtons({ from, pageSize, more, busy = false, keepShown = false, onPage }: PagerButtonsProps) {
  if (!keepShown && !hasOtherPages(from, more)) return null;
  return (
    <Group gap="xs">
      <Button variant="default" size="xs" disabled={from === 0} onClick={() => onPage(Math.max(0, from - pageSize))}>
        Previous
      </Button>
      <Button variant="default" size="xs" disabled={!more || busy} onClick={() => onPage(from + pageSize)}>
        Next
      </Button>
    </Group>
  );
}
