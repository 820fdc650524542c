import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import type { SessionUser } from '@parley/contracts/sign-in';
import { LoginPage } from '../../features/auth/components/LoginPage';
import { accountKeys } from '../../features/account/api/account-keys';
import { getSessionToken, setSessionToken } from '../../lib/session-token';

/** /login: a stored session goes straight to the console (the shell checks it). */
export default function LoginRoute() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  if (getSessionToken()) return <Navigate to="/dashboard" replace />;

  const handleSignedIn = (token: string, user: SessionUser) => {
    setSessionToken(token);
    queryClient.setQueryData(accountKeys.me(), user);
    void navigate('/dashboard', { replace: true });
  };

  return <LoginPage onSignedIn={handleSignedIn} />;
}
