import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AgentSummary } from '@parley/contracts/agents';
import { installFakeApi, ok } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { AgentsListPage } from './AgentsListPage';

function summary(index: number, extra: Partial<AgentSummary> = {}): AgentSummary {
  return {
    id: `7e7e0000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    name: `Agent ${index}`,
    description: 'About',
    type: 'nlp',
    trainingStatus: 'not_trained',
    trainingMessage: null,
    trainedAt: null,
    createdAt: '2026-11-21T09:00:00.000Z',
    updatedAt: '2026-11-21T09:00:00.000Z',
    ...extra,
  };
}

describe('AgentsListPage', () => {
  it('shows 15 cards, then the next ones on Show More until there are no more', async () => {
    const api = installFakeApi({
      'GET /api/agents': (request) => {
        const from = Number(request.query.get('from'));
        return from === 0
          ? ok({ agents: Array.from({ length: 15 }, (_, index) => summary(index)), more: true })
          : ok({ agents: [summary(15, { type: 'prompt', trainingStatus: 'trained' })], more: false });
      },
    });
    const user = userEvent.setup();
    renderWithRouter(<AgentsListPage />);
    expect(await screen.findAllByRole('article')).toHaveLength(15);
    expect(screen.getByRole('link', { name: 'Agent 0' })).toHaveAttribute(
      'href',
      '/bots/7e7e0000-0000-4000-8000-000000000000',
    );

    await user.click(screen.getByRole('button', { name: 'Show More' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(16));
    expect(api.calls('GET /api/agents').map((call) => call.query.get('from'))).toEqual(['0', '15']);
    expect(api.calls('GET /api/agents')[1]!.query.get('perPage')).toBe('15');
    const last = screen.getByRole('article', { name: 'Agent 15' });
    expect(last).toHaveTextContent('PROMPT');
    expect(last).toHaveTextContent('Trained');
    expect(screen.getByRole('link', { name: 'Agent 15' })).toHaveAttribute(
      'href',
      '/bots/7e7e0000-0000-4000-8000-000000000015/prompt',
    );
    expect(screen.queryByRole('button', { name: 'Show More' })).not.toBeInTheDocument();
  });

  it('says when there are no agents, and when a search finds none', async () => {
    const api = installFakeApi({ 'GET /api/agents': ok({ agents: [], more: false }) });
    const user = userEvent.setup();
    renderWithRouter(<AgentsListPage />);
    expect(await screen.findByText('No agents yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Create New Agent' })).toHaveLength(2);

    await user.type(screen.getByRole('textbox', { name: 'Search agents' }), 'zebra');
    expect(await screen.findByText('No agents match "zebra"')).toBeInTheDocument();
    // The message follows the box at once; the search goes out after its debounce.
    await waitFor(() => expect(api.calls('GET /api/agents').at(-1)!.query.get('name')).toBe('zebra'));
  });
});
