import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { ResetPasswordPage } from './ResetPasswordPage';

const U_ID = '3c0c0000-0000-4000-8000-000000000001';
const E_ID = '3c0c0000-0000-4000-8000-0000000000e1';
const link = (extra = '') => `/reset-password?uId=${U_ID}&eId=${E_ID}&resetCode=rc-123${extra}`;

function renderPage(initialPath: string) {
  return renderWithRouter(
    <Routes>
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/login" element={<h1>Login page</h1>} />
    </Routes>,
    { initialPath },
  );
}

describe('ResetPasswordPage', () => {
  it('requires both fields', async () => {
    const api = installFakeApi({});
    renderPage(link());
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findAllByText('This field is mandatory.')).toHaveLength(2);
    expect(api.requests).toHaveLength(0);
  });

  it('requires at least 8 characters', async () => {
    installFakeApi({});
    renderPage(link());
    await userEvent.type(screen.getByLabelText('New Password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Your Password must be atleast 8 characters long')).toBeInTheDocument();
  });

  it('requires matching passwords', async () => {
    installFakeApi({});
    renderPage(link());
    await userEvent.type(screen.getByLabelText('New Password'), 'longenough1');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'longenough2');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Your passwords do not match. Please try again.')).toBeInTheDocument();
  });

  it('resets and shows the thank-you text with a Sign In link', async () => {
    const api = installFakeApi({ 'POST /api/account/reset-password': ok({ message: 'Password reset' }) });
    renderPage(link());
    await userEvent.type(screen.getByLabelText('New Password'), 'longenough1');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'longenough1{Enter}');
    expect(await screen.findByText('Thank you, Your Password has Been Reset.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(api.calls('POST /api/account/reset-password')[0]?.body).toEqual({
      uId: U_ID,
      eId: E_ID,
      resetCode: 'rc-123',
      password: 'longenough1',
      confirmPassword: 'longenough1',
    });
  });

  it('goes to /login after success when the link carries code 900', async () => {
    installFakeApi({ 'POST /api/account/reset-password': ok({ message: 'Password reset' }) });
    const { pathname } = renderPage(link('&code=900'));
    await userEvent.type(screen.getByLabelText('New Password'), 'longenough1');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'longenough1{Enter}');
    await waitFor(() => expect(pathname()).toBe('/login'));
  });

  it('shows the server message when the link is no longer valid', async () => {
    installFakeApi({
      'POST /api/account/reset-password': fail(400, 2013, 'This reset link is invalid or has expired'),
    });
    renderPage(link());
    await userEvent.type(screen.getByLabelText('New Password'), 'longenough1');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'longenough1{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link is invalid or has expired');
  });

  it('explains a link without its parameters instead of showing a dead form', () => {
    installFakeApi({});
    renderPage('/reset-password?uId=nope');
    expect(screen.getByRole('alert')).toHaveTextContent('This reset link is invalid or has expired');
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
  });
});
