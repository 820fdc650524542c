import { screen, within } from '@testing-library/react';
import { installFakeApi, ok } from '../../../../test/fake-api';
import { renderWithRouter } from '../../../../test/render-app';
import { ExternalReportPage } from './ExternalReportPage';

describe('ExternalReportPage', () => {
  it('lists each external campaign id with its broadcasts and funnel, 20 a page', async () => {
    const api = installFakeApi({
      'GET /api/campaigns/external-report': ok({
        campaigns: [
          {
            externalId: 'crm-spring-42',
            broadcasts: 3,
            lastSentAt: '2026-11-20T04:30:00.000Z',
            funnel: {
              targeted: 2_500_000,
              excluded: 0,
              sent: 2_000_000,
              delivered: 1_500_000,
              read: 1_000_000,
              replied: 20_000,
              clicked: 5_000,
              failed: 500_000,
              pending: 0,
              waitingQuietHours: 0,
              fallbackSent: 0,
              fallbackDelivered: 0,
              cost: 0,
              currencySymbol: '$',
            },
          },
        ],
        more: true,
      }),
    });
    renderWithRouter(<ExternalReportPage />);
    const table = await screen.findByRole('table', { name: 'External campaigns' });
    const row = (await within(table).findByText('crm-spring-42')).closest('tr')!;
    const cells = within(row).getAllByRole('cell');
    expect(cells[1]).toHaveTextContent('3');
    expect(cells[3]).toHaveTextContent('2.50M');
    expect(cells[5]).toHaveTextContent('1.50M');
    expect(cells[5]).toHaveTextContent('75%');
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    expect(api.calls('GET /api/campaigns/external-report')[0]!.query.get('perPage')).toBe('20');
  });
});
