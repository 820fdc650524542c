import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { getSessionToken } from '../lib/session-token';
import { loginPathFor } from '../lib/return-path';
import { Titled } from './page-title';
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

/** Without a stored session, go to /login (to come back here after signing in) before downloading the shell's code. */
function SignedInShell() {
  const location = useLocation();
  if (getSessionToken()) return <ShellLayout />;
  return <Navigate to={loginPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
}

const titled = (title: string, element: React.ReactNode) => <Titled title={title}>{element}</Titled>;

/** The console's route table (platform §2.1): public pages here, everything else in the shell. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoader fullScreen />}>
      <Routes>
        <Route element={<RootLayout />}>
          <Route index element={<Navigate to="/login" replace />} />
          <Route path="login" element={titled('Sign In', <LoginRoute />)} />
          <Route path=":id/redirect" element={titled('Sign In', <LoginRoute />)} />
          <Route path="signup" element={titled('Sign Up', <SignupRoute />)} />
          <Route path="forgot-password" element={titled('Forgot Password', <ForgotPasswordRoute />)} />
          <Route path="signup-verify/:id" element={titled('Activate Your Account', <SignupVerifyRoute />)} />
          <Route path="reset-password" element={titled('Reset Password', <ResetPasswordRoute />)} />
          <Route path="invitation-accept" element={titled('Accept Invitation', <InvitationAcceptRoute />)} />
          <Route
            path="sso/redirect"
            element={titled('Single Sign-On', <PublicComingSoonRoute screen="Single Sign-On" />)}
          />
          <Route
            path="chatagent"
            element={titled('Chat Agent App', <PublicComingSoonRoute screen="Chat Agent App" />)}
          />
          <Route path="*" element={<SignedInShell />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
