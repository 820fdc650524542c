import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { customerMessages, type CustomerListRow, type Segment } from '@parley/contracts/customer-master';
import { installFakeApi, ok, type FakeRequest } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { CustomersPage } from './CustomersPage';

const uuid = (prefix: string, index: number) => `7e7e0000-0000-4000-${prefix}-${String(index).padStart(12, '0')}`;
const segments: Segment[] = [
  { id: uuid('a000', 1), name: 'VIP', count: 12 },
  { id: uuid('a000', 2), name: 'Leads', count: 0 },
];
const header = { id: 'tier-field', label: 'Loyalty Tier' };

function row(index: number): CustomerListRow {
  return {
    id: uuid('8000', index),
    name: `Customer ${index}`,
    phoneNumber: `+9198765${String(index).padStart(5, '0')}`,
    details: { 'tier-field': index % 2 ? 'Gold' : 'Silver' },
  };
}

function customersAnswer(request: FakeRequest) {
  const from = Number(request.query.get('from'));
  const search = request.query.get('search');
  if (search) return ok({ customers: [], headers: [header], hasMore: false });
  const page = from === 0 ? Array.from({ length: 10 }, (_, index) => row(index)) : [row(10), row(11)];
  return ok({ customers: page, headers: [header], hasMore: from === 0 });
}

