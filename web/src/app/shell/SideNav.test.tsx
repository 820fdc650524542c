import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { effectivePermissions } from '@parley/contracts/permissions';
import { renderWithRouter } from '../../test/render-app';
import { SideNav } from './SideNav';

function renderNav(roles: number[], { collapsed = false, path = '/dashboard', recordExternalCampaigns = false } = {}) {
  return renderWithRouter(
    <nav aria-label="Main navigation">
      <SideNav permissions={effectivePermissions(roles)} settings={{ recordExternalCampaigns }} collapsed={collapsed} />
    </nav>,
    { initialPath: path },
  );
}

const headings = () =>
  within(screen.getByRole('navigation'))
    .queryAllByRole('heading')
    .map((heading) => heading.textContent);

describe('SideNav', () => {
  it('shows every group for the Administrator', () => {
    renderNav([1]);
    const nav = within(screen.getByRole('navigation'));
    expect(headings()).toEqual(['MODULE', 'CONFIGURATION', 'MANAGE']);
    for (const label of [
      'Conversations',
      'Campaign Report',
      'NLP Report',
      'Chat Config',
      'Billing',
      'Users',
      'Mail Outbox',
    ]) {
      expect(nav.getAllByRole('link', { name: label }).length).toBeGreaterThan(0);
    }
    expect(nav.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin/users');
    // Gated by an enterprise setting that is off.
    expect(nav.queryByRole('link', { name: 'External Campaign Report' })).not.toBeInTheDocument();
  });

  it('shows only Chat entries for a Handle Chats user', () => {
    renderNav([3]);
    const nav = within(screen.getByRole('navigation'));
    expect(headings()).toEqual(['MODULE']);
    expect(nav.getByRole('button', { name: 'Chat' })).toBeInTheDocument();
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Conversations',
      'History',
      'Just In Time',
      'Meetings',
      'Dialer',
    ]);
    expect(nav.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
  });

  it('lists the Sandbox Phone under Configuration, next to Channels, named like its page', () => {
    renderNav([1]);
    const nav = within(screen.getByRole('navigation'));
    const labels = nav.getAllByRole('link').map((link) => link.textContent);
    expect(labels.indexOf('Sandbox Phone')).toBe(labels.indexOf('Channels') + 1);
    expect(nav.getByRole('link', { name: 'Sandbox Phone' })).toHaveAttribute('href', '/admin/sandbox-phone');
  });

  it('shows the external campaign report when the enterprise records external campaigns', () => {
    renderNav([5], { recordExternalCampaigns: true });
    expect(screen.getByRole('link', { name: 'External Campaign Report' })).toBeInTheDocument();
  });

  it('marks the active entry (the longest matching path)', () => {
    renderNav([1], { path: '/admin/analytics/config' });
    expect(screen.getByRole('link', { name: 'Analytics Config' })).toHaveAttribute('aria-current', 'page');
    const current = screen.getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current).toHaveLength(1);
  });

  it('folds an area', async () => {
    renderNav([3]);
    const area = screen.getByRole('button', { name: 'Chat' });
    expect(area).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(area);
    expect(area).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Conversations' })).not.toBeInTheDocument();
  });

  it('collapsed, shows area icons whose menu lists the entries', async () => {
    renderNav([1], { collapsed: true });
    expect(screen.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Manage' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Users' })).toHaveAttribute('href', '/admin/users');
    expect(within(menu).getByRole('menuitem', { name: 'Mail Outbox' })).toBeInTheDocument();
  });
});
