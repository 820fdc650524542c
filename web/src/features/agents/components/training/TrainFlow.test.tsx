import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { AgentDetails } from '@parley/contracts/agents';
import type { TrainingState } from '@parley/contracts/nlu';
import { fail, installFakeApi, ok } from '../../../../test/fake-api';
import { renderWithRouter } from '../../../../test/render-app';
import { toastStore } from '../../../../lib/toast';
import { AgentDetailsContext } from '../agent-details-context';
import { AgentHeader } from '../AgentHeader';

const ID = '7e7e0000-0000-4000-8000-0000000000b1';
const agent = {
  id: ID,
  name: 'Flights',
  description: 'Books flights',
  type: 'nlp',
  trainingStatus: 'not_trained',
  trainingMessage: null,
  trainedAt: null,
} as AgentDetails;

const toastMessages = () => toastStore.getState().notifications.map((toast) => String(toast.message));

const state = (trainingStatus: TrainingState['trainingStatus'], trainingMessage: string | null): TrainingState => ({
  trainingStatus,
  trainingMessage,
  trainedAt: trainingStatus === 'training' ? null : '2026-11-21T09:00:00.000Z',
  report: null,
});

function renderHeader() {
  return renderWithRouter(
    <Routes>
      <Route
        path="/bots/:id/*"
        element={
          <AgentDetailsContext.Provider
            value={{
              agent,
              unsaved: false,
              setUnsaved: () => undefined,
              registerLeaveGuard: () => undefined,
              confirmLeave: (leave: () => void) => leave(),
            }}
          >
            <AgentHeader tryItOpen={false} onToggleTryIt={() => undefined} />
          </AgentDetailsContext.Provider>
        }
      />
    </Routes>,
    { initialPath: `/bots/${ID}/intents` },
  );
}

describe('Train Agent', () => {
  it('shows the warning while the job runs, then the Trained badge and the server message', async () => {
    const states = [
      state('training', null),
      state('trained', 'Agent trained on 3 intents and 11 training phrases in 0.4 s'),
    ];
    const api = installFakeApi({
      [`POST /api/agents/${ID}/train`]: ok({ trainingStatus: 'training', trainMessage: 'Training started.' }),
      [`GET /api/agents/${ID}/training`]: () => ok(states.length > 1 ? states.shift() : states[0]),
      [`GET /api/agents/${ID}`]: ok({ ...agent, trainingStatus: 'training' }),
      'GET /api/agents': ok({ agents: [], more: false }),
    });
    const user = userEvent.setup();
    renderHeader();
    expect(screen.getByText('Not Trained')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Train Agent' }));
    expect(await screen.findByText('Please wait while we are building the knowledge base!!')).toBeInTheDocument();
    expect(await screen.findByText('Training Inprogress')).toBeInTheDocument();
    expect(await screen.findByText('Training started.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Trained')).toBeInTheDocument(), { timeout: 6000 });
    expect(screen.queryByText('Please wait while we are building the knowledge base!!')).not.toBeInTheDocument();
    expect(toastMessages()).toContain('Agent trained on 3 intents and 11 training phrases in 0.4 s');
    expect(api.calls(`GET /api/agents/${ID}/training`).length).toBeGreaterThanOrEqual(2);
  });

  it('shows a failed training with its reason', async () => {
    installFakeApi({
      [`POST /api/agents/${ID}/train`]: ok({ trainingStatus: 'training', trainMessage: 'Training started.' }),
      [`GET /api/agents/${ID}/training`]: ok(state('failed', 'Intent greet needs two phrases')),
      [`GET /api/agents/${ID}`]: ok({ ...agent, trainingStatus: 'failed' }),
      'GET /api/agents': ok({ agents: [], more: false }),
    });
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByRole('button', { name: 'Train Agent' }));
    await waitFor(() => expect(screen.getByText('Training Failed')).toBeInTheDocument());
    expect(toastMessages()).toContain('Intent greet needs two phrases');
  });

  it("says the server's reason when training cannot start", async () => {
    installFakeApi({
      [`POST /api/agents/${ID}/train`]: fail(
        400,
        5042,
        'This model type classifies through a GenAI configuration. Select one on the Configuration tab, or choose SVM or Semantic.',
      ),
      [`GET /api/agents/${ID}`]: ok(agent),
      'GET /api/agents': ok({ agents: [], more: false }),
    });
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByRole('button', { name: 'Train Agent' }));
    await waitFor(() =>
      expect(toastMessages()).toContain(
        'This model type classifies through a GenAI configuration. Select one on the Configuration tab, or choose SVM or Semantic.',
      ),
    );
    expect(screen.getByText('Not Trained')).toBeInTheDocument();
  });
});