describe('CustomersPage', () => {
  it('selects the first segment, lists its customers with the attribute columns and pages by 10', async () => {
    const api = installFakeApi({
      'GET /api/customer-segments': ok({ segments }),
      'GET /api/customer-groups': ok({ groups: [] }),
      'GET /api/customers': customersAnswer,
    });
    const user = userEvent.setup();
    const view = renderWithRouter(<CustomersPage canEdit />, { initialPath: '/customer-master/customers' });
    const table = await screen.findByRole('table', { name: 'Customers' });
    await within(table).findByText('Customer 0');
    expect(screen.getByRole('button', { name: 'VIP (12)' })).toHaveAttribute('aria-current', 'true');
    expect(api.calls('GET /api/customers').every((call) => call.query.get('tags') === segments[0]!.id)).toBe(true);
    expect(api.calls('GET /api/customers')[0]!.query.get('perPage')).toBe('10');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['', 'Name', 'Phone Number', 'Loyalty Tier', 'Action']);
    expect(within(table).getByRole('link', { name: 'Customer 1' })).toHaveAttribute(
      'href',
      `/customer-master/customers/view/${uuid('8000', 1)}`,
    );
    expect(screen.getByRole('button', { name: 'Upload' })).toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await within(table).findByText('Customer 11');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    expect(view.currentPath()).toContain('from=10');

    // Another segment starts again at the first page.
    await user.click(screen.getByRole('button', { name: 'Leads (0)' }));
    await waitFor(() => expect(api.calls('GET /api/customers').at(-1)!.query.get('tags')).toBe(segments[1]!.id));
    expect(api.calls('GET /api/customers').at(-1)!.query.get('from')).toBe('0');
  });

  it('filters by a group from the first page, and shows every group again when cleared', async () => {
    const groups = [
      { id: uuid('b000', 1), name: 'Pune walk-ins' },
      { id: uuid('b000', 2), name: 'Call back' },
    ];
    const api = installFakeApi({
      'GET /api/customer-segments': ok({ segments }),
      'GET /api/customer-groups': ok({ groups }),
      'GET /api/customers': (request) =>
        request.query.get('groups') === groups[1]!.id
          ? ok({ customers: [row(42)], headers: [header], hasMore: false })
          : customersAnswer(request),
    });
    const user = userEvent.setup();
    const view = renderWithRouter(<CustomersPage canEdit />, {
      initialPath: '/customer-master/customers?from=10',
    });
    const table = await screen.findByRole('table', { name: 'Customers' });
    await within(table).findByText('Customer 11');

    const filter = screen.getByRole('combobox', { name: 'Filter by Group' });
    await user.type(filter, 'zz');
    expect(await screen.findByText('No groups')).toBeInTheDocument();
    await user.clear(filter);
    await user.click(filter);
    await user.click(await screen.findByRole('option', { name: 'Call back' }));
    await within(table).findByText('Customer 42');
    const last = api.calls('GET /api/customers').at(-1)!;
    expect(last.query.get('groups')).toBe(groups[1]!.id);
    expect(last.query.get('tags')).toBe(segments[0]!.id);
    expect(last.query.get('from')).toBe('0');
    expect(view.currentPath()).toContain(`group=${groups[1]!.id}`);

    // Mantine keeps its clear button out of the accessibility tree (aria-hidden); a mouse user clicks it.
    await user.click(screen.getByLabelText('Clear Group Filter'));
    await within(table).findByText('Customer 0');
    expect(api.calls('GET /api/customers').at(-1)!.query.has('groups')).toBe(false);
  });

  it('drops a group filter whose group no longer exists', async () => {
    const api = installFakeApi({
      'GET /api/customer-segments': ok({ segments }),
      'GET /api/customer-groups': ok({ groups: [] }),
      'GET /api/customers': customersAnswer,
    });
    const view = renderWithRouter(<CustomersPage canEdit />, {
      initialPath: `/customer-master/customers?group=${uuid('b000', 9)}`,
    });
    await waitFor(() => expect(view.currentPath()).not.toContain('group='));
    await screen.findByText('Customer 0');
    expect(api.calls('GET /api/customers').at(-1)!.query.has('groups')).toBe(false);
  });

  it('searches after a pause and says No Record Found', async () => {
    const api = installFakeApi({
      'GET /api/customer-segments': ok({ segments: [] }),
      'GET /api/customer-groups': ok({ groups: [] }),
      'GET /api/customers': customersAnswer,
    });
    const user = userEvent.setup();
    renderWithRouter(<CustomersPage canEdit />, { initialPath: '/customer-master/customers' });
    await screen.findByText('Customer 0');
    expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
    // Pasted as one input: typed letter by letter, a loaded machine can pause longer than the debounce.
    await user.click(screen.getByRole('textbox', { name: 'Search Customers' }));
    await user.paste('zebra');
    expect(await screen.findByText(customerMessages.noRecord)).toBeInTheDocument();
    const searches = api.calls('GET /api/customers').filter((call) => call.query.get('search'));
    expect(searches.map((call) => call.query.get('search'))).toEqual(['zebra']);
  });

  it('create segment: Save waits for a name, which is sent trimmed; one dialog at a time, empty each time', async () => {
    const api = installFakeApi({
      'GET /api/customer-segments': ok({ segments }),
      'GET /api/customer-groups': ok({ groups: [] }),
      'GET /api/customers': customersAnswer,
      'POST /api/customer-segments': (request) =>
        ok({ id: uuid('a000', 3), name: (request.body as { name: string }).name, count: 0 }),
    });
    const user = userEvent.setup();
    renderWithRouter(<CustomersPage canEdit />, { initialPath: '/customer-master/customers' });
    await screen.findByText('Customer 0');

    await user.click(screen.getByRole('button', { name: 'Create Segment' }));
    let dialog = await screen.findByRole('dialog', { name: 'Create Segment' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const input = within(dialog).getByRole('textbox', { name: 'Segment Name' });
    await user.type(input, '   ');
    await user.tab();
    expect(within(dialog).getByText(customerMessages.required)).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.clear(input);
    await user.type(input, '  Weekend buyers ');
    await user.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST /api/customer-segments')[0]!.body).toEqual({ name: 'Weekend buyers' });

    await user.click(screen.getByRole('button', { name: 'Create Group' }));
    dialog = await screen.findByRole('dialog', { name: 'Create Group' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Group Name' }), 'Half typed');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Create Group' }));
    dialog = await screen.findByRole('dialog', { name: 'Create Group' });
    expect(within(dialog).getByRole('textbox', { name: 'Group Name' })).toHaveValue('');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  }, 20_000);

  it('attaches a label to the checked customers', async () => {
    const api = installFakeApi({
      'GET /api/customer-segments': ok({ segments }),
      'GET /api/customer-groups': ok({ groups: [] }),
      'GET /api/customers': customersAnswer,
      'POST /api/customers/map-segments': ok({}),
    });
    const user = userEvent.setup();
    renderWithRouter(<CustomersPage canEdit />, { initialPath: '/customer-master/customers' });
    await screen.findByText('Customer 0');
    expect(screen.getByRole('button', { name: 'Attach Label' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select Customer 2' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Customer 3' }));
    expect(screen.getByText('2 customers selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Attach Label' }));
    const dialog = await screen.findByRole('dialog', { name: 'Attach Label' });
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Labels' }));
    await user.click(await screen.findByRole('option', { name: 'Leads' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('POST /api/customers/map-segments')).toHaveLength(1));
    expect(api.calls('POST /api/customers/map-segments')[0]!.body).toEqual({
      ids: [segments[1]!.id],
      customerIds: [uuid('8000', 2), uuid('8000', 3)],
    });
    // The counts are asked again.
    await waitFor(() => expect(api.calls('GET /api/customer-segments').length).toBeGreaterThan(1));
  }, 20_000);

  it('a viewer cannot create, upload, delete or label', async () => {
    installFakeApi({
      'GET /api/customer-segments': ok({ segments }),
      'GET /api/customer-groups': ok({ groups: [] }),
      'GET /api/customers': customersAnswer,
    });
    renderWithRouter(<CustomersPage canEdit={false} />, { initialPath: '/customer-master/customers' });
    await screen.findByText('Customer 0');
    for (const name of ['Create Customer', 'Upload', 'Create Segment', 'Attach Label', 'Delete Customer 0'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });
});
