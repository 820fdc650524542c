import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { sessionUserWithRoles } from '../../../test/session-users';
import { NotificationsCard, PREFERENCES_SAVED_TEXT } from './NotificationsCard';
import { PICTURE_TYPE_ERROR, ProfileDetailsCard, PROFILE_SAVED_TEXT } from './ProfileDetailsCard';

const FILE_ID = '5f5f0000-0000-4000-8000-000000000001';
const stored = {
  enablePushNotification: true,
  enableChatNotification: true,
  audioSettings: {
    enable: true,
    sounds: [
      { type: 'new_chat', sound: 'chime', repeat: 1, volume: 80 },
      { type: 'new_message', sound: 'pop', repeat: 1, volume: 80 },
    ],
  },
};

describe('ProfileDetailsCard', () => {
  it('edits the name in place and saves it with the current picture', async () => {
    const user = sessionUserWithRoles([1]);
    const api = installFakeApi({ 'PUT /api/account/profile': ok({ ...user, name: 'Ada King' }) });
    renderWithRouter(<ProfileDetailsCard user={user} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit name' }));
    const input = screen.getByRole('textbox', { name: 'Name' });
    await userEvent.clear(input);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is mandatory.')).toBeInTheDocument();
    expect(api.calls('PUT /api/account/profile')).toHaveLength(0);

    await userEvent.type(input, 'Ada King{Enter}');
    await waitFor(() =>
      expect(api.calls('PUT /api/account/profile')[0]?.body).toEqual({ name: 'Ada King', profilePic: null }),
    );
    expect(await screen.findByText(PROFILE_SAVED_TEXT)).toBeInTheDocument();
  });

  it('refuses a picture that is not jpeg or png without uploading it', async () => {
    const api = installFakeApi({});
    renderWithRouter(<ProfileDetailsCard user={sessionUserWithRoles([1])} />);
    const fileInput = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(fileInput, { target: { files: [new File(['gif'], 'cat.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText(PICTURE_TYPE_ERROR)).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('uploads a png, then saves it as the profile picture', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => undefined }),
    );
    const user = sessionUserWithRoles([1]);
    const api = installFakeApi({
      'POST /api/files': ok({ id: FILE_ID, name: 'me.png', contentType: 'image/png', size: 3, createdAt: '' }),
      'PUT /api/account/profile': ok({ ...user, profilePic: `/api/files/${FILE_ID}` }),
    });
    const view = renderWithRouter(<ProfileDetailsCard user={user} />);
    const fileInput = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(fileInput, { target: { files: [new File(['png'], 'me.png', { type: 'image/png' })] } });
    await waitFor(() => expect(api.calls('POST /api/files')).toHaveLength(1));
    await waitFor(() =>
      expect(api.calls('PUT /api/account/profile')[0]?.body).toEqual({ name: 'Ada Lovelace', profilePic: FILE_ID }),
    );
    expect(await screen.findByText(PROFILE_SAVED_TEXT)).toBeInTheDocument();
    view.unmount();
  });

  it('removes an existing picture and shows a refusal', async () => {
    const withPicture = sessionUserWithRoles([1], { profilePic: `/api/files/${FILE_ID}` });
    const removal = installFakeApi({
      'PUT /api/account/profile': fail(400, 1400, 'Please check the highlighted fields'),
    });
    renderWithRouter(<ProfileDetailsCard user={withPicture} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Picture' }));
    await waitFor(() =>
      expect(removal.calls('PUT /api/account/profile')[0]?.body).toEqual({ name: 'Ada Lovelace', profilePic: null }),
    );
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});

describe('NotificationsCard', () => {
  it('loads the settings, changes a sound and saves them', async () => {
    const api = installFakeApi({
      'GET /api/account/preferences': ok(stored),
      'PUT /api/account/preferences': (request) => ok(request.body),
    });
    renderWithRouter(<NotificationsCard />);
    const push = await screen.findByRole('switch', { name: 'Push Notifications' });
    expect(push).toBeChecked();
    await userEvent.click(push);
    await userEvent.click(screen.getByLabelText('New Chat Sound', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Bell' }));
    const repeat = screen.getByLabelText('New Message Repeat', { selector: 'input' });
    await userEvent.clear(repeat);
    await userEvent.type(repeat, '3');
    expect(screen.getByText('Volume 80%', { selector: '#volume-new_chat' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls('PUT /api/account/preferences')[0]?.body).toEqual({
        ...stored,
        enablePushNotification: false,
        audioSettings: {
          enable: true,
          sounds: [
            { type: 'new_chat', sound: 'bell', repeat: 1, volume: 80 },
            { type: 'new_message', sound: 'pop', repeat: 3, volume: 80 },
          ],
        },
      }),
    );
    expect(await screen.findByText(PREFERENCES_SAVED_TEXT)).toBeInTheDocument();
  });

  it('shows the server’s field error beside the sound and keeps the form', async () => {
    installFakeApi({
      'GET /api/account/preferences': ok(stored),
      'PUT /api/account/preferences': fail(400, 1400, 'Please check the highlighted fields', {
        fieldErrors: { 'audioSettings.sounds.0.repeat': 'Repeat must be between 1 and 5' },
      }),
    });
    renderWithRouter(<NotificationsCard />);
    await screen.findByRole('switch', { name: 'Push Notifications' });
    const section = screen.getByRole('region', { name: 'Notifications and Sounds' });
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Repeat must be between 1 and 5')).toBeInTheDocument();
    expect(screen.getByText('Please check the highlighted fields')).toBeInTheDocument();
  });
});
