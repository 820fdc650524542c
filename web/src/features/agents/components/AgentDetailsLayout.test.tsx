import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { AgentDetails } from '@parley/contracts/agents';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { useUnsavedChangesGuard } from '../../../components/UnsavedChangesGuard';
import { AgentDetailsContext } from './agent-details-context';
import { AgentDetailsLayout } from './AgentDetailsLayout';
import { AgentHeader } from './AgentHeader';

const ID = '7e7e0000-0000-4000-8000-0000000000b1';
const agent: AgentDetails = {
  id: ID,
  name: 'Billing Bot',
  description: 'Answers billing questions',
  type: 'nlp',
  trainingStatus: 'not_trained',
  trainingMessage: null,
  trainedAt: null,
  createdAt: '2026-11-21T09:00:00.000Z',
  updatedAt: '2026-11-21T09:00:00.000Z',
  eId: '7e7e0000-0000-4000-8000-0000000000e1',
  config: {
    entityExtractRetries: 2,
    outOfScopeMessage: 'Sorry',
    modelType: 'SVM',
    confidenceThreshold: 0.5,
    language: 'en',
    openaiKey: null,
  },
  promptConfig: { openaiKey: null, prompt: '', extractData: false, userData: [] },
  storyCount: 0,
  intentCount: 0,
  entityCount: 0,
};

function renderLayout(path: string) {
  return renderWithRouter(
    <Routes>
      <Route path="/bots/:id/*" element={<AgentDetailsLayout id={ID} />} />
      <Route path="/bots" element={<p>Agents list</p>} />
    </Routes>,
    { initialPath: path },
  );
}

/** Stands for a tab's editor: its unsaved-changes guard. */
function OpenEditor({ unsaved }: { unsaved: boolean }) {
  return useUnsavedChangesGuard(unsaved).dialog;
}

describe('AgentHeader', () => {
  function renderHeader(unsaved: boolean) {
    return renderWithRouter(
      <Routes>
        <Route
          path="/bots/:id/*"
          element={
            <AgentDetailsContext.Provider
              value={{
                agent,
                unsaved,
                setUnsaved: () => undefined,
                registerLeaveGuard: () => undefined,
                confirmLeave: (leave: () => void) => leave(),
              }}
            >
              <AgentHeader tryItOpen={false} onToggleTryIt={() => undefined} />
              <OpenEditor unsaved={unsaved} />
            </AgentDetailsContext.Provider>
          }
        />
        <Route path="/bots" element={<p>Agents list</p>} />
      </Routes>,
      { initialPath: `/bots/${ID}/intents` },
    );
  }

  it('asks Discard / Stay before Back leaves an editor with unsaved changes', async () => {
    const user = userEvent.setup();
    const view = renderHeader(true);
    await user.click(screen.getByRole('button', { name: 'Back to agents' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved Changes' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(view.pathname()).toBe(`/bots/${ID}/intents`);
    await user.click(screen.getByRole('button', { name: 'Back to agents' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Unsaved Changes' })).getByRole('button', { name: 'Discard' }),
    );
    await waitFor(() => expect(view.pathname()).toBe('/bots'));
  }, 15_000);

  it('goes back to the agents without unsaved changes', async () => {
    const user = userEvent.setup();
    const view = renderHeader(false);
    await user.click(screen.getByRole('button', { name: 'Back to agents' }));
    expect(view.pathname()).toBe('/bots');
  });
});

describe('AgentDetailsLayout', () => {
  it('opens an NLP agent on its intents and dims the tabs while Try it is open', async () => {
    installFakeApi({ [`GET /api/agents/${ID}`]: ok(agent) });
    const user = userEvent.setup();
    const view = renderLayout(`/bots/${ID}`);
    expect(await screen.findByRole('heading', { name: 'Billing Bot', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(view.pathname()).toBe(`/bots/${ID}/intents`));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Intents',
      'Entities',
      'Configuration',
      'Designer',
      'Prompt Configuration',
      'GenAI',
      'Call Classification',
      'Sentiment',
      'NLP Report',
    ]);
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Intents' })).toHaveAttribute('aria-selected', 'true'));

    await user.click(screen.getByRole('button', { name: 'Try it' }));
    const main = screen.getByTestId('agent-details-main');
    expect(main).toHaveStyle({ opacity: '0.2', pointerEvents: 'none' });
    expect(screen.getByText('No messages available')).toBeInTheDocument();

    // An empty message is not sent; a real one shows, and the server's refusal shows as an error bubble.
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('No messages available')).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('Start Typing.....'), 'hello{Enter}');
    expect(screen.getByText('hello')).toBeInTheDocument();
    expect(await screen.findByRole('alert', { name: 'Agent error' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close Try it' }));
    expect(screen.queryByText('No messages available')).not.toBeInTheDocument();
    expect(main).not.toHaveStyle({ opacity: '0.2' });
  }, 20_000);

  it('opens a prompt agent on its prompt with two tabs', async () => {
    installFakeApi({ [`GET /api/agents/${ID}`]: ok({ ...agent, type: 'prompt' }) });
    const view = renderLayout(`/bots/${ID}`);
    await waitFor(() => expect(view.pathname()).toBe(`/bots/${ID}/prompt`));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Prompt Configuration',
      'Knowledge Base',
    ]);
    expect(screen.getByRole('tab', { name: 'Knowledge Base' })).toHaveAttribute('href', `/bots/${ID}/gen-ai/prompt`);
  });

  it('says when the agent does not exist', async () => {
    installFakeApi({ [`GET /api/agents/${ID}`]: fail(404, 1404, 'Not found') });
    renderLayout(`/bots/${ID}/intents`);
    expect(await screen.findByRole('heading', { name: 'Agent not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Agents' })).toHaveAttribute('href', '/bots');
  });
});
