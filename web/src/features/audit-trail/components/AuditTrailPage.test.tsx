import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, ok } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { AuditTrailPage } from './AuditTrailPage';

describe('AuditTrailPage', () => {
  it('keeps working while an action is typed into the filter, and applies it', async () => {
    const api = installFakeApi({ 'GET /api/admin/audit-trail': ok({ entries: [], more: false }) });
    const user = userEvent.setup();
    renderWithRouter(<AuditTrailPage canListUsers={false} />);
    const action = await screen.findByLabelText('Action');

    await user.type(action, 'account.login');
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-11-01');

    expect(screen.getByLabelText('Action')).toHaveValue('account.login');
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(api.calls('GET /api/admin/audit-trail').at(-1)!.query.get('action')).toBe('account.login'),
    );
  }, 15_000);
});
