import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultAgentConfig, type AgentDetails } from '@parley/contracts/agents';
import { installFakeApi, ok } from '../../../../test/fake-api';
import { renderWithRouter } from '../../../../test/render-app';
import { AgentDetailsContext } from '../agent-details-context';
import AgentConfigurationTab from './AgentConfigurationTab';

const AGENT = '7e7e0000-0000-4000-8000-0000000000b1';
const CONFIG = '7e7e0000-0000-4000-8000-0000000000c1';

const agent: AgentDetails = {
  id: AGENT,
  eId: '7e7e0000-0000-4000-8000-0000000000e1',
  name: 'Front desk',
  description: 'Hotel questions',
  type: 'nlp',
  trainingStatus: 'not_trained',
  trainingMessage: null,
  trainedAt: null,
  createdAt: '2026-11-21T09:00:00.000Z',
  updatedAt: '2026-11-21T09:00:00.000Z',
  config: { ...defaultAgentConfig },
  promptConfig: { openaiKey: null, prompt: '', extractData: false, userData: [] },
  storyCount: 0,
  intentCount: 0,
  entityCount: 0,
};

function renderTab() {
  return renderWithRouter(
    <AgentDetailsContext.Provider
      value={{
        agent,
        unsaved: false,
        setUnsaved: () => undefined,
        registerLeaveGuard: () => undefined,
        confirmLeave: (leave: () => void) => leave(),
      }}
    >
      <AgentConfigurationTab />
    </AgentDetailsContext.Provider>,
  );
}

describe('AgentConfigurationTab', () => {
  beforeAll(() => {
    // jsdom has no FontFaceSet; Mantine's autosize textarea listens to it.
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() },
      });
  });

  it('creates a configuration in the modal without saving the tab, and selects it', async () => {
    const created = { id: CONFIG, name: 'Support OpenAI', llm: 1 };
    const api = installFakeApi({
      'GET /api/genai/configs': () => ok(api.calls('POST /api/genai/configs').length > 0 ? [created] : []),
      'POST /api/genai/configs': ok(created),
      [`PUT /api/agents/${AGENT}/config`]: (request) => ok(request.body),
    });
    const user = userEvent.setup();
    renderTab();

    await user.click(await screen.findByRole('button', { name: 'Create Configuration' }));
    const modal = await screen.findByRole('dialog', { name: 'Create Configuration' });
    expect(within(modal).queryByText('Configuration name should not be empty')).not.toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(within(modal).getByText('Configuration name should not be empty')).toBeInTheDocument();
    expect(within(modal).getByText('API Key should not be empty')).toBeInTheDocument();
    expect(within(modal).getByText('LLM Type should not be empty')).toBeInTheDocument();

    await user.type(within(modal).getByLabelText('Configuration Name', { exact: false }), 'Support OpenAI');
    expect(within(modal).queryByText('Configuration name should not be empty')).not.toBeInTheDocument();
    await user.click(within(modal).getByRole('combobox', { name: /LLM Type/ }));
    await user.click(await screen.findByRole('option', { name: 'OpenAI' }));
    await user.type(within(modal).getByLabelText(/API Key/), 'sk-test-0123456789');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /Select Configuration/ })).toHaveValue('Support OpenAI'),
    );
    expect(api.calls('POST /api/genai/configs')[0]!.body).toMatchObject({ name: 'Support OpenAI', llm: 1 });
    // The modal's submit never reached the tab's form.
    expect(api.calls(`PUT /api/agents/${AGENT}/config`)).toHaveLength(0);
  }, 20_000);

  it('refuses retries below 1 before calling the server, and hides the threshold for GPT2', async () => {
    const api = installFakeApi({ 'GET /api/genai/configs': ok([]) });
    const user = userEvent.setup();
    renderTab();
    const retries = await screen.findByRole('textbox', { name: /Entity Extract Retries/ });
    await user.clear(retries);
    await user.type(retries, '0');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Entity extract retries value cannot be less than 1')).toBeInTheDocument();
    expect(api.calls(`PUT /api/agents/${AGENT}/config`)).toHaveLength(0);

    expect(screen.getByRole('textbox', { name: /Threshold/ })).toHaveAttribute('readonly');
    await user.click(screen.getByRole('combobox', { name: /Model Type/ }));
    await user.click(await screen.findByRole('option', { name: 'GPT2' }));
    expect(screen.queryByRole('textbox', { name: /Threshold/ })).not.toBeInTheDocument();
  });
});
