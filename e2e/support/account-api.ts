import type { APIRequestContext, APIResponse } from '@playwright/test';
import type { Authenticator } from './authenticator';
import { apiToken, CAPTCHA, demoLogin } from './fixtures';

/**
 * Arranging and undoing account state through the API (never the story itself): the specs share
 * the seeded demo users, so a spec that changes one puts it back the way it found it.
 */

interface Envelope<T> {
  status: boolean;
  code?: number;
  message?: string;
  data: T;
}

async function call<T>(response: APIResponse): Promise<T> {
  const body = (await response.json()) as Envelope<T>;
  if (!body.status) throw new Error(`${response.url()} failed: ${JSON.stringify(body)}`);
  return body.data;
}

async function newCaptchaId(request: APIRequestContext, purpose: 'login' | 'forgetPassword'): Promise<string> {
  const data = await call<{ captchaId: string }>(await request.get(`/api/account/captcha?purpose=${purpose}`));
  return data.captchaId;
}

/** The newest password-reset link mailed to `email`, read from the demo enterprise's outbox. */
export async function latestResetLink(request: APIRequestContext, adminToken: string, email: string): Promise<URL> {
  const { mails } = await call<{ mails: { to: string; text: string }[] }>(
    await request.get('/api/admin/outbox?from=0&perPage=50', { headers: { authtoken: adminToken } }),
  );
  const mail = mails.find((candidate) => candidate.to === email && candidate.text.includes('/reset-password?'));
  const href = mail?.text.match(/https?:\/\/\S+\/reset-password\?\S+/)?.[0];
  if (!href) throw new Error(`No reset mail to ${email} in the outbox`);
  return new URL(href);
}

/** Forgot password → mail in the outbox → reset, all through the API (restores a demo password). */
export async function resetPasswordThroughApi(request: APIRequestContext, email: string, password: string) {
  const captchaId = await newCaptchaId(request, 'forgetPassword');
  await call(await request.post('/api/account/recover', { data: { emailId: email, captchaId, captcha: CAPTCHA } }));
  const admin = demoLogin();
  const link = await latestResetLink(request, await apiToken(request, admin.email, admin.password), email);
  await call(
    await request.post('/api/account/reset-password', {
      data: {
        uId: link.searchParams.get('uId'),
        eId: link.searchParams.get('eId'),
        resetCode: link.searchParams.get('resetCode'),
        password,
        confirmPassword: password,
      },
    }),
  );
}

/** Signs in with a second factor and turns two-factor off again (undoes an enrolment). */
export async function disableTwoFactorThroughApi(
  request: APIRequestContext,
  login: { email: string; password: string },
  authenticator: Authenticator,
) {
  const captchaId = await newCaptchaId(request, 'login');
  const first = await call<{ state: string; challengeId?: string; token?: string }>(
    await request.post('/api/account/login', {
      data: { email: login.email, password: login.password, captchaId, captcha: CAPTCHA },
    }),
  );
  if (first.state === 'signedIn') return; // two-factor is already off
  const signedIn = await call<{ token: string }>(
    await request.post('/api/account/login/verify', {
      data: { challengeId: first.challengeId, securityCode: await authenticator.nextCode() },
    }),
  );
  await call(
    await request.post('/api/account/two-factor/disable', {
      headers: { authtoken: signedIn.token },
      data: { code: await authenticator.nextCode() },
    }),
  );
}
