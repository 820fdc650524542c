import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router';
import { renderWithRouter } from '../test/render-app';
import { useUnsavedChangesGuard } from './UnsavedChangesGuard';

function Editor({ onSave }: { onSave: (text: string) => Promise<boolean> }) {
  const [text, setText] = useState('');
  const [stored, setStored] = useState('');
  const [picked, setPicked] = useState('first');
  const guard = useUnsavedChangesGuard(text !== stored, {
    onSave: async () => {
      const saved = await onSave(text);
      if (saved) setStored(text);
      return saved;
    },
    onDiscard: () => setText(stored),
  });
  return (
    <>
      <label>
        Name
        <input value={text} onChange={(event) => setText(event.currentTarget.value)} />
      </label>
      <p>Item {picked}</p>
      <button type="button" onClick={() => guard.confirmLeave(() => setPicked('second'))}>
        Open second
      </button>
      {guard.dialog}
    </>
  );
}

function renderEditor(onSave = vi.fn(async () => true)) {
  const view = renderWithRouter(
    <>
      <Link to="/elsewhere">Elsewhere</Link>
      <Routes>
        <Route path="/editor" element={<Editor onSave={onSave} />} />
        <Route path="/elsewhere" element={<p>Somewhere else</p>} />
      </Routes>
    </>,
    { initialPath: '/editor' },
  );
  return { ...view, onSave };
}

describe('useUnsavedChangesGuard', () => {
  it('leaves without asking while nothing changed', async () => {
    const user = userEvent.setup();
    const view = renderEditor();
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByText('Somewhere else')).toBeInTheDocument();
    expect(view.pathname()).toBe('/elsewhere');
  });

  it('asks before a link leaves unsaved changes: Stay keeps the text, Discard leaves', async () => {
    const user = userEvent.setup();
    const view = renderEditor();
    await user.type(screen.getByLabelText('Name'), 'Draft');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));

    const dialog = await screen.findByRole('dialog', { name: 'Unsaved Changes' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.pathname()).toBe('/editor');
    expect(screen.getByLabelText('Name')).toHaveValue('Draft');

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Unsaved Changes' })).getByRole('button', { name: 'Discard' }),
    );
    expect(await screen.findByText('Somewhere else')).toBeInTheDocument();
    expect(view.onSave).not.toHaveBeenCalled();
  });

  it('Save saves, then leaves; a failed save stays', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => false);
    const view = renderEditor(onSave);
    await user.type(screen.getByLabelText('Name'), 'Draft');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Unsaved Changes' })).getByRole('button', { name: 'Save' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.pathname()).toBe('/editor');

    onSave.mockResolvedValue(true);
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Unsaved Changes' })).getByRole('button', { name: 'Save' }),
    );
    expect(await screen.findByText('Somewhere else')).toBeInTheDocument();
    expect(onSave).toHaveBeenLastCalledWith('Draft');
  });

  it('asks on the browser Back and on in-page exits too', async () => {
    const user = userEvent.setup();
    const view = renderEditor();
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await screen.findByText('Somewhere else');
    await view.router.navigate(-1);
    await user.type(await screen.findByLabelText('Name'), 'Draft');

    await user.click(screen.getByRole('button', { name: 'Open second' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved Changes' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.getByText('Item first')).toBeInTheDocument();

    await view.router.navigate(1);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Unsaved Changes' })).getByRole('button', { name: 'Stay' }),
    );
    expect(view.pathname()).toBe('/editor');
    expect(screen.getByLabelText('Name')).toHaveValue('Draft');
  });

  it('sets the browser prompt on unload only while there are changes', async () => {
    const user = userEvent.setup();
    renderEditor();
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    await user.type(screen.getByLabelText('Name'), 'Draft');
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
});
