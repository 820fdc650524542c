import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { ForgotPasswordPage } from './ForgotPasswordPage';

const CAPTCHA = { captchaId: '6a6a0000-0000-4000-8000-000000000001', captcha: 'data:image/svg+xml;base64,PHN2Zy8+' };

describe('ForgotPasswordPage', () => {
  it('validates, then confirms the mail with a Sign In link', async () => {
    const api = installFakeApi({
      'GET /api/account/captcha': ok(CAPTCHA),
      'POST /api/account/recover': ok({ message: 'sent' }),
    });
    renderWithRouter(<ForgotPasswordPage />);
    await screen.findByAltText('Verification image');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByText('This field is mandatory.')).toBeInTheDocument();
    expect(screen.getByText('Please enter captcha.')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Captcha'), 'abcd{Enter}');
    expect(
      await screen.findByText('An email has been sent with instruction on how to reset the password.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(api.calls('POST /api/account/recover')[0]?.body).toEqual({
      emailId: 'ada@example.com',
      captcha: 'abcd',
      captchaId: CAPTCHA.captchaId,
    });
  });

  it('shows the error and loads a new captcha when the call fails', async () => {
    const api = installFakeApi({
      'GET /api/account/captcha': ok(CAPTCHA),
      'POST /api/account/recover': fail(400, 2001, 'Invalid captcha. Please try again.'),
    });
    renderWithRouter(<ForgotPasswordPage />);
    await screen.findByAltText('Verification image');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Captcha'), 'abcd{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid captcha. Please try again.');
    await waitFor(() => expect(api.calls('GET /api/account/captcha')).toHaveLength(2));
  });

  it("says 'Something Went Wrong !!' when the server fails unexpectedly", async () => {
    installFakeApi({
      'GET /api/account/captcha': ok(CAPTCHA),
      'POST /api/account/recover': fail(500, 1500, 'Something went wrong'),
    });
    renderWithRouter(<ForgotPasswordPage />);
    await screen.findByAltText('Verification image');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Captcha'), 'abcd{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something Went Wrong !!');
  });
});
