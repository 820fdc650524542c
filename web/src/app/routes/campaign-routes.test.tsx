import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@parley/contracts/messages';
import { defaultFeatureFlags } from '@parley/contracts/permissions';
import { installFakeApi, ok } from '../../test/fake-api';
import { renderWithRouter } from '../../test/render-app';
import { sessionUserWithRoles } from '../../test/session-users';
import { setSessionToken } from '../../lib/session-token';
import { AppRoutes } from '../AppRoutes';
import { realtime } from '../shell/realtime-connection';

class SilentSocket {
  readyState = 0;
  onopen = null;
  onmessage = null;
  onclose = null;
  onerror = null;
  send() {}
  close() {}
}

const ACTIVITY = '5a5a0000-0000-4000-8000-0000000000a1';
const checker = (flags: Partial<typeof defaultFeatureFlags> = {}, recordExternalCampaigns = false) => {
  const user = sessionUserWithRoles([5], { flags: { ...defaultFeatureFlags, ...flags } });
  return { ...user, enterprise: { ...user.enterprise, recordExternalCampaigns } };
};

describe('campaign routes', () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', SilentSocket);
    setSessionToken('tok');
  });
  afterEach(() => realtime.stop());

  it("a checker's Approved page offers Start with the estimate when the enterprise turned CAMPAIGN_ESTIMATE on", async () => {
    const api = installFakeApi({
      'GET /api/account/me': ok(checker({ CAMPAIGN_ESTIMATE: true })),
      'GET /api/campaigns/activities': ok({
        activities: [
          {
            id: ACTIVITY,
            campaignId: '5a5a0000-0000-4000-8000-0000000000c1',
            name: 'Spring sale',
            state: 'APPROVED',
            channelName: 'Sales',
            departmentName: null,
            campaignVersion: 1,
            submittedBy: { id: 'u-maker', name: 'Mona Maker' },
            submittedOn: '2026-11-20T10:00:00.000Z',
            decidedBy: { id: 'u-c', name: 'Ada Lovelace' },
            decidedOn: '2026-11-20T11:00:00.000Z',
            rejectReason: null,
            startedOn: null,
            nextRunAt: null,
            targeted: 900,
          },
        ],
        more: false,
      }),
      [`GET /api/campaigns/activities/${ACTIVITY}/estimate`]: ok({
        currencySymbol: '$',
        estimatedRate: 12.5,
        recipients: 900,
        unpriced: 0,
        budgetLeft: null,
      }),
    });
    const user = userEvent.setup();
    renderWithRouter(<AppRoutes />, { initialPath: '/campaigns/approved' });
    // The shell and the page load lazily; the first render of a cold run can take a while.
    expect(await screen.findByRole('heading', { name: 'Approved', level: 1 }, { timeout: 15_000 })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Start Spring sale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start Campaign' });
    expect(await within(dialog).findByRole('group', { name: 'Cost estimate' })).toHaveTextContent('$12.50');
    expect(api.calls('GET /api/campaigns/activities')[0]!.query.get('state')).toBe('APPROVED');
  }, 20_000);

  it('keeps the protection rules and the external report from those who may not open them', async () => {
    installFakeApi({ 'GET /api/account/me': ok(checker()) });
    const view = renderWithRouter(<AppRoutes />, { initialPath: '/campaigns/rules' });
    expect(
      await screen.findByRole('heading', { name: messages.accessDenied }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    view.unmount();

    renderWithRouter(<AppRoutes />, { initialPath: '/campaigns/externalreport' });
    expect(await screen.findByRole('heading', { name: messages.accessDenied })).toBeInTheDocument();
  }, 20_000);

  it('opens the External Campaign Report where the enterprise records external campaigns', async () => {
    installFakeApi({
      'GET /api/account/me': ok(checker({}, true)),
      'GET /api/campaigns/external-report': ok({ campaigns: [], more: false }),
    });
    renderWithRouter(<AppRoutes />, { initialPath: '/campaigns/externalreport' });
    expect(
      await screen.findByRole('heading', { name: 'External Campaign Report', level: 1 }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('No Record')).toBeInTheDocument();
  }, 20_000);
});
