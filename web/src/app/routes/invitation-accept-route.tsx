import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import type { SessionUser } from '@parley/contracts/account';
import { InvitationAcceptPage } from '../../features/invitations/components/InvitationAcceptPage';
import { AuthLayout } from '../../features/auth/components/AuthLayout';
import { SignInLink } from '../../features/auth/components/SignInLink';
import { accountKeys } from '../../features/account/api/account-keys';
import { setSessionToken } from '../../lib/session-token';

/** /invitation-accept?token=: on success the new user lands signed in on the welcome page. */
export default function InvitationAcceptRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const handleSignedIn = (token: string, user: SessionUser) => {
    setSessionToken(token);
    queryClient.setQueryData(accountKeys.me(), user);
    void navigate('/dashboard', { replace: true });
  };

  return (
    <InvitationAcceptPage
      token={params.get('token') ?? ''}
      frame={AuthLayout}
      signInLink={<SignInLink />}
      onSignedIn={handleSignedIn}
    />
  );
}
