import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { intentMessages } from '@parley/contracts/agent-stories';
import { theme } from '../../../../app/theme';
import { emptyDraft, type IntentDraft } from './intent-draft';
import { ParametersTable } from './ParametersTable';

const draft: IntentDraft = {
  ...emptyDraft,
  parameters: [{ name: 'city', entityId: 'entity-1', required: true, value: '$city', prompts: [] }],
};

describe('ParametersTable', () => {
  it('asks for a prompt only once the prompt field was left empty, not as soon as the entity is tagged', async () => {
    render(
      <MantineProvider theme={theme} env="test">
        <ParametersTable draft={draft} onChange={() => {}} entityNames={new Map([['entity-1', 'city']])} />
      </MantineProvider>,
    );
    const prompt = screen.getByLabelText('Add prompt for city');
    expect(prompt).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(intentMessages.promptEmpty)).not.toBeInTheDocument();

    await userEvent.click(prompt);
    await userEvent.tab();
    expect(prompt).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(intentMessages.promptEmpty)).toBeInTheDocument();
  });
});
