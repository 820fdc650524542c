import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CampaignListItem } from '@parley/contracts/campaigns';
import { installFakeApi, ok, type FakeRequest } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { toastStore } from '../../../lib/toast';
import { CampaignsPage } from './CampaignsPage';

const everything = { canCreate: true, canEdit: true, canDelete: true, canManageRules: false };

function item(n: number, overrides: Partial<CampaignListItem> = {}): CampaignListItem {
  return {
    id: `0ca00000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
    name: `Campaign ${n}`,
    channelName: 'Sandbox WhatsApp',
    templateName: 'diwali_offer',
    status: 'DRAFT',
    createdBy: 'Maya Maker',
    createdOn: '2026-11-20T09:00:00.000Z',
    updatedOn: '2026-11-21T09:00:00.000Z',
    nextRunAt: null,
    ...overrides,
  };
}

const toastMessages = () => toastStore.getState().notifications.map((toast) => String(toast.message));

describe('CampaignsPage', () => {
  it('invites to create the first campaign when there is none', async () => {
    installFakeApi({ 'GET /api/campaigns': ok({ campaigns: [], more: false }) });
    renderWithRouter(<CampaignsPage {...everything} />);
    expect(await screen.findByText('No campaigns yet')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Campaigns' });
    expect(within(table).getByRole('link', { name: 'Create Campaign' })).toHaveAttribute(
      'href',
      '/campaigns/campaigns-list/new',
    );
  });

  it('offers no create, clone or delete to a user who may only view, and the rules to an admin', async () => {
    installFakeApi({ 'GET /api/campaigns': ok({ campaigns: [item(1, { status: 'RUNNING' })], more: false }) });
    const user = userEvent.setup();
    renderWithRouter(<CampaignsPage canCreate={false} canEdit={false} canDelete={false} canManageRules />);
    const row = (await screen.findByRole('link', { name: 'Campaign 1' })).closest('tr')!;
    expect(within(row).getByText('Running')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create Campaign' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Protection rules' })).toHaveAttribute('href', '/campaigns/rules');
    expect(within(row).getByRole('link', { name: 'View Campaign 1' })).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'More actions for Campaign 1' }));
    expect(await screen.findByRole('menuitem', { name: 'Report' })).toHaveAttribute(
      'href',
      '/campaigns/report/0ca00000-0000-4000-8000-000000000001',
    );
    expect(screen.queryByRole('menuitem', { name: 'Clone' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('searches by name after the typing stops and filters by status', async () => {
    const api = installFakeApi({
      'GET /api/campaigns': (request: FakeRequest) => {
        const search = request.query.get('search') ?? '';
        const status = request.query.get('status');
        const rows = [item(1), item(2, { name: 'Winter sale', status: 'REJECTED' })].filter(
          (row) => row.name.toLowerCase().includes(search.toLowerCase()) && (!status || row.status === status),
        );
        return ok({ campaigns: rows, more: false });
      },
    });
    const user = userEvent.setup();
    renderWithRouter(<CampaignsPage {...everything} />);
    await screen.findByRole('link', { name: 'Winter sale' });
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'win');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Campaign 1' })).not.toBeInTheDocument());
    // One request for the whole word, not one per letter.
    expect(api.calls('GET /api/campaigns').map((request) => request.query.get('search'))).toEqual(['', 'win']);

    await user.clear(screen.getByRole('textbox', { name: 'Name' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Rejected' }));
    await waitFor(() => expect(api.requests.at(-1)?.query.get('status')).toBe('REJECTED'));
    expect(await screen.findByRole('link', { name: 'Winter sale' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Campaign 1' })).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'summer');
    expect(await screen.findByText('No Record')).toBeInTheDocument();
    expect(screen.queryByText('No campaigns yet')).not.toBeInTheDocument();
  });

  it('deletes a campaign only after the confirmation', async () => {
    let rows = [item(1), item(2)];
    const api = installFakeApi({
      'GET /api/campaigns': () => ok({ campaigns: rows, more: false }),
      [`DELETE /api/campaigns/${item(2).id}`]: () => {
        rows = rows.filter((row) => row.id !== item(2).id);
        return ok({});
      },
    });
    const user = userEvent.setup();
    renderWithRouter(<CampaignsPage {...everything} />);
    await user.click(await screen.findByRole('button', { name: 'More actions for Campaign 2' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete campaign' });
    expect(dialog).toHaveTextContent('Delete the campaign "Campaign 2"?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls(`DELETE /api/campaigns/${item(2).id}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'More actions for Campaign 2' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete campaign' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Campaign 2' })).not.toBeInTheDocument());
    expect(api.calls(`DELETE /api/campaigns/${item(2).id}`)).toHaveLength(1);
    expect(toastMessages()).toContain('Campaign deleted');
  });

  it('cannot delete a running campaign', async () => {
    installFakeApi({ 'GET /api/campaigns': ok({ campaigns: [item(1, { status: 'RUNNING' })], more: false }) });
    const user = userEvent.setup();
    renderWithRouter(<CampaignsPage {...everything} />);
    await user.click(await screen.findByRole('button', { name: 'More actions for Campaign 1' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete' })).toBeDisabled();
  });

  it('clones a campaign and opens the copy', async () => {
    const copy = item(9, { name: 'Campaign 1 (copy)' });
    const api = installFakeApi({
      'GET /api/campaigns': ok({ campaigns: [item(1)], more: false }),
      [`POST /api/campaigns/${item(1).id}/clone`]: ok({ campaign: { id: copy.id } }),
    });
    const user = userEvent.setup();
    const view = renderWithRouter(<CampaignsPage {...everything} />);
    await user.click(await screen.findByRole('button', { name: 'More actions for Campaign 1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Clone' }));
    await waitFor(() => expect(view.pathname()).toBe(`/campaigns/campaigns-list/${copy.id}`));
    expect(api.calls(`POST /api/campaigns/${item(1).id}/clone`)).toHaveLength(1);
    expect(toastMessages()).toContain('Campaign cloned');
  });
});
