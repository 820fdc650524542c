import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CampaignFunnel, CampaignRecipientRow, CampaignStats } from '@parley/contracts/campaigns';
import { installFakeApi, ok } from '../../../../test/fake-api';
import { renderWithRouter } from '../../../../test/render-app';
import { CampaignReportListPage } from './CampaignReportListPage';
import { CampaignReportPage } from './CampaignReportPage';

const CAMPAIGN = '5a5a0000-0000-4000-8000-0000000000c1';
const RUN = '5a5a0000-0000-4000-8000-0000000000f1';

function funnel(overrides: Partial<CampaignFunnel> = {}): CampaignFunnel {
  return {
    targeted: 12_345,
    excluded: 345,
    sent: 12_000,
    delivered: 11_000,
    read: 8_800,
    replied: 1_100,
    clicked: 550,
    failed: 900,
    pending: 100,
    waitingQuietHours: 60,
    fallbackSent: 700,
    fallbackDelivered: 630,
    cost: 4321.5,
    currencySymbol: '₹',
    ...overrides,
  };
}

function stats(overrides: Partial<CampaignStats> = {}): CampaignStats {
  return {
    campaignId: CAMPAIGN,
    name: 'Spring sale',
    funnel: funnel(),
    excludedBy: { blacklisted: 200, optedOut: 145, capped: 0 },
    failedBy: [{ code: '131026', text: 'Message undeliverable', count: 900 }],
    variants: [
      { label: 'A', templateName: 'spring_a', funnel: funnel({ sent: 6000, read: 4800 }) },
      { label: 'B', templateName: 'spring_b', funnel: funnel({ sent: 6000, read: 4000 }) },
    ],
    runs: [{ id: RUN, occurrence: '2026-11-20T04:30:00.000Z', state: 'COMPLETED', funnel: funnel() }],
    daily: [{ date: '2026-11-20', sent: 12_000, delivered: 11_000, read: 8_800, replied: 1_100 }],
    clicksByUrl: [{ url: 'https://shop.example/spring', clicks: 700, uniqueClicks: 550 }],
    ...overrides,
  };
}

function recipient(overrides: Partial<CampaignRecipientRow> = {}): CampaignRecipientRow {
  return {
    phone: '+919876543210',
    name: 'Asha Rao',
    variant: 'A',
    status: 'read',
    statusTime: '2026-11-20T05:00:00.000Z',
    error: null,
    replied: true,
    clicked: false,
    fallback: null,
    ...overrides,
  };
}

