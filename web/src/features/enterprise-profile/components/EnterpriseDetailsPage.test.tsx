import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { EnterpriseDetailsPage } from './EnterpriseDetailsPage';

const profile = {
  name: 'Acme',
  title: 'Parley',
  logoUrl: null,
  timezone: 'UTC',
  twoFactorRequired: false,
  recordExternalCampaigns: false,
  flags: {},
  notEnrolled: 3,
};
const timezones = ok({
  timezones: [
    { name: 'UTC', offsetMinutes: 0, offset: 'UTC+00:00' },
    { name: 'Europe/Berlin', offsetMinutes: 60, offset: 'UTC+01:00' },
  ],
});

describe('EnterpriseDetailsPage', () => {
  it('saves a new console title and shows a bad timezone beside its field', async () => {
    let saves = 0;
    const api = installFakeApi({
      'GET /api/enterprise/profile': ok(profile),
      'GET /api/timezones': timezones,
      'PUT /api/enterprise/profile': (request) => {
        saves += 1;
        return saves === 1
          ? fail(400, 1400, 'Please check the highlighted fields', {
              fieldErrors: { timezone: 'Please choose a timezone from the list' },
            })
          : ok({ ...profile, ...(request.body as object), logoUrl: null });
      },
    });
    renderWithRouter(<EnterpriseDetailsPage />);
    const title = await screen.findByRole('textbox', { name: /Console Title/ });
    await userEvent.clear(title);
    await userEvent.type(title, 'Acme Console');
    await userEvent.click(screen.getByRole('checkbox', { name: /Campaign test sends/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please choose a timezone from the list')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enterprise details saved')).toBeInTheDocument();
    expect(api.calls('PUT /api/enterprise/profile')[1]!.body).toEqual({
      name: 'Acme',
      title: 'Acme Console',
      logo: null,
      timezone: 'UTC',
      recordExternalCampaigns: false,
      campaignFeatures: { CAMPAIGN_TEST: true, CAMPAIGN_ESTIMATE: false, CAMPAIGN_SMS: false, CAMPAIGN_EMAIL: false },
    });
  });

  it('shows the not-enrolled count and why two-factor for everyone was refused', async () => {
    installFakeApi({
      'GET /api/enterprise/profile': ok(profile),
      'GET /api/timezones': timezones,
      'PUT /api/enterprise/two-factor': fail(
        409,
        4901,
        'Enable two-factor authentication for yourself on My Profile first, so that you are not locked out',
      ),
    });
    renderWithRouter(<EnterpriseDetailsPage />);
    expect(await screen.findByText('3 users have not enrolled in two-factor authentication yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Two-Factor Authentication for Everyone' }));
    const alert = await screen.findByText(/on My Profile first/);
    expect(alert).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Two-Factor Authentication for Everyone' })).not.toBeChecked();
  }, 15_000);

  it('offers to try again when the details cannot be loaded', async () => {
    installFakeApi({
      'GET /api/enterprise/profile': fail(500, 1500, 'Something went wrong'),
      'GET /api/timezones': timezones,
    });
    renderWithRouter(<EnterpriseDetailsPage />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The enterprise details could not be loaded')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
