import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { installFakeApi, ok } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { SignupPage } from './SignupPage';

const config = (hideSignup: boolean) => ok({ title: 'Parley', hideSignup, enableAds: false, adBannerUrl: null });

describe('SignupPage', () => {
  it("sends the visitor to /login with 'Access Denied' when sign-up is hidden", async () => {
    installFakeApi({ 'GET /api/app-config': config(true) });
    const { pathname } = renderWithRouter(
      <Routes>
        <Route path="/signup" element={<SignupPage />} />
        <Route path="/login" element={<h1>Login page</h1>} />
      </Routes>,
      { initialPath: '/signup' },
    );
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe('/login'));
  });

  it('creates the account and shows the server message', async () => {
    const api = installFakeApi({
      'GET /api/app-config': config(false),
      'POST /api/account/signup': ok({ message: 'Check your inbox to activate your account.' }),
    });
    renderWithRouter(<SignupPage />);
    await userEvent.type(await screen.findByLabelText('Full Name'), 'Ada Lovelace');
    await userEvent.type(screen.getByLabelText('Enterprise Name'), 'Acme');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'longenough1');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'longenough1{Enter}');
    expect(await screen.findByText('Check your inbox to activate your account.')).toBeInTheDocument();
    expect(api.calls('POST /api/account/signup')).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'Activate Your Account' })).not.toBeInTheDocument();
  });

  it('on an install without mail, offers the activation link the server handed over', async () => {
    installFakeApi({
      'GET /api/app-config': config(false),
      'POST /api/account/signup': ok({
        message:
          'Your account has been created. This server does not send mail, so activate your account with the link below.',
        activationPath: '/signup-verify/abc123',
      }),
    });
    const { pathname } = renderWithRouter(
      <Routes>
        <Route path="/signup" element={<SignupPage />} />
        <Route path="/signup-verify/:id" element={<h1>Activation page</h1>} />
      </Routes>,
      { initialPath: '/signup' },
    );
    await userEvent.type(await screen.findByLabelText('Full Name'), 'Ada Lovelace');
    await userEvent.type(screen.getByLabelText('Enterprise Name'), 'Acme');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'longenough1');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'longenough1{Enter}');
    expect(await screen.findByText(/This server does not send mail/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Activate Your Account' }));
    expect(await screen.findByRole('heading', { name: 'Activation page' })).toBeInTheDocument();
    expect(pathname()).toBe('/signup-verify/abc123');
  }, 20_000);
});
