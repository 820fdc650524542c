import { lazy, Suspense, useState } from 'react';
import { Center, Loader } from '@mantine/core';
import type { LoginResult, SessionUser } from '@parley/contracts/sign-in';
import { AuthLayout } from './AuthLayout';
import { LoginCredentialsForm } from './LoginCredentialsForm';
import type { SecurityCodeStep } from './LoginSecurityCodeForm';

/** The security-code step is only needed when the server asks for it; it loads on first submit. */
const loadSecurityCodeForm = () => import('./LoginSecurityCodeForm');
const LoginSecurityCodeForm = lazy(async () => ({ default: (await loadSecurityCodeForm()).LoginSecurityCodeForm }));

export interface LoginPageProps {
  /** Called with the new session: the app stores the token and opens the console. */
  onSignedIn: (token: string, user: SessionUser) => void;
}

type Step = { kind: 'credentials'; notice: string | null } | SecurityCodeStep;

/**
 * Sign-in (platform §4.5): email, password and captcha; then, when the server asks for it, the
 * security code of an authenticator app, or the enrolment of one when the enterprise requires it.
 */
export function LoginPage({ onSignedIn }: LoginPageProps) {
  const [step, setStep] = useState<Step>({ kind: 'credentials', notice: null });

  const handleResult = (result: LoginResult) => {
    if (result.state === 'signedIn') onSignedIn(result.token, result.user);
    else
      setStep(
        result.state === 'twoFactor'
          ? { kind: 'twoFactor', challengeId: result.challengeId }
          : { ...result, kind: 'enrolTwoFactor' },
      );
  };

  if (step.kind === 'credentials') {
    return (
      <AuthLayout title="Sign In" subtitle="Welcome back. Sign in to your console.">
        <LoginCredentialsForm
          notice={step.notice}
          onResult={handleResult}
          onSubmitStart={() => void loadSecurityCodeForm()}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={step.kind === 'twoFactor' ? 'Two-Factor Authentication' : 'Set Up Two-Factor Authentication'}
      subtitle={
        step.kind === 'twoFactor'
          ? 'Enter the 6-digit security code from your authenticator app.'
          : 'Your enterprise requires two-factor authentication. Scan the QR code with an authenticator app (or type the secret key into it), then enter the 6-digit code it shows.'
      }
    >
      <Suspense
        fallback={
          <Center py="xl">
            <Loader size="sm" role="progressbar" aria-label="Loading" />
          </Center>
        }
      >
        <LoginSecurityCodeForm
          step={step}
          onResult={handleResult}
          onRestart={(notice) => setStep({ kind: 'credentials', notice })}
        />
      </Suspense>
    </AuthLayout>
  );
}
