import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithRouter } from '../../../../test/render-app';
import { SynonymsPopup } from './SynonymsPopup';

function renderPopup(synonyms: string[]) {
  const onApply = vi.fn();
  const onClose = vi.fn();
  renderWithRouter(<SynonymsPopup opened value="Delhi" synonyms={synonyms} onApply={onApply} onClose={onClose} />);
  return { onApply, onClose, dialog: screen.getByRole('dialog', { name: 'Delhi' }) };
}

describe('SynonymsPopup', () => {
  it('refuses an empty synonym, adds, edits and deletes entries, and hands back the non-blank ones', async () => {
    const { onApply, dialog } = renderPopup(['New Delhi', 'Dilli']);
    const popup = within(dialog);
    await userEvent.click(popup.getByRole('button', { name: 'Add synonym' }));
    expect(popup.getByText('Empty synonyms cannot be added')).toBeInTheDocument();

    await userEvent.type(popup.getByRole('textbox', { name: 'New synonym' }), 'NCR{Enter}');
    expect(popup.getByRole('textbox', { name: 'Synonym 3' })).toHaveValue('NCR');
    expect(popup.getByRole('textbox', { name: 'New synonym' })).toHaveValue('');

    await userEvent.clear(popup.getByRole('textbox', { name: 'Synonym 1' }));
    await userEvent.click(popup.getByRole('button', { name: 'Delete synonym 2' }));
    await userEvent.click(popup.getByRole('button', { name: 'Add' }));
    expect(onApply).toHaveBeenCalledWith(['NCR']);
  });

  it('refuses a synonym already in the list and closes without applying', async () => {
    const { onApply, onClose, dialog } = renderPopup(['Dilli']);
    const popup = within(dialog);
    await userEvent.type(popup.getByRole('textbox', { name: 'New synonym' }), 'dilli');
    await userEvent.click(popup.getByRole('button', { name: 'Add synonym' }));
    expect(popup.getByText('This synonym is already in the list')).toBeInTheDocument();
    await userEvent.click(popup.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
    expect(onApply).not.toHaveBeenCalled();
  });
});
