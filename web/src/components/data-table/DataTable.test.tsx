import { MantineProvider, Table } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { theme } from '../../app/theme';
import { DataTable } from './DataTable';

interface Fruit {
  id: number;
  name: string;
}

const columns = [
  { key: 'name', header: 'Name' },
  { key: 'actions', header: 'Actions', hiddenHeader: true },
];

function renderTable(props: Partial<ComponentProps<typeof DataTable<Fruit>>> = {}) {
  return render(
    <MantineProvider theme={theme} env="test">
      <DataTable<Fruit>
        label="Fruit"
        columns={columns}
        rows={[]}
        loading={false}
        empty="No Record"
        renderRow={(fruit) => (
          <Table.Tr key={fruit.id}>
            <Table.Td>{fruit.name}</Table.Td>
            <Table.Td />
          </Table.Tr>
        )}
        {...props}
      />
    </MantineProvider>,
  );
}

describe('DataTable', () => {
  it('is a named table with its column headers, the hidden ones included', () => {
    renderTable({ rows: [{ id: 1, name: 'Mango' }] });
    const table = screen.getByRole('table', { name: 'Fruit' });
    expect(within(table).getByRole('columnheader', { name: 'Name' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Mango' })).toBeInTheDocument();
  });

  it('shows skeleton rows across every column while the first page loads', () => {
    renderTable({ rows: undefined, loading: true, skeletonRows: 3 });
    const body = screen.getAllByRole('rowgroup')[1]!;
    expect(body).toHaveAttribute('aria-busy', 'true');
    const rows = within(body).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getAllByRole('cell')).toHaveLength(2);
    expect(screen.queryByText('No Record')).not.toBeInTheDocument();
  });

  it('says the empty text in one row spanning the table', () => {
    renderTable({ rows: [] });
    const cell = screen.getByRole('cell', { name: 'No Record' });
    expect(cell).toHaveAttribute('colspan', '2');
  });

  it('pages with Previous and Next, and shows no pager when the list fits on one page', async () => {
    const onPage = vi.fn();
    const view = renderTable({
      rows: [{ id: 1, name: 'Mango' }],
      pager: { from: 0, pageSize: 25, more: true, onPage },
    });
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(25);

    view.unmount();
    renderTable({ rows: [{ id: 1, name: 'Mango' }], pager: { from: 0, pageSize: 25, more: false, onPage } });
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });

  it("says what the page shows beside Previous and Next ('Users 26–50')", () => {
    renderTable({
      rows: [{ id: 1, name: 'Mango' }],
      pager: { from: 25, pageSize: 25, more: true, onPage: vi.fn(), summary: 'Fruit 26–50' },
    });
    expect(screen.getByText('Fruit 26–50')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
  });

  it('keeps Previous and Next, disabled, on a list that fits one page when asked to', () => {
    renderTable({
      rows: [{ id: 1, name: 'Mango' }],
      pager: { from: 0, pageSize: 10, more: false, onPage: vi.fn(), keepShown: true },
    });
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('selects rows with a check box each, and every row of the page with the one in the header', async () => {
    const onChange = vi.fn();
    const fruit = [
      { id: 1, name: 'Mango' },
      { id: 2, name: 'Guava' },
    ];
    const selection = {
      rowId: (row: Fruit) => String(row.id),
      // A row of another page stays selected.
      selected: new Set(['1', '9']),
      onChange,
      rowLabel: (row: Fruit) => `Select ${row.name}`,
      allLabel: 'Select all fruit on this page',
    };
    renderTable({
      rows: fruit,
      selection,
      renderRow: (row, { selectCell, selected, toggle }) => (
        <Table.Tr key={row.id} data-selected={selected || undefined} onClick={toggle}>
          {selectCell}
          <Table.Td>{row.name}</Table.Td>
          <Table.Td />
        </Table.Tr>
      ),
    });
    const table = screen.getByRole('table', { name: 'Fruit' });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(3);
    const all = screen.getByRole('checkbox', { name: 'Select all fruit on this page' });
    expect(all).toHaveAttribute('data-indeterminate', 'true');
    expect(screen.getByRole('checkbox', { name: 'Select Mango' })).toBeChecked();
    expect(screen.getByRole('row', { name: /Mango/ })).toHaveAttribute('data-selected');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Guava' }));
    expect(onChange).toHaveBeenLastCalledWith(new Set(['1', '9', '2']));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Mango' }));
    expect(onChange).toHaveBeenLastCalledWith(new Set(['9']));
    await userEvent.click(all);
    expect(onChange).toHaveBeenLastCalledWith(new Set(['1', '9', '2']));

    // A row that toggles on click: once for a click on its text, once (not twice) for one on its check box.
    onChange.mockClear();
    await userEvent.click(screen.getByRole('cell', { name: 'Guava' }));
    expect(onChange).toHaveBeenLastCalledWith(new Set(['1', '9', '2']));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Guava' }));
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('clears only the rows of the page with the header check box when all of them are selected', async () => {
    const onChange = vi.fn();
    renderTable({
      rows: [{ id: 1, name: 'Mango' }],
      selection: {
        rowId: (row: Fruit) => String(row.id),
        selected: new Set(['1', '9']),
        onChange,
        rowLabel: (row: Fruit) => `Select ${row.name}`,
        allLabel: 'Select all fruit on this page',
      },
    });
    const all = screen.getByRole('checkbox', { name: 'Select all fruit on this page' });
    expect(all).toBeChecked();
    await userEvent.click(all);
    expect(onChange).toHaveBeenLastCalledWith(new Set(['9']));
  });

  it('has no header check box to press while there are no rows', () => {
    renderTable({
      rows: [],
      selection: {
        rowId: (row: Fruit) => String(row.id),
        selected: new Set(),
        onChange: vi.fn(),
        rowLabel: (row: Fruit) => `Select ${row.name}`,
        allLabel: 'Select all fruit on this page',
      },
    });
    expect(screen.getByRole('checkbox', { name: 'Select all fruit on this page' })).toBeDisabled();
    expect(screen.getByRole('cell', { name: 'No Record' })).toHaveAttribute('colspan', '3');
  });

  it('replaces the table with what failed and Try Again', async () => {
    const onRetry = vi.fn();
    renderTable({
      rows: undefined,
      error: { title: 'The fruit could not be loaded', message: 'The server is not answering', onRetry },
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The fruit could not be loaded');
    expect(alert).toHaveTextContent('The server is not answering');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('keeps its header row sticky', () => {
    renderTable({ rows: [{ id: 1, name: 'Mango' }] });
    expect(screen.getAllByRole('rowgroup')[0]!).toHaveAttribute('data-sticky');
  });

  it('when wider than its box, is a keyboard-scrollable region with a shadow at the edge that hides columns', () => {
    const scrollWidth = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(1200);
    const clientWidth = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    try {
      renderTable({ rows: [{ id: 1, name: 'Mango' }], minWidth: 1200 });
      const region = screen.getByRole('region', { name: 'Fruit (scrolls sideways)' });
      expect(region).toHaveAttribute('tabindex', '0');
      const frame = region.parentElement!;
      expect(frame).toHaveAttribute('data-scroll-end');
      expect(frame).not.toHaveAttribute('data-scroll-start');
    } finally {
      scrollWidth.mockRestore();
      clientWidth.mockRestore();
    }
  });

  it('when taller than its box, is a keyboard-scrollable region too (the rows scroll under the header)', () => {
    const scrollHeight = vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(2000);
    const clientHeight = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    try {
      renderTable({ rows: [{ id: 1, name: 'Mango' }] });
      expect(screen.getByRole('region', { name: 'Fruit (scrolls)' })).toHaveAttribute('tabindex', '0');
    } finally {
      scrollHeight.mockRestore();
      clientHeight.mockRestore();
    }
  });

  it('is no tab stop when everything fits', () => {
    renderTable({ rows: [{ id: 1, name: 'Mango' }] });
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
