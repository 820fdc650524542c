import { Checkbox, Group, Paper, Table, Text, VisuallyHidden, type TableProps } from '@mantine/core';
import { useCallback, useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { PagerButtons } from '../PagerButtons';
import { QueryErrorAlert } from '../QueryErrorAlert';
import { TableEmptyRow } from '../TableEmptyRow';
import { TableSkeletonRows } from '../TableSkeletonRows';
import classes from './DataTable.module.css';

export interface DataTableColumn {
  key: string;
  /** The header text; with `hiddenHeader` only screen readers hear it (icon-only action columns). */
  header: ReactNode;
  hiddenHeader?: boolean;
  /** A name for a header cell with no text (screen readers hear it; its text stays empty). */
  ariaLabel?: string;
  w?: number | string;
  ta?: 'left' | 'right' | 'center';
  /** Header cell style, e.g. `{ whiteSpace: 'nowrap' }`. */
  style?: CSSProperties;
  className?: string;
}

export interface DataTablePager {
  /** Offset of the first row shown (the API's `from`). */
  from: number;
  pageSize: number;
  more: boolean;
  busy?: boolean;
  onPage: (from: number) => void;
  /** What the page shows, beside Previous / Next (e.g. 'Users 21–40'). */
  summary?: ReactNode;
  /**
   * Previous / Next stay, disabled, when the list fits on one page; Previous is disabled while
   * `from` is below the page size (the Customers list, engagement.md §6).
   */
  keepShown?: boolean;
}

/** Check boxes in a first column to select rows, and one in its header for every row of the page. */
export interface DataTableSelection<Row> {
  rowId: (row: Row) => string;
  /** The ids selected; ids not on this page stay selected when the page's rows are (un)checked. */
  selected: ReadonlySet<string>;
  onChange: (selected: ReadonlySet<string>) => void;
  /** A row's check box's name ('Select Asha Rao'). */
  rowLabel: (row: Row) => string;
  /** The header check box's name ('Select All Customers on This Page'). */
  allLabel: string;
}

/** What DataTable hands `renderRow` besides the row: its place, the selection cell to put first, and whether it is selected. */
export interface DataTableRowParts {
  /** The row's check box cell (null without `selection`). */
  selectCell: ReactNode;
  /** Give it to the row as `data-selected` so the row shows it is selected. */
  selected: boolean;
  /** The row's place on this page, from 0. */
  index: number;
  /** Selects or unselects the row, for a row that toggles when clicked anywhere (nothing without `selection`). */
  toggle: () => void;
}

export interface DataTableProps<Row> {
  /** The table's accessible name ('Blacklist', 'Message templates', …). */
  label: string;
  /** A visible caption above the header row, if the page wants one. */
  caption?: ReactNode;
  columns: DataTableColumn[];
  /** The rows of this page; `undefined` while the first page loads. */
  rows: readonly Row[] | undefined;
  /** One `<Table.Tr>` (with its key) per row; with `selection` it starts with `parts.selectCell`. */
  renderRow: (row: Row, parts: DataTableRowParts) => ReactNode;
  /** The first page is loading: skeleton rows. */
  loading: boolean;
  skeletonRows?: number;
  /** What the table says when it has no rows (the spec's text, e.g. 'No Record'). */
  empty: ReactNode;
  /** The rows shown belong to the previous filter or page while the next one loads: dimmed. */
  stale?: boolean;
  /** A failed load replaces the table with what failed, why, and Try again. */
  error?: { title: string; message: string; onRetry: () => void } | null;
  /** Previous / Next below the table (nothing when the list fits on one page). */
  pager?: DataTablePager;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
  /** Past this height the rows scroll under a sticky header. */
  maxHeight?: string;
  selection?: DataTableSelection<Row>;
  /** The last column (the row's actions) stays in view while the others scroll sideways. */
  stickyLastColumn?: boolean;
  tableProps?: Omit<TableProps, 'children' | 'stickyHeader' | 'aria-label'>;
}

interface ScrollEdges {
  /** Scrolled away from the left edge: content hides to the left. */
  start: boolean;
  /** More content to the right. */
  end: boolean;
  down: boolean;
  /** The content is wider than the box (it scrolls sideways). */
  overflows: boolean;
  /** The content is taller than the box (it scrolls downwards under the sticky header). */
  overflowsDown: boolean;
}

const NO_EDGES: ScrollEdges = { start: false, end: false, down: false, overflows: false, overflowsDown: false };

function sameEdges(a: ScrollEdges, b: ScrollEdges): boolean {
  return (
    a.start === b.start &&
    a.end === b.end &&
    a.down === b.down &&
    a.overflows === b.overflows &&
    a.overflowsDown === b.overflowsDown
  );
}

/** Which edges of a scroll box have hidden content beyond them, kept current on scroll and resize. */
function useScrollEdges() {
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState<ScrollEdges>(NO_EDGES);
  const measure = useCallback(() => {
    const box = ref.current;
    if (!box) return;
    const hidden = box.scrollWidth - box.clientWidth;
    const next: ScrollEdges = {
      start: box.scrollLeft > 1,
      end: hidden - box.scrollLeft > 1,
      down: box.scrollTop > 1,
      overflows: hidden > 1,
      overflowsDown: box.scrollHeight - box.clientHeight > 1,
    };
    setEdges((current) => (sameEdges(current, next) ? current : next));
  }, []);
  useEffect(() => {
    const box = ref.current;
    if (!box) return undefined;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, [measure]);
  return { ref, edges, measure };
}

const SELECT_COLUMN_WIDTH = 40;

/** The header's check box: checks every row of the page, or unchecks them when all are checked. */
function SelectAllCheckbox<Row>({ rows, selection }: { rows: readonly Row[]; selection: DataTableSelection<Row> }) {
  const ids = rows.map(selection.rowId);
  const all = ids.length > 0 && ids.every((id) => selection.selected.has(id));
  const some = ids.some((id) => selection.selected.has(id));
  const handleChange = () => {
    const next = new Set(selection.selected);
    for (const id of ids) {
      if (all) next.delete(id);
      else next.add(id);
    }
    selection.onChange(next);
  };
  return (
    <Checkbox
      aria-label={selection.allLabel}
      checked={all}
      indeterminate={some && !all}
      disabled={ids.length === 0}
      onChange={handleChange}
    />
  );
}

function rowParts<Row>(row: Row, index: number, selection: DataTableSelection<Row> | undefined): DataTableRowParts {
  if (!selection) return { selectCell: null, selected: false, index, toggle: () => undefined };
  const id = selection.rowId(row);
  const selected = selection.selected.has(id);
  const toggle = () => {
    const next = new Set(selection.selected);
    if (selected) next.delete(id);
    else next.add(id);
    selection.onChange(next);
  };
  return {
    selected,
    index,
    toggle,
    selectCell: (
      // A row that toggles on click must not toggle twice for a click on its check box.
      <Table.Td onClick={(event) => event.stopPropagation()}>
        <Checkbox aria-label={selection.rowLabel(row)} checked={selected} onChange={toggle} />
      </Table.Td>
    ),
  };
}

function Pager({ pager }: { pager: DataTablePager }) {
  return (
    <Group justify={pager.summary === undefined ? 'flex-end' : 'space-between'}>
      {pager.summary === undefined ? null : (
        <Text size="sm" c="dimmed">
          {pager.summary}
        </Text>
      )}
      <PagerButtons
        from={pager.from}
        pageSize={pager.pageSize}
        more={pager.more}
        busy={pager.busy}
        keepShown={pager.keepShown}
        onPage={pager.onPage}
      />
    </Group>
  );
}

/**
 * The console's list table: a bordered frame that scrolls sideways below `minWidth` (with a
 * shadow at each edge that has more beyond it) and downwards past `maxHeight` under a sticky
 * header, skeleton rows while the first page loads, one row with the empty text, an error
 * with Try again in place of the table, and Previous / Next below it. Optionally a first column of
 * check boxes to select rows, and a last column (row actions) that stays in view.
 *
 * Built on Mantine's Table: the lists page on the server and render their own cells, so a
 * headless table library would add weight without taking work away (decision 013).
 */
export function DataTable<Row>({
  label,
  caption,
  columns,
  rows,
  renderRow,
  loading,
  skeletonRows = 4,
  empty,
  stale = false,
  error,
  pager,
  minWidth,
  maxHeight = '70dvh',
  selection,
  stickyLastColumn = false,
  tableProps,
}: DataTableProps<Row>) {
  const { ref, edges, measure } = useScrollEdges();
  const columnCount = columns.length + (selection ? 1 : 0);
  return (
    <>
      {error ? (
        <QueryErrorAlert title={error.title} message={error.message} onRetry={error.onRetry} />
      ) : (
        <Paper
          withBorder
          radius="md"
          className={classes.frame}
          data-scroll-start={edges.start || undefined}
          data-scroll-end={edges.end || undefined}
          data-scrolled-down={edges.down || undefined}
        >
          <div
            ref={ref}
            className={classes.scroller}
            style={{ maxHeight }}
            onScroll={measure}
            // A box that scrolls must be reachable with the keyboard (arrow keys scroll it).
            {...(edges.overflows || edges.overflowsDown
              ? {
                  tabIndex: 0,
                  role: 'region',
                  'aria-label': `${label} (${edges.overflows ? 'scrolls sideways' : 'scrolls'})`,
                }
              : {})}
          >
            <Table
              verticalSpacing="sm"
              highlightOnHover
              {...tableProps}
              stickyHeader
              aria-label={label}
              style={{ minWidth, ...tableProps?.style }}
              className={
                stickyLastColumn ? `${classes.stickyLast} ${tableProps?.className ?? ''}` : tableProps?.className
              }
            >
              {caption ? <Table.Caption>{caption}</Table.Caption> : null}
              <Table.Thead>
                <Table.Tr>
                  {selection ? (
                    <Table.Th w={SELECT_COLUMN_WIDTH}>
                      <SelectAllCheckbox rows={rows ?? []} selection={selection} />
                    </Table.Th>
                  ) : null}
                  {columns.map((column) => (
                    <Table.Th
                      key={column.key}
                      w={column.w}
                      ta={column.ta}
                      style={column.style}
                      className={column.className}
                      aria-label={column.ariaLabel}
                    >
                      {column.hiddenHeader ? <VisuallyHidden>{column.header}</VisuallyHidden> : column.header}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody className={stale ? classes.stale : undefined} aria-busy={stale || loading || undefined}>
                {loading || rows === undefined ? (
                  <TableSkeletonRows rows={skeletonRows} columns={columnCount} />
                ) : rows.length === 0 ? (
                  typeof empty === 'string' ? (
                    <TableEmptyRow columns={columnCount} message={empty} />
                  ) : (
                    <Table.Tr>
                      <Table.Td colSpan={columnCount}>{empty}</Table.Td>
                    </Table.Tr>
                  )
                ) : (
                  rows.map((row, index) => renderRow(row, rowParts(row, index, selection)))
                )}
              </Table.Tbody>
            </Table>
          </div>
        </Paper>
      )}
      {pager ? <Pager pager={pager} /> : null}
    </>
  );
}
