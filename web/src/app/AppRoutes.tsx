import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { getSessionToken } from '../lib/session-token';
import { PageLoader } from '../components/PageLoader';
import { RootLayout } from './RootLayout';

/** Every route component is its own chunk; the login page never loads the shell's code. */
const LoginRoute = lazy(() => import('./routes/login-route'));
const SignupRoute = lazy(() => import('./routes/signup-route'));
const ForgotPasswordRoute = lazy(() => import('./routes/forgot-password-route'));
const SignupVerifyRoute = lazy(() => import('./routes/signup-verify-route'));
const ResetPasswordRoute = lazy(() => import('./routes/reset-password-route'));
const PublicComingSoonRoute = lazy(() => import('./routes/public-coming-soon-route'));
const InvitationAcceptRoute = lazy(() => import('./routes/invitation-accept-route'));
/** The signed-in console; its own pages are routed in `shell/ShellRoutes.tsx`. */
const ShellLayout = lazy(() => import('./shell/ShellLayout'));

/** Without a stored session, go to /login before downloading the shell's code. */
function SignedInShell() {
  return getSessionToken() ? <ShellLayout /> : <Navigate to="/login" replace />;
}

/** The console's route table (platform §2.1): public pages here, everything else in the shell. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoader fullScreen />}>
      <Routes>
        <Route element={<RootLayout />}>
          <Route index element={<Navigate to="/login" replace />} />
          <Route path="login" element={<LoginRoute />} />
          <Route path=":id/redirect" element={<LoginRoute />} />
          <Route path="signup" element={<SignupRoute />} />
          <Route path="forgot-password" element={<ForgotPasswordRoute />} />
          <Route path="signup-verify/:id" element={<SignupVerifyRoute />} />
          <Route path="reset-password" element={<ResetPasswordRoute />} />
          <Route path="invitation-accept" element={<InvitationAcceptRoute />} />
          <Route path="sso/redirect" element={<PublicComingSoonRoute screen="Single sign-on" />} />
          <Route path="chatagent" element={<PublicComingSoonRoute screen="Chat agent app" />} />
          <Route path="*" element={<SignedInShell />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
