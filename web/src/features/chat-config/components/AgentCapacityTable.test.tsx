import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatAgent } from '@parley/contracts/conversations';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { AgentCapacityTable, capacitySavedText } from './AgentCapacityTable';
import { chatAgent, uuid } from './chat-config-fixtures.test-data';

const asha = chatAgent();
const ravi = chatAgent({
  userId: uuid(41),
  name: 'Ravi Menon',
  email: 'ravi@example.com',
  status: 'away',
  capacity: 5,
  openChats: 4,
});

describe('AgentCapacityTable', () => {
  it("lists the agents with their status and open chats, and saves one agent's capacity", async () => {
    const api = installFakeApi({
      'GET /api/chat-config/agents': ok({ agents: [asha, ravi] }),
      [`PUT /api/chat-config/agents/${asha.userId}/capacity`]: (request) =>
        ok({ ...asha, ...(request.body as Pick<ChatAgent, 'capacity'>) }),
    });
    const user = userEvent.setup();
    renderWithRouter(<AgentCapacityTable />);
    const table = await screen.findByRole('table', { name: 'Agents who handle chats' });
    await within(table).findByText('Asha Rao');
    const rows = await within(table).findAllByRole('row');
    expect(rows[1]).toHaveTextContent('Asha Rao');
    expect(rows[1]).toHaveTextContent('asha@example.com');
    expect(rows[1]).toHaveTextContent('Online');
    expect(rows[2]).toHaveTextContent('Away');
    expect(rows[2]).toHaveTextContent('4');

    const save = within(rows[1]!).getByRole('button', { name: 'Save the capacity of Asha Rao' });
    // Nothing to save until the number changes.
    expect(save).toBeDisabled();
    const capacity = within(rows[1]!).getByRole('textbox', { name: 'Capacity of Asha Rao' });
    await user.clear(capacity);
    await user.type(capacity, '6');
    await user.click(save);

    await waitFor(() => expect(api.calls(`PUT /api/chat-config/agents/${asha.userId}/capacity`)).toHaveLength(1));
    expect(api.calls(`PUT /api/chat-config/agents/${asha.userId}/capacity`)[0]!.body).toEqual({ capacity: 6 });
    expect(await screen.findByText(capacitySavedText('Asha Rao', 6))).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('status')).toHaveTextContent('Saved');
    expect(capacity).toHaveValue('6');
    // Ravi's row was not touched.
    expect(api.requests.filter((request) => request.method === 'PUT')).toHaveLength(1);
  });

  it('refuses a capacity above the limit and shows a refused save beside the field (Enter saves)', async () => {
    const api = installFakeApi({
      'GET /api/chat-config/agents': ok({ agents: [asha] }),
      [`PUT /api/chat-config/agents/${asha.userId}/capacity`]: fail(400, 1400, 'Please check the highlighted fields', {
        fieldErrors: { capacity: 'Asha Rao no longer handles chats' },
      }),
    });
    const user = userEvent.setup();
    renderWithRouter(<AgentCapacityTable />);
    const capacity = await screen.findByRole('textbox', { name: 'Capacity of Asha Rao' });
    await user.clear(capacity);
    await user.type(capacity, '99{Enter}');
    expect(screen.getByText('Enter a number from 0 to 50')).toBeInTheDocument();
    expect(api.calls(`PUT /api/chat-config/agents/${asha.userId}/capacity`)).toHaveLength(0);

    await user.clear(capacity);
    await user.type(capacity, '4{Enter}');
    expect(await screen.findByText('Asha Rao no longer handles chats')).toBeInTheDocument();
  });

  it('says when no one handles chats yet', async () => {
    installFakeApi({ 'GET /api/chat-config/agents': ok({ agents: [] }) });
    renderWithRouter(<AgentCapacityTable />);
    expect(await screen.findByText(/No agent handles chats yet/)).toBeInTheDocument();
  });
});
