import { act, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { showToast } from '../lib/toast';
import { theme } from './theme';
import { ToastHost } from './ToastHost';

function renderHost() {
  return render(
    <MantineProvider theme={theme} env="test">
      <ToastHost />
    </MantineProvider>,
  );
}

describe('ToastHost', () => {
  it('shows the same error once however often it is reported', async () => {
    renderHost();
    act(() => {
      for (let i = 0; i < 5; i += 1) showToast('Something went wrong', { tone: 'error' });
    });
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getAllByText('Something went wrong')).toHaveLength(1);
  });

  it('shows at most three toasts at once, the rest after', async () => {
    renderHost();
    act(() => {
      for (const text of ['One saved', 'Two saved', 'Three saved', 'Four saved']) showToast(text, { tone: 'success' });
    });
    expect(await screen.findByText('Three saved')).toBeInTheDocument();
    expect(screen.getByText('One saved')).toBeInTheDocument();
    expect(screen.queryByText('Four saved')).not.toBeInTheDocument();
  });

  it('keeps different messages apart', async () => {
    renderHost();
    act(() => {
      showToast('Template saved', { tone: 'success' });
      showToast('Template saved', { tone: 'error' });
    });
    expect(await screen.findAllByText('Template saved')).toHaveLength(2);
  });
});
