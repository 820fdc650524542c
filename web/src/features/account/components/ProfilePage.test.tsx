import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { sessionUserWithRoles } from '../../../test/session-users';
import { PASSWORD_CHANGED_TEXT } from './ChangePasswordCard';
import { ProfilePage } from './ProfilePage';

const CODES = ['ab12-cd34', 'ef56-gh78', 'ij90-kl12', 'mn34-op56', 'qr78-st90', 'uv12-wx34', 'yz56-ab78', 'cd90-ef12'];
const CURRENT = '7e7e0000-0000-4000-8000-000000000001';
const OTHER = '7e7e0000-0000-4000-8000-000000000002';
const preferences = ok({
  enablePushNotification: true,
  enableChatNotification: true,
  audioSettings: {
    enable: true,
    sounds: [
      { type: 'new_chat', sound: 'chime', repeat: 1, volume: 80 },
      { type: 'new_message', sound: 'pop', repeat: 1, volume: 80 },
    ],
  },
});
const sessions = ok({
  sessions: [
    {
      id: OTHER,
      createdAt: '2026-11-01T10:00:00.000Z',
      lastSeenAt: '2026-11-20T10:00:00.000Z',
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile/15E148 Safari/604.1',
      ip: '10.0.0.7',
      current: false,
    },
    {
      id: CURRENT,
      createdAt: '2026-11-21T09:00:00.000Z',
      lastSeenAt: '2026-11-21T10:00:00.000Z',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36',
      ip: '127.0.0.1',
      current: true,
    },
  ],
});

describe('ProfilePage', () => {
  it('shows name, email and role labels', async () => {
    installFakeApi({ 'GET /api/account/sessions': sessions, 'GET /api/account/preferences': preferences });
    renderWithRouter(<ProfilePage user={sessionUserWithRoles([1, 2])} />);
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('Administrator')).toBeInTheDocument();
    expect(screen.getByText('Development (Send Message)')).toBeInTheDocument();
  });

  it('lists sessions, marks this device and signs out another one after confirming', async () => {
    const api = installFakeApi({
      'GET /api/account/sessions': sessions,
      'GET /api/account/preferences': preferences,
      [`DELETE /api/account/sessions/${OTHER}`]: ok({}),
    });
    renderWithRouter(<ProfilePage user={sessionUserWithRoles([1])} />);
    await screen.findByText('This device');
    const rows = within(screen.getByRole('table', { name: 'Active Sessions' })).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('This device')).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
    expect(within(rows[2]!).getByText('Safari on iOS')).toBeInTheDocument();

    await userEvent.click(within(rows[2]!).getByRole('button', { name: 'Sign Out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out this session?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(api.calls(`DELETE /api/account/sessions/${OTHER}`)).toHaveLength(1));
    expect(await screen.findByText('The session has been signed out.')).toBeInTheDocument();
  });

  it('changes the password and says the other sessions were signed out', async () => {
    const api = installFakeApi({
      'GET /api/account/sessions': sessions,
      'GET /api/account/preferences': preferences,
      'POST /api/account/change-password': ok({ message: 'Password changed' }),
    });
    renderWithRouter(<ProfilePage user={sessionUserWithRoles([1])} />);
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(screen.getAllByText('This field is mandatory.')).toHaveLength(3);

    await userEvent.type(screen.getByLabelText('Current Password'), 'old-password');
    await userEvent.type(screen.getByLabelText('New Password'), 'new-password-1');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'new-password-1{Enter}');
    expect(await screen.findByText(PASSWORD_CHANGED_TEXT)).toBeInTheDocument();
    expect(api.calls('POST /api/account/change-password')[0]?.body).toEqual({
      currentPassword: 'old-password',
      password: 'new-password-1',
      confirmPassword: 'new-password-1',
    });
  });

  it('shows a wrong current password beside the form', async () => {
    installFakeApi({
      'GET /api/account/sessions': sessions,
      'GET /api/account/preferences': preferences,
      'POST /api/account/change-password': fail(400, 2016, 'Your current password is not correct'),
    });
    renderWithRouter(<ProfilePage user={sessionUserWithRoles([1])} />);
    await userEvent.type(screen.getByLabelText('Current Password'), 'wrong');
    await userEvent.type(screen.getByLabelText('New Password'), 'new-password-1');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'new-password-1{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your current password is not correct');
  });

  it('enables two-factor with the QR code, the secret and a code', async () => {
    const api = installFakeApi({
      'GET /api/account/sessions': sessions,
      'GET /api/account/preferences': preferences,
      'POST /api/account/two-factor/setup': ok({
        secret: 'JBSWY3DPEHPK3PXP',
        otpauthUrl: 'otpauth://totp/Parley:ada?secret=JBSWY3DPEHPK3PXP',
        qrCode: 'data:image/png;base64,iVBORw0KGgo=',
      }),
      'POST /api/account/two-factor/enable': ok({ message: 'on', recoveryCodes: CODES }),
    });
    renderWithRouter(<ProfilePage user={sessionUserWithRoles([1])} />);
    expect(screen.getByTestId('two-factor-status')).toHaveTextContent('Disabled');
    await userEvent.click(screen.getByRole('button', { name: 'Enable Two-Factor' }));
    expect(await screen.findByAltText('Two-factor QR code')).toBeInTheDocument();
    expect(screen.getByTestId('two-factor-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    await userEvent.type(screen.getByLabelText('Authentication Code'), '123456{Enter}');
    await waitFor(() => expect(api.calls('POST /api/account/two-factor/enable')[0]?.body).toEqual({ code: '123456' }));
    expect(await screen.findByText('Two-factor authentication is now on.')).toBeInTheDocument();
    // The recovery codes are shown once, then gone.
    const shown = await screen.findByTestId('recovery-codes');
    for (const code of CODES) expect(within(shown).getByText(code)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy Codes' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'I Have Saved Them' }));
    expect(screen.queryByTestId('recovery-codes')).not.toBeInTheDocument();
  });
});
