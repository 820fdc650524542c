import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { setSessionToken, getSessionToken } from '../../../lib/session-token';
import { setSessionEndHandler } from '../../../lib/session-end';
import { LoginPage } from './LoginPage';

const CAPTCHA_IDS = ['0b1f7c4e-8e55-4b8e-9d2a-3c1f00000001', '0b1f7c4e-8e55-4b8e-9d2a-3c1f00000002'];
const IMAGE = 'data:image/svg+xml;base64,PHN2Zy8+';

const user = {
  uId: '7d6f0000-0000-4000-8000-000000000001',
  userName: 'ada',
  name: 'Ada Admin',
  emailId: 'ada@example.com',
  profilePic: null,
  roles: [1],
  permissions: [],
  twoFactorAuth: true,
  artifactsEnabled: false,
  enterprise: {
    id: '7d6f0000-0000-4000-8000-0000000000e1',
    name: 'Acme',
    title: 'Acme Console',
    twoFactAuthEnterpriseLevel: false,
    recordExternalCampaigns: false,
  },
  flags: {},
};

function fakeAuthApi(extra: Parameters<typeof installFakeApi>[0] = {}) {
  let captchaCount = 0;
  return installFakeApi({
    'GET /api/app-config': ok({ title: 'Parley', hideSignup: false, enableAds: false, adBannerUrl: null }),
    'GET /api/account/captcha': () => {
      const captchaId = CAPTCHA_IDS[Math.min(captchaCount, CAPTCHA_IDS.length - 1)];
      captchaCount += 1;
      return ok({ captchaId, captcha: IMAGE });
    },
    ...extra,
  });
}

async function fillCredentials() {
  const actor = userEvent.setup();
  await screen.findByAltText('Verification image');
  await actor.type(screen.getByLabelText('Email'), 'ada@example.com');
  await actor.type(screen.getByLabelText('Password'), 'correct horse');
  await actor.type(screen.getByLabelText('Captcha'), 'x7Kq');
  return actor;
}

describe('LoginPage', () => {
  it('shows the field messages on an empty submit and sends nothing', async () => {
    const api = fakeAuthApi();
    renderWithRouter(<LoginPage onSignedIn={vi.fn()} />);
    await screen.findByAltText('Verification image');
    expect(screen.getByLabelText('Email')).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findAllByText('This field is mandatory.')).toHaveLength(2);
    expect(screen.getByText('Please enter captcha.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    // The first invalid field takes the focus, and its message is tied to it.
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('This field is mandatory.');
    expect(api.calls('POST /api/account/login')).toHaveLength(0);
  });

  it('rejects a malformed email with the spec message', async () => {
    fakeAuthApi();
    renderWithRouter(<LoginPage onSignedIn={vi.fn()} />);
    await screen.findByAltText('Verification image');
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
  });

  it('signs in and hands the token to the app', async () => {
    const api = fakeAuthApi({
      'POST /api/account/login': ok({ state: 'signedIn', token: 'tok-1', user }),
    });
    const onSignedIn = vi.fn();
    renderWithRouter(<LoginPage onSignedIn={onSignedIn} />);
    const actor = await fillCredentials();
    await actor.click(screen.getByLabelText('Sign Out My Other Sessions'));
    await actor.keyboard('{Enter}');

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('tok-1', user));
    expect(api.calls('POST /api/account/login')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'correct horse',
      captcha: 'x7Kq',
      captchaId: CAPTCHA_IDS[0],
      removeExistingSession: true,
    });
  });

  it('shows a wrong-password answer (2002, HTTP 401) without logging out, and reloads the captcha', async () => {
    const api = fakeAuthApi({
      'POST /api/account/login': fail(401, 2002, 'Invalid email or password'),
    });
    setSessionToken('some-other-tab-token');
    const onEnd = vi.fn();
    setSessionEndHandler(onEnd);
    renderWithRouter(<LoginPage onSignedIn={vi.fn()} />);
    const actor = await fillCredentials();
    await actor.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    await waitFor(() => expect(api.calls('GET /api/account/captcha')).toHaveLength(2));
    await waitFor(() => expect(screen.getByLabelText('Captcha')).toHaveValue(''));
    expect(onEnd).not.toHaveBeenCalled();
    expect(getSessionToken()).toBe('some-other-tab-token');
    setSessionEndHandler(null);
  });

  it('shows the sign-in delay (2003, HTTP 429) with the way out, and reloads the captcha', async () => {
    const waitText = 'Too many failed sign-ins from here. Please wait 8 seconds and try again, or reset your password.';
    const api = fakeAuthApi({ 'POST /api/account/login': fail(429, 2003, waitText) });
    renderWithRouter(<LoginPage onSignedIn={vi.fn()} />);
    const actor = await fillCredentials();
    await actor.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(waitText);
    await waitFor(() => expect(api.calls('GET /api/account/captcha')).toHaveLength(2));
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toBeInTheDocument();
  }, 15_000);

  it('asks for the security code when two-factor is on', async () => {
    const api = fakeAuthApi({
      'POST /api/account/login': ok({ state: 'twoFactor', challengeId: 'ch-1' }),
      'POST /api/account/login/verify': ok({ state: 'signedIn', token: 'tok-2', user }),
    });
    const onSignedIn = vi.fn();
    renderWithRouter(<LoginPage onSignedIn={onSignedIn} />);
    const actor = await fillCredentials();
    await actor.click(screen.getByRole('button', { name: 'Sign In' }));

    const code = await screen.findByLabelText('Security Code');
    await actor.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();

    await actor.type(code, '123456{Enter}');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('tok-2', user));
    expect(api.calls('POST /api/account/login/verify')[0]?.body).toEqual({
      challengeId: 'ch-1',
      securityCode: '123456',
    });
  });

  it('shows the QR code and secret when the enterprise requires enrolment', async () => {
    fakeAuthApi({
      'POST /api/account/login': ok({
        state: 'enrolTwoFactor',
        challengeId: 'ch-2',
        secret: 'JBSWY3DPEHPK3PXP',
        otpauthUrl: 'otpauth://totp/Parley:ada?secret=JBSWY3DPEHPK3PXP',
        qrCode: 'data:image/png;base64,iVBORw0KGgo=',
      }),
    });
    renderWithRouter(<LoginPage onSignedIn={vi.fn()} />);
    const actor = await fillCredentials();
    await actor.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByAltText('Two-factor QR code')).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBORw0KGgo=',
    );
    expect(screen.getByTestId('two-factor-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    expect(screen.getByLabelText('Security Code')).toBeInTheDocument();
  });

  it('hides the Sign up link when the console hides sign-up', async () => {
    installFakeApi({
      'GET /api/app-config': ok({ title: 'Parley', hideSignup: true, enableAds: false, adBannerUrl: null }),
      'GET /api/account/captcha': ok({ captchaId: CAPTCHA_IDS[0], captcha: IMAGE }),
    });
    renderWithRouter(<LoginPage onSignedIn={vi.fn()} />);
    await screen.findByAltText('Verification image');
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByRole('link', { name: 'Sign Up' })).not.toBeInTheDocument();
  });
});
