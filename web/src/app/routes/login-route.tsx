import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import type { SessionUser } from '@parley/contracts/sign-in';
import { LoginPage } from '../../features/auth/components/LoginPage';
import { accountKeys } from '../../features/account/api/account-keys';
import { getSessionToken, setSessionToken } from '../../lib/session-token';
import { RETURN_PARAM, safeReturnPath } from '../../lib/return-path';

/**
 * /login: a stored session goes straight to the console (the shell checks it). After signing in,
 * the page that was asked for (`?next=`, same-origin paths only) or the dashboard replaces the
 * login page in the history, so Back never shows the login form to a signed-in user.
 */
export default function LoginRoute() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const destination = safeReturnPath(search.get(RETURN_PARAM)) ?? '/dashboard';

  if (getSessionToken()) return <Navigate to={destination} replace />;

  const handleSignedIn = (token: string, user: SessionUser) => {
    setSessionToken(token);
    queryClient.setQueryData(accountKeys.me(), user);
    void navigate(destination, { replace: true });
  };

  return <LoginPage onSignedIn={handleSignedIn} />;
}
