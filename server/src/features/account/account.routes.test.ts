import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { eq } from 'drizzle-orm';
import { mailOutbox, users } from '../../db/schema/platform';
import {
  as,
  captcha,
  createTenant,
  createTestApp,
  json,
  login,
  TEST_CAPTCHA,
  TEST_PASSWORD,
  type TestContext,
} from '../../../test/test-app';
import { createSecretBox, sha256 } from '../../platform/secrets';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context?.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}, remoteAddress?: string) =>
  context.app.inject({ method: 'POST', url, payload, headers, ...(remoteAddress ? { remoteAddress } : {}) });

async function loginAttempt(email: string, password: string, extra: object = {}, from?: string) {
  return post(
    '/api/account/login',
    { email, password, captchaId: await captcha(context), captcha: TEST_CAPTCHA, ...extra },
    {},
    from,
  );
}

async function requestResetLink(email: string) {
  const sent = await post('/api/account/recover', {
    emailId: email,
    captchaId: await captcha(context, 'forgetPassword'),
    captcha: TEST_CAPTCHA,
  });
  expect(json(sent).status).toBe(true);
  const rows = await context.database.db.select().from(mailOutbox);
  const mail = rows.filter((row) => row.to === email).at(-1)!;
  const link = new URL(/(http\S+reset-password\S+)/.exec(mail.text)![1]!);
  return (password: string) =>
    post('/api/account/reset-password', {
      uId: link.searchParams.get('uId'),
      eId: link.searchParams.get('eId'),
      resetCode: link.searchParams.get('resetCode'),
      password,
      confirmPassword: password,
    });
}

/** Lets the current delay of this email from this address run out, as time passing would. */
async function waitOutDelay(email: string, from: string) {
  await context.database.raw(
    `update sign_in_failures set blocked_until = now() - interval '1 second' where account_key = $1 and client_key = $2`,
    [sha256(email.toLowerCase()), from],
  );
}

async function latestMail(enterpriseId: string, to: string) {
  const rows = await context.database.db.select().from(mailOutbox).where(eq(mailOutbox.enterpriseId, enterpriseId));
  return rows.filter((row) => row.to === to).at(-1);
}

