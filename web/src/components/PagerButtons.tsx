import { Button } from '@mantine/core';

interface PagerButtonsProps {
  /** Offset of the first row shown (the API's `from`). */
  from: number;
  pageSize: number;
  /** The API said there is more after this page. */
  more: boolean;
  /** A page is loading: Next waits for it. */
  busy?: boolean;
  onPage: (from: number) => void;
}

/** Previous / Next for the lists that page with `from` and `perPage` and answer `more`. */
export function PagerButtons({ from, pageSize, more, busy = false, onPage }: PagerButtonsProps) {
  return (
    <>
      <Button variant="default" size="xs" disabled={from === 0} onClick={() => onPage(Math.max(0, from - pageSize))}>
        Previous
      </Button>
      <Button variant="default" size="xs" disabled={!more || busy} onClick={() => onPage(from + pageSize)}>
        Next
      </Button>
    </>
  );
}