describe('CampaignReportPage', () => {
  it("shows the campaign's funnel with percentages, its breakdowns and the recipients table", async () => {
    const api = installFakeApi({
      [`GET /api/campaigns/${CAMPAIGN}/stats`]: (request) =>
        ok(request.query.get('runId') ? stats({ funnel: funnel({ targeted: 500, sent: 400 }) }) : stats()),
      [`GET /api/campaigns/${CAMPAIGN}/recipients`]: (request) =>
        ok({
          recipients:
            request.query.get('status') === 'failed'
              ? [recipient({ phone: '+919876543219', status: 'failed', error: '131026: Message undeliverable' })]
              : [recipient()],
          more: false,
        }),
    });
    const user = userEvent.setup();
    renderWithRouter(<CampaignReportPage campaignId={CAMPAIGN} />);
    expect(await screen.findByRole('heading', { name: 'Spring sale', level: 1 })).toBeInTheDocument();

    const funnelList = screen.getByRole('list', { name: 'Funnel' });
    const stage = (name: string) => within(funnelList).getByRole('listitem', { name });
    expect(stage('Targeted')).toHaveTextContent('12.35K');
    expect(stage('Excluded')).toHaveTextContent('345');
    expect(stage('Excluded')).toHaveTextContent('2.8% of targeted');
    expect(stage('Sent')).toHaveTextContent('12.00K');
    expect(stage('Delivered')).toHaveTextContent('11.00K');
    expect(stage('Delivered')).toHaveTextContent('91.7% of sent');
    expect(stage('Read')).toHaveTextContent('80% of delivered');
    expect(stage('Replied')).toHaveTextContent('1.10K');
    expect(stage('Clicked')).toHaveTextContent('550');

    expect(screen.getByRole('table', { name: 'Failed by error' })).toHaveTextContent('131026: Message undeliverable');
    const exclusions = screen.getByRole('table', { name: 'Excluded by reason' });
    expect(exclusions).toHaveTextContent('Blacklisted');
    expect(exclusions).toHaveTextContent('Opted out');
    expect(exclusions).not.toHaveTextContent('Frequency cap reached');
    expect(screen.getByText('₹4,321.50')).toBeInTheDocument();
    // Why the pending wait: 60 of the 100 are held by quiet hours.
    expect(screen.getByText("60 waiting for quiet hours to end on the customer's clock")).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Clicks by link' })).toHaveTextContent('https://shop.example/spring');
    // A/B: the variants side by side with their rates of sent.
    const variants = screen.getByRole('table', { name: 'Variants' });
    expect(within(variants).getByText('spring_a').closest('tr')).toHaveTextContent('80%');
    expect(within(variants).getByText('spring_b').closest('tr')).toHaveTextContent('66.7%');
    expect(screen.getByRole('figure', { name: 'A/B comparison' })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Daily activity' })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Outcomes' })).toHaveTextContent('Failed: 900');

    const recipients = screen.getByRole('table', { name: 'Recipients' });
    const row = (await within(recipients).findByText('+919876543210')).closest('tr')!;
    expect(row).toHaveTextContent('Asha Rao');
    expect(row).toHaveTextContent('Read');
    expect(api.calls(`GET /api/campaigns/${CAMPAIGN}/recipients`)[0]!.query.get('perPage')).toBe('20');

    await user.click(screen.getByRole('combobox', { name: 'Recipient status' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    expect(await within(recipients).findByText('+919876543219')).toBeInTheDocument();
    expect(recipients).toHaveTextContent('131026: Message undeliverable');

    // One run: the funnel and the recipients of that run.
    await user.click(screen.getByRole('combobox', { name: 'Run' }));
    await user.click(await screen.findByRole('option', { name: /· Completed$/ }));
    await waitFor(() => expect(stage('Targeted')).toHaveTextContent('500'));
    expect(api.calls(`GET /api/campaigns/${CAMPAIGN}/stats`).at(-1)!.query.get('runId')).toBe(RUN);
    await waitFor(() =>
      expect(api.calls(`GET /api/campaigns/${CAMPAIGN}/recipients`).at(-1)!.query.get('runId')).toBe(RUN),
    );
  }, 15_000);

  it('exports the recipients with the same filters as CSV, with the session token', async () => {
    window.localStorage.setItem('parley.sessionToken', 'token-1');
    const api = installFakeApi({
      [`GET /api/campaigns/${CAMPAIGN}/stats`]: ok(stats({ variants: [] })),
      [`GET /api/campaigns/${CAMPAIGN}/recipients`]: ok({ recipients: [recipient()], more: false }),
      [`GET /api/campaigns/${CAMPAIGN}/export.csv`]: { body: 'phone,status' },
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:campaign'), revokeObjectURL: vi.fn() }),
    );
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithRouter(<CampaignReportPage campaignId={CAMPAIGN} />);
    await screen.findByText('+919876543210');
    expect(screen.queryByRole('table', { name: 'Variants' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Recipient status' }));
    await user.click(await screen.findByRole('option', { name: 'Read' }));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    const call = api.calls(`GET /api/campaigns/${CAMPAIGN}/export.csv`)[0]!;
    expect(call.headers.authtoken).toBe('token-1');
    expect(call.query.get('status')).toBe('read');
    clicked.mockRestore();
  });

  it('says so when the campaign has no recipients yet', async () => {
    installFakeApi({
      [`GET /api/campaigns/${CAMPAIGN}/stats`]: ok(
        stats({
          funnel: funnel({
            targeted: 0,
            excluded: 0,
            sent: 0,
            delivered: 0,
            read: 0,
            replied: 0,
            clicked: 0,
            failed: 0,
          }),
          variants: [],
          runs: [],
          daily: [],
          failedBy: [],
          excludedBy: {},
          clicksByUrl: [],
        }),
      ),
      [`GET /api/campaigns/${CAMPAIGN}/recipients`]: ok({ recipients: [], more: false }),
    });
    renderWithRouter(<CampaignReportPage campaignId={CAMPAIGN} />);
    expect(await screen.findByText('No failures')).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Daily activity' })).toHaveTextContent('Nothing sent yet');
    expect(screen.getByText('Nobody was excluded')).toBeInTheDocument();
    expect(screen.getByText('No clicks yet')).toBeInTheDocument();
    expect(await screen.findByText('No Record')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Delivered' })).getByText('0% of sent')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Run' })).toBeDisabled();
  });
});

describe('CampaignReportListPage', () => {
  it('lists every campaign with its funnel and opens its report', async () => {
    const api = installFakeApi({
      'GET /api/campaigns/report': ok({
        campaigns: [
          { campaignId: CAMPAIGN, name: 'Spring sale', status: 'COMPLETED', lastRunAt: null, funnel: funnel() },
        ],
        more: false,
      }),
    });
    renderWithRouter(<CampaignReportListPage />);
    const table = await screen.findByRole('table', { name: 'Campaigns' });
    const row = (await within(table).findByText('Spring sale')).closest('tr')!;
    expect(row).toHaveTextContent('Completed');
    expect(row).toHaveTextContent('12.35K');
    expect(row).toHaveTextContent('91.7%');
    expect(within(row).getByRole('link', { name: 'Spring sale' })).toHaveAttribute(
      'href',
      `/campaigns/report/${CAMPAIGN}`,
    );
    expect(api.calls('GET /api/campaigns/report')[0]!.query.get('perPage')).toBe('20');
  });
});