describe('signing in', () => {
  it('gives a captcha image as a base64 data URL', async () => {
    const body = json(await context.app.inject({ method: 'GET', url: '/api/account/captcha?purpose=forgetPassword' }));
    expect(body.data.captcha).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(String(body.data.captcha).split(',')[1]!, 'base64').toString()).toContain('<svg');
  });

  it('signs in with the right password and captcha, and the session reaches /me', async () => {
    const tenant = await createTenant(context, { roles: [3] });
    const me = json(await context.app.inject({ method: 'GET', url: '/api/account/me', headers: as(tenant.token) }));
    expect(me.data).toMatchObject({
      emailId: tenant.email,
      roles: [3],
      permissions: ['CHAT.HANDLE', 'CHAT.VIEW_CHATHISTORY'],
    });
  });

  it('refuses a wrong captcha, and a captcha used once is refused the second time', async () => {
    const tenant = await createTenant(context);
    const wrong = await post('/api/account/login', {
      email: tenant.email,
      password: TEST_PASSWORD,
      captchaId: await captcha(context),
      captcha: 'nope',
    });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).code).toBe(2001);

    const captchaId = await captcha(context);
    const first = await post('/api/account/login', {
      email: tenant.email,
      password: TEST_PASSWORD,
      captchaId,
      captcha: TEST_CAPTCHA,
    });
    expect(json(first).data.state).toBe('signedIn');
    const again = await post('/api/account/login', {
      email: tenant.email,
      password: TEST_PASSWORD,
      captchaId,
      captcha: TEST_CAPTCHA,
    });
    expect(json(again).code).toBe(2001);
  });

  it('says the same for an unknown email and a wrong password', async () => {
    const tenant = await createTenant(context);
    const unknown = json(await loginAttempt('nobody@tenant.test', TEST_PASSWORD));
    const wrong = json(await loginAttempt(tenant.email, 'wrong-password'));
    expect(unknown).toMatchObject({ status: false, code: 2002, message: 'Invalid email or password' });
    expect(wrong).toMatchObject({ status: false, code: 2002, message: 'Invalid email or password' });
  });

  it('refuses a captcha fetched for another form, and a login captcha on the forgot-password form', async () => {
    const tenant = await createTenant(context);
    const forgotCaptcha = await captcha(context, 'forgetPassword');
    const refused = await post('/api/account/login', {
      email: tenant.email,
      password: TEST_PASSWORD,
      captchaId: forgotCaptcha,
      captcha: TEST_CAPTCHA,
    });
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toMatchObject({ code: 2001, fieldErrors: { captcha: 'Invalid captcha. Please try again.' } });
    const signupCaptcha = await captcha(context, 'signup');
    expect(
      json(
        await post('/api/account/login', {
          email: tenant.email,
          password: TEST_PASSWORD,
          captchaId: signupCaptcha,
          captcha: TEST_CAPTCHA,
        }),
      ).code,
    ).toBe(2001);
    const recover = await post('/api/account/recover', {
      emailId: tenant.email,
      captchaId: await captcha(context, 'login'),
      captcha: TEST_CAPTCHA,
    });
    expect(json(recover).code).toBe(2001);
  });

  it('offers a text question instead of the image, answered in digits or in words', async () => {
    const tenant = await createTenant(context);
    const ask = async () => {
      const body = json<{ data: { captchaId: string; captcha: string; question: string } }>(
        await context.app.inject({ method: 'GET', url: '/api/account/captcha?purpose=login&kind=text' }),
      );
      expect(body.data.captcha).toBe('');
      return body.data;
    };
    const words = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
    const solve = (question: string) => {
      const [a, b] = question
        .toLowerCase()
        .match(/[a-z]+/g)!
        .filter((word) => words.includes(word))
        .map((word) => words.indexOf(word));
      if (/plus|add/i.test(question)) return a! + b!;
      return /^take/i.test(question) ? b! - a! : a! - b!;
    };
    const first = await ask();
    expect(first.question).toMatch(/^(What is|Add|Take) [a-z ]+[.?]/);
    const wrong = await post('/api/account/login', {
      email: tenant.email,
      password: TEST_PASSWORD,
      captchaId: first.captchaId,
      captcha: String(solve(first.question) + 1),
    });
    expect(json(wrong).code).toBe(2001);
    const second = await ask();
    const signedIn = await post('/api/account/login', {
      email: tenant.email,
      password: TEST_PASSWORD,
      captchaId: second.captchaId,
      captcha: words[solve(second.question)] ?? String(solve(second.question)),
    });
    expect(json(signedIn).data.state).toBe('signedIn');
  });

  it('shows the spec messages for missing fields', async () => {
    const response = await post('/api/account/login', {});
    const body = json<{ fieldErrors: Record<string, string> }>(response);
    expect(response.statusCode).toBe(400);
    expect(body.fieldErrors).toMatchObject({ email: 'This field is mandatory.', captcha: 'Please enter captcha.' });
  });

  it('logs out: the token stops working at once', async () => {
    const tenant = await createTenant(context);
    expect((await post('/api/account/logout', {}, as(tenant.token))).statusCode).toBe(200);
    const after = await context.app.inject({ method: 'GET', url: '/api/account/me', headers: as(tenant.token) });
    expect(after.statusCode).toBe(401);
    expect(json(after)).toMatchObject({ code: 1401, login_required: true, message: 'Session Expired! Please login' });
  });

  it('removeExistingSession signs out the other sessions; without it they stay', async () => {
    const tenant = await createTenant(context);
    const second = await login(context, tenant.email);
    expect(
      (await context.app.inject({ method: 'GET', url: '/api/account/me', headers: as(tenant.token) })).statusCode,
    ).toBe(200);
    const third = json(await loginAttempt(tenant.email, TEST_PASSWORD, { removeExistingSession: true }));
    expect(third.data.state).toBe('signedIn');
    for (const old of [tenant.token, second]) {
      expect((await context.app.inject({ method: 'GET', url: '/api/account/me', headers: as(old) })).statusCode).toBe(
        401,
      );
    }
  });

  it('lists my sessions and signs one out', async () => {
    const tenant = await createTenant(context);
    const other = await login(context, tenant.email);
    const list = json<{ data: { sessions: { id: string; current: boolean }[] } }>(
      await context.app.inject({ method: 'GET', url: '/api/account/sessions', headers: as(tenant.token) }),
    );
    expect(list.data.sessions).toHaveLength(2);
    const target = list.data.sessions.find((session) => !session.current)!;
    const revoke = await context.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${target.id}`,
      headers: as(tenant.token),
    });
    expect(revoke.statusCode).toBe(200);
    expect((await context.app.inject({ method: 'GET', url: '/api/account/me', headers: as(other) })).statusCode).toBe(
      401,
    );
  });

  it('stores sessions hashed, never the token itself', async () => {
    const tenant = await createTenant(context);
    const { rows } = await context.database.raw('select token_hash from sessions where user_id = $1', [tenant.userId]);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.token_hash)).not.toContain(tenant.token);
  });
});

describe('sign-in throttle (docs/decisions/011)', () => {
  it("a stranger's wrong passwords from one address do not stop the owner signing in from another", async () => {
    const tenant = await createTenant(context, { signIn: false });
    for (let attempt = 1; attempt <= 8; attempt++) await loginAttempt(tenant.email, 'guess', {}, '203.0.113.7');
    const stranger = await loginAttempt(tenant.email, TEST_PASSWORD, {}, '203.0.113.7');
    expect(stranger.statusCode).toBe(429);
    const owner = await loginAttempt(tenant.email, TEST_PASSWORD, {}, '198.51.100.20');
    expect(json(owner).data.state).toBe('signedIn');
  });

  it('delays the tries from one address more after each further failure, even with the right password', async () => {
    const tenant = await createTenant(context, { signIn: false });
    const from = '203.0.113.8';
    for (let attempt = 1; attempt <= 4; attempt++) {
      const refused = await loginAttempt(tenant.email, 'guess', {}, from);
      expect(refused.statusCode).toBe(401);
    }
    const waiting = await loginAttempt(tenant.email, TEST_PASSWORD, {}, from);
    expect(waiting.statusCode).toBe(429);
    expect(json(waiting)).toMatchObject({
      code: 2003,
      message: 'Too many failed sign-ins from here. Please wait 2 seconds and try again, or reset your password.',
    });
    await waitOutDelay(tenant.email, from);
    expect((await loginAttempt(tenant.email, 'guess', {}, from)).statusCode).toBe(401);
    expect(json(await loginAttempt(tenant.email, 'guess', {}, from)).message).toContain('wait 4 seconds');
    await waitOutDelay(tenant.email, from);
    expect((await loginAttempt(tenant.email, 'guess', {}, from)).statusCode).toBe(401);
    expect(json(await loginAttempt(tenant.email, 'guess', {}, from)).message).toContain('wait 8 seconds');
    // After the delay the right password signs in, and the count starts again.
    await waitOutDelay(tenant.email, from);
    expect(json(await loginAttempt(tenant.email, TEST_PASSWORD, {}, from)).data.state).toBe('signedIn');
    expect((await loginAttempt(tenant.email, 'guess', {}, from)).statusCode).toBe(401);
    expect((await loginAttempt(tenant.email, 'guess', {}, from)).statusCode).toBe(401);
  });

  it('answers an unknown email exactly as a known one, try after try', async () => {
    const tenant = await createTenant(context, { signIn: false });
    const answers = async (email: string, from: string) => {
      const seen: unknown[] = [];
      for (let attempt = 1; attempt <= 6; attempt++) {
        const response = await loginAttempt(email, 'guess', {}, from);
        const body = json(response);
        seen.push([response.statusCode, body.code, body.message.replace(/\d+ seconds?/, 'N seconds')]);
      }
      return seen;
    };
    const known = await answers(tenant.email, '203.0.113.9');
    const unknown = await answers(`nobody.${Date.now()}@tenant.test`, '203.0.113.9');
    expect(unknown).toEqual(known);
    expect(known.map((answer) => (answer as unknown[])[0])).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('forgets failures older than a day: the count starts again', async () => {
    const tenant = await createTenant(context, { signIn: false });
    const from = '203.0.113.11';
    for (let attempt = 1; attempt <= 4; attempt++) await loginAttempt(tenant.email, 'guess', {}, from);
    await context.database.raw(
      `update sign_in_failures set blocked_until = null, last_failure_at = now() - interval '25 hours' where account_key = $1 and client_key = $2`,
      [sha256(tenant.email.toLowerCase()), from],
    );
    expect((await loginAttempt(tenant.email, 'guess', {}, from)).statusCode).toBe(401);
    expect((await loginAttempt(tenant.email, 'guess', {}, from)).statusCode).toBe(401);
  });

  it('a password reset by mail lets the owner in at once from the same address', async () => {
    const tenant = await createTenant(context, { signIn: false });
    const from = '203.0.113.10';
    for (let attempt = 1; attempt <= 6; attempt++) await loginAttempt(tenant.email, 'guess', {}, from);
    expect((await loginAttempt(tenant.email, TEST_PASSWORD, {}, from)).statusCode).toBe(429);
    const reset = await requestResetLink(tenant.email);
    expect(json(await reset('a-fresh-password')).status).toBe(true);
    expect(json(await loginAttempt(tenant.email, 'a-fresh-password', {}, from)).data.state).toBe('signedIn');
  });
});

describe('password-reset links', () => {
  it('a new link ends the earlier ones, and using a link ends every other', async () => {
    const tenant = await createTenant(context, { signIn: false });
    const first = await requestResetLink(tenant.email);
    const second = await requestResetLink(tenant.email);
    expect(json(await first('first-new-pass')).code).toBe(2013);
    expect(json(await second('second-new-pass')).status).toBe(true);
    expect(json(await first('first-new-pass')).code).toBe(2013);
    expect(json(await loginAttempt(tenant.email, 'second-new-pass')).data.state).toBe('signedIn');
  });

  it('an older link no longer resets once a newer one was used', async () => {
    const tenant = await createTenant(context, { signIn: false });
    const older = await requestResetLink(tenant.email);
    const newer = await requestResetLink(tenant.email);
    expect(json(await newer('newer-pass-1')).status).toBe(true);
    const late = await older('attacker-pass');
    expect(json(late)).toMatchObject({ code: 2013, message: 'This reset link is invalid or has expired' });
    expect(json(await loginAttempt(tenant.email, 'newer-pass-1')).data.state).toBe('signedIn');
  });

  it('a link sent before the password was changed no longer works', async () => {
    const tenant = await createTenant(context);
    const link = await requestResetLink(tenant.email);
    const changed = await post(
      '/api/account/change-password',
      { currentPassword: TEST_PASSWORD, password: 'changed-pass-1', confirmPassword: 'changed-pass-1' },
      as(tenant.token),
    );
    expect(json(changed).status).toBe(true);
    expect(json(await link('attacker-pass')).code).toBe(2013);
    expect(json(await loginAttempt(tenant.email, 'changed-pass-1')).data.state).toBe('signedIn');
  });
});

describe('two-factor authentication', () => {
  async function enrol(token: string) {
    const setup = json(await post('/api/account/two-factor/setup', {}, as(token)));
    expect(setup.data.qrCode).toMatch(/^data:image\/png;base64,/);
    const secret = setup.data.secret as string;
    const enable = await post('/api/account/two-factor/enable', { code: await generate({ secret }) }, as(token));
    expect(json(enable).status).toBe(true);
    return secret;
  }

  it('enrols, then sign-in asks for the code and refuses a code used once', async () => {
    const tenant = await createTenant(context);
    const secret = await enrol(tenant.token);

    const step = json(await loginAttempt(tenant.email, TEST_PASSWORD));
    expect(step.data.state).toBe('twoFactor');
    // The code used for enrolment is in the same 30 s step: it must be refused now.
    const reused = await post('/api/account/login/verify', {
      challengeId: step.data.challengeId,
      securityCode: await generate({ secret }),
    });
    expect(json(reused).code).toBe(2005);

    const nextStep = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const verified = json(
      await post('/api/account/login/verify', { challengeId: step.data.challengeId, securityCode: nextStep }),
    );
    expect(verified.data.state).toBe('signedIn');

    const replay = json(await loginAttempt(tenant.email, TEST_PASSWORD));
    const again = await post('/api/account/login/verify', {
      challengeId: replay.data.challengeId,
      securityCode: nextStep,
    });
    expect(json(again).code).toBe(2005);
  });

  it('makes a user enrol at sign-in when the enterprise requires two-factor', async () => {
    const tenant = await createTenant(context, { settings: { twoFactorRequired: true }, signIn: false });
    const step = json(await loginAttempt(tenant.email, TEST_PASSWORD));
    expect(step.data).toMatchObject({ state: 'enrolTwoFactor' });
    const code = await generate({ secret: step.data.secret as string });
    const done = json(
      await post('/api/account/login/verify', { challengeId: step.data.challengeId, securityCode: code }),
    );
    expect(done.data.state).toBe('signedIn');
    const [row] = await context.database.db.select().from(users).where(eq(users.id, tenant.userId));
    expect(row!.totpSecretEnc).not.toBeNull();
    expect(row!.totpSecretEnc).not.toContain(step.data.secret as string);
    const disable = await post(
      '/api/account/two-factor/disable',
      { code: await generate({ secret: step.data.secret as string, epoch: Date.now() / 1000 + 30 }) },
      as(done.data.token as string),
    );
    expect(json(disable).code).toBe(2009);
  });

  it('refuses, without an error, a code when the last used step is ahead of this clock', async () => {
    const tenant = await createTenant(context);
    const secret = await enrol(tenant.token);
    await context.database.db
      .update(users)
      .set({ totpLastStep: Math.floor(Date.now() / 1000 / 30) + 10 })
      .where(eq(users.id, tenant.userId));
    const step = json(await loginAttempt(tenant.email, TEST_PASSWORD));
    const response = await post('/api/account/login/verify', {
      challengeId: step.data.challengeId,
      securityCode: await generate({ secret }),
    });
    expect(response.statusCode).toBe(401);
    expect(json(response).code).toBe(2005);
  });

  it('encrypts the TOTP secret at rest', async () => {
    const box = createSecretBox('test-secret-key-0123456789');
    const tenant = await createTenant(context);
    const secret = await enrol(tenant.token);
    const [row] = await context.database.db.select().from(users).where(eq(users.id, tenant.userId));
    expect(box.open(row!.totpSecretEnc!)).toBe(secret);
  });
});

describe('sign-up, forgot and reset password', () => {
  it('signs up, mails an activation link, activates once, then signs in', async () => {
    const email = `new.${Date.now()}@signup.test`;
    const signup = await post('/api/account/signup', {
      name: 'Asha',
      enterpriseName: 'Asha Foods',
      emailId: email,
      password: 'longenough1',
      confirmPassword: 'longenough1',
    });
    expect(json(signup).status).toBe(true);
    expect(json(await loginAttempt(email, 'longenough1')).code).toBe(2004);
    const [user] = await context.database.db.select().from(users).where(eq(users.email, email));
    const mail = await latestMail(user!.enterpriseId, email);
    const code = /signup-verify\/([\w-]+)/.exec(mail!.text)![1]!;
    expect(json(await post(`/api/account/activate/${code}`, {})).data.message).toBe(
      'Your account has been activated. Please sign in.',
    );
    expect(json(await post(`/api/account/activate/${code}`, {})).code).toBe(2012);
    expect(json(await loginAttempt(email, 'longenough1')).data.state).toBe('signedIn');
    const dup = await post('/api/account/signup', {
      name: 'B',
      enterpriseName: 'B',
      emailId: email.toUpperCase(),
      password: 'longenough1',
      confirmPassword: 'longenough1',
    });
    expect(json(dup)).toMatchObject({ code: 2011, fieldErrors: { emailId: 'This email is already registered' } });
  });

  it('checks the password rules of the spec', async () => {
    const short = json<{ fieldErrors: Record<string, string> }>(
      await post('/api/account/signup', {
        name: 'A',
        enterpriseName: 'B',
        emailId: 'a@b.test',
        password: 'short',
        confirmPassword: 'short',
      }),
    );
    expect(short.fieldErrors.password).toBe('Your Password must be atleast 8 characters long');
    const mismatch = json<{ fieldErrors: Record<string, string> }>(
      await post('/api/account/signup', {
        name: 'A',
        enterpriseName: 'B',
        emailId: 'a@b.test',
        password: 'longenough1',
        confirmPassword: 'longenough2',
      }),
    );
    expect(mismatch.fieldErrors.confirmPassword).toBe('Your passwords do not match. Please try again.');
  });

  it('forgot password mails a single-use reset link that sets the new password and ends sessions', async () => {
    const tenant = await createTenant(context);
    const sent = json(
      await post('/api/account/recover', {
        emailId: tenant.email,
        captchaId: await captcha(context, 'forgetPassword'),
        captcha: TEST_CAPTCHA,
      }),
    );
    expect(sent.data.message).toBe('An email has been sent with instruction on how to reset the password.');
    const mail = await latestMail(tenant.enterpriseId, tenant.email);
    const link = new URL(/(http\S+reset-password\S+)/.exec(mail!.text)![1]!);
    const body = {
      uId: link.searchParams.get('uId'),
      eId: link.searchParams.get('eId'),
      resetCode: link.searchParams.get('resetCode'),
      password: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    };
    expect(json(await post('/api/account/reset-password', body)).data.message).toBe(
      'Thank you, Your Password has Been Reset.',
    );
    expect(
      (await context.app.inject({ method: 'GET', url: '/api/account/me', headers: as(tenant.token) })).statusCode,
    ).toBe(401);
    expect(json(await post('/api/account/reset-password', body)).code).toBe(2013);
    expect(json(await loginAttempt(tenant.email, 'brand-new-pass')).data.state).toBe('signedIn');
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const sent = json(
      await post('/api/account/recover', {
        emailId: 'ghost@nowhere.test',
        captchaId: await captcha(context, 'forgetPassword'),
        captcha: TEST_CAPTCHA,
      }),
    );
    expect(sent.data.message).toBe('An email has been sent with instruction on how to reset the password.');
    const { rows } = await context.database.raw('select count(*)::int as n from mail_outbox where to_address = $1', [
      'ghost@nowhere.test',
    ]);
    expect(rows[0]!.n).toBe(0);
  });

  it('change password needs the current one and signs out the other sessions only', async () => {
    const tenant = await createTenant(context);
    const other = await login(context, tenant.email);
    const wrong = await post(
      '/api/account/change-password',
      { currentPassword: 'nope', password: 'another-pass', confirmPassword: 'another-pass' },
      as(tenant.token),
    );
    expect(json(wrong).code).toBe(2016);
    const changed = json(
      await post(
        '/api/account/change-password',
        { currentPassword: TEST_PASSWORD, password: 'another-pass', confirmPassword: 'another-pass' },
        as(tenant.token),
      ),
    );
    expect(changed.data.message).toContain('1 other session was signed out');
    expect(
      (await context.app.inject({ method: 'GET', url: '/api/account/me', headers: as(tenant.token) })).statusCode,
    ).toBe(200);
    expect((await context.app.inject({ method: 'GET', url: '/api/account/me', headers: as(other) })).statusCode).toBe(
      401,
    );
  });
});

describe('sign-up on an install without mail (docs/decisions/012)', () => {
  it('a loopback install without SMTP_URL shows the activation link instead of mailing it', async () => {
    const laptop = await createTestApp({ env: { PUBLIC_URL: 'http://127.0.0.1:3000' } });
    try {
      const email = `laptop.${Date.now()}@signup.test`;
      const signup = await laptop.app.inject({
        method: 'POST',
        url: '/api/account/signup',
        payload: {
          name: 'Lata',
          enterpriseName: 'Lata Labs',
          emailId: email,
          password: 'longenough1',
          confirmPassword: 'longenough1',
        },
      });
      const body = json<{ data: { message: string; activationPath: string } }>(signup);
      expect(body.data.message).toBe(
        'Your account has been created. This server does not send mail, so activate your account with the link below.',
      );
      expect(body.data.activationPath).toMatch(/^\/signup-verify\/[\w-]+$/);
      const { rows } = await laptop.database.raw('select count(*)::int as n from mail_outbox where to_address = $1', [
        email,
      ]);
      expect(rows[0]!.n).toBe(0);
      const code = body.data.activationPath.split('/').at(-1)!;
      const activated = await laptop.app.inject({ method: 'POST', url: `/api/account/activate/${code}` });
      expect(json(activated).data.message).toBe('Your account has been activated. Please sign in.');
      expect(await login(laptop, email, 'longenough1')).toBeTruthy();
    } finally {
      await laptop.close();
    }
  });

  it('a server reached by another name queues the mail, shows no link, and says mail is not set up', async () => {
    const email = `server.${Date.now()}@signup.test`;
    const signup = json(
      await post('/api/account/signup', {
        name: 'Sam',
        enterpriseName: 'Sam Co',
        emailId: email,
        password: 'longenough1',
        confirmPassword: 'longenough1',
      }),
    );
    // No SMTP_URL here either: the answer says the mail could not go out, instead of 'check your email'.
    expect(signup.data).toEqual({
      message:
        "Your account has been created, but this server cannot send mail yet, so the activation link was not sent. Please ask the server's operator to set up mail.",
    });
  });
});

describe('sign-up when hidden', () => {
  it("answers 'Access Denied' when hideSignup is set", async () => {
    const hidden = await createTestApp({ env: { PARLEY_HIDE_SIGNUP: '1' } });
    try {
      const response = await hidden.app.inject({
        method: 'POST',
        url: '/api/account/signup',
        payload: {
          name: 'A',
          enterpriseName: 'B',
          emailId: 'x@y.test',
          password: 'longenough1',
          confirmPassword: 'longenough1',
        },
      });
      expect(response.statusCode).toBe(403);
      expect(json(response).message).toBe('Access Denied');
      expect(json(await hidden.app.inject({ method: 'GET', url: '/api/app-config' })).data.hideSignup).toBe(true);
    } finally {
      await hidden.close();
    }
  });
});

describe('announcement banner', () => {
  it('is offered by app-config when PARLEY_AD_BANNER_URL is set, and its origin may serve images', async () => {
    const withAds = await createTestApp({ env: { PARLEY_AD_BANNER_URL: 'https://ads.example.com/banner.png' } });
    try {
      const response = await withAds.app.inject({ method: 'GET', url: '/api/app-config' });
      expect(json(response).data).toMatchObject({ enableAds: true, adBannerUrl: 'https://ads.example.com/banner.png' });
      expect(response.headers['content-security-policy']).toContain('img-src');
      expect(String(response.headers['content-security-policy'])).toMatch(/img-src[^;]*https:\/\/ads\.example\.com/);
    } finally {
      await withAds.close();
    }
    const withoutAds = json(await context.app.inject({ method: 'GET', url: '/api/app-config' }));
    expect(withoutAds.data).toMatchObject({ enableAds: false, adBannerUrl: null });
  });
});
