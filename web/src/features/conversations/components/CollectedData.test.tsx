import { screen, within } from '@testing-library/react';
import { installFakeApi } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { conversation } from './conversations-test-data';
import { CustomerPanel } from './CustomerPanel';

const closed = conversation(1, { state: 3, handler: 'bot', participants: [], closedAt: '2026-11-21T10:00:00.000Z' });

function renderPanel(collected: Parameters<typeof CustomerPanel>[0]['detail']['collected']) {
  installFakeApi({});
  renderWithRouter(
    <CustomerPanel
      detail={{ conversation: closed, collected, previous: [] }}
      canViewCustomer={false}
      canEditCustomer={false}
      onOpenConversation={() => undefined}
    />,
  );
}

describe('Collected Data in the customer panel', () => {
  it('lists each variable with its value and whether it was saved to the customer, or why not', () => {
    renderPanel({
      at: '2026-11-21T10:00:30.000Z',
      values: [
        {
          name: 'email',
          value: 'not-an-email',
          field: 'email',
          fieldLabel: 'Email',
          written: false,
          reason: 'Email must be a valid email address',
        },
        {
          name: 'preferred date',
          value: '2026-12-20',
          field: 'PreferredDate',
          fieldLabel: 'Preferred Date',
          written: true,
        },
        { name: 'name', value: 'Ravi Kumar', field: 'name', fieldLabel: 'Name', written: true },
        {
          name: 'favourite colour',
          value: 'blue',
          field: null,
          fieldLabel: null,
          written: false,
          reason: 'No customer field has this name',
        },
      ],
    });
    expect(screen.getByRole('heading', { name: 'Collected Data' })).toBeInTheDocument();
    const list = screen.getByLabelText('Collected data');
    const rows = within(list)
      .getAllByRole('term')
      .map((term) => term.parentElement!.textContent);
    expect(rows).toEqual([
      'emailnot-an-emailNot saved: Email must be a valid email address',
      'preferred date2026-12-20Saved to customer',
      'nameRavi KumarSaved to customer',
      'favourite colourblueNot saved: No customer field has this name',
    ]);
  });

  it('names the field a value was saved to when it is called differently', () => {
    renderPanel({
      at: '2026-11-21T10:00:30.000Z',
      values: [{ name: 'mail id', value: 'ravi@example.com', field: 'email', fieldLabel: 'Email', written: true }],
    });
    expect(screen.getByText('Saved to customer as Email')).toBeInTheDocument();
  });

  it('is not shown when nothing was collected', () => {
    renderPanel(null);
    expect(screen.getByRole('heading', { name: 'Chat Tags' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Collected Data' })).not.toBeInTheDocument();
  });

  it('is not shown when the agent found none of its variables', () => {
    renderPanel({ at: '2026-11-21T10:00:30.000Z', values: [] });
    expect(screen.queryByRole('heading', { name: 'Collected Data' })).not.toBeInTheDocument();
  });
});
