import { expect, saveScreen, signInToConsole, test } from '../support/fixtures';

/**
 * Platform §2.1, §2.5 and docs/decisions/012: on an install without SMTP_URL, reached only from this
 * machine, a new enterprise signs up and activates from the sign-up screen itself.
 */
test('a new enterprise signs up and activates on a machine without mail', async ({ page }) => {
  const login = { email: `founder.${Date.now()}@new-enterprise.test`, password: 'a-long-passphrase' };
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL('/signup');

  await page.getByLabel('Full Name').fill('Farah Founder');
  await page.getByLabel('Enterprise Name').fill('Founder Foods');
  await page.getByLabel('Email').fill(login.email);
  await page.getByLabel('Password', { exact: true }).fill(login.password);
  await page.getByLabel('Confirm Password').fill(login.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page.getByRole('status')).toContainText(
    'Your account has been created. This server does not send mail, so activate your account with the link below.',
  );
  await saveScreen(page, 'signup-activate-without-mail');

  await test.step('until it is activated, the account cannot sign in', async () => {
    const captcha = await (await page.request.get('/api/account/captcha?purpose=login')).json();
    const early = await page.request.post('/api/account/login', {
      data: { email: login.email, password: login.password, captchaId: captcha.data.captchaId, captcha: 'e2e42' },
    });
    expect((await early.json()).message).toBe('Your account is not active');
  });

  await page.getByRole('link', { name: 'Activate Your Account' }).click();
  await expect(page.getByRole('status')).toHaveText('Your account has been activated. Please sign in.');
  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/login');

  await signInToConsole(page, login);
  await expect(page).toHaveURL('/dashboard');
});
