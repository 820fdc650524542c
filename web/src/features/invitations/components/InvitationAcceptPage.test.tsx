import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { errorCatalog } from '@parley/contracts/errors';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { sessionUserWithRoles } from '../../../test/session-users';
import { InvitationAcceptPage, type InvitationFrameProps } from './InvitationAcceptPage';

function Frame({ title, children, footer }: InvitationFrameProps) {
  return (
    <main>
      <h1>{title}</h1>
      {children}
      <footer>{footer as ReactNode}</footer>
    </main>
  );
}

function renderPage(token: string, onSignedIn = vi.fn()) {
  renderWithRouter(
    <InvitationAcceptPage
      token={token}
      frame={Frame}
      signInLink={<a href="/login">Sign In</a>}
      onSignedIn={onSignedIn}
    />,
  );
  return onSignedIn;
}

const preview = ok({ emailId: 'ines@example.test', enterpriseName: 'Acme', invitedBy: 'Ada Admin' });

describe('InvitationAcceptPage', () => {
  it('shows the enterprise and email and checks the fields with the §5 messages', async () => {
    const api = installFakeApi({ 'GET /api/invitations/accept/tok-1': preview });
    renderPage('tok-1');
    expect(await screen.findByRole('heading', { name: 'Join Acme' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ines@example.test');

    await userEvent.click(screen.getByRole('button', { name: 'Accept Invitation' }));
    expect(await screen.findAllByText('This field is mandatory.')).toHaveLength(3);

    await userEvent.type(screen.getByLabelText('Name'), 'Ines');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Accept Invitation' }));
    expect(await screen.findByText('Your Password must be atleast 8 characters long')).toBeInTheDocument();
    expect(api.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('signs the invitee in with the answer of the accept call', async () => {
    const user = sessionUserWithRoles([3]);
    const api = installFakeApi({
      'GET /api/invitations/accept/tok-2': preview,
      'POST /api/invitations/accept': ok({ state: 'signedIn', token: 'session-1', user }),
    });
    const onSignedIn = renderPage('tok-2');
    await screen.findByRole('heading', { name: 'Join Acme' });
    await userEvent.type(screen.getByLabelText('Name'), 'Ines');
    await userEvent.type(screen.getByLabelText('Password'), 'long-enough-1');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'long-enough-1');
    await userEvent.click(screen.getByRole('button', { name: 'Accept Invitation' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('session-1', user));
    expect(api.requests.at(-1)?.body).toEqual({
      token: 'tok-2',
      name: 'Ines',
      password: 'long-enough-1',
      confirmPassword: 'long-enough-1',
    });
  });

  it('says clearly when the link has expired, with a way to sign in', async () => {
    const expired = errorCatalog.INVITATION_EXPIRED;
    installFakeApi({ 'GET /api/invitations/accept/old': fail(410, expired.code, expired.message) });
    renderPage('old');
    expect(await screen.findByRole('alert')).toHaveTextContent(expired.message);
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('says the link is not valid when it carries no token', async () => {
    installFakeApi({});
    renderPage('');
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation link is not valid');
  });
});
