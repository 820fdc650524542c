import { resetPasswordThroughApi } from '../support/account-api';
import {
  demoAgentLogin,
  demoLogin,
  expect,
  saveScreen,
  sideNav,
  signIn,
  signInToConsole,
  test,
  CAPTCHA,
} from '../support/fixtures';

/**
 * Platform §2.5, §4.6 and §5: the demo agent forgets its password, the administrator finds the
 * reset mail in the Mail Outbox (no SMTP server is configured), and the agent sets a new one.
 *
 * The other specs sign in as the agent with the seeded password, so afterAll gives it back
 * through the same forgot → mail → reset flow, driven through the API.
 */

const agent = demoAgentLogin();
const NEW_PASSWORD = 'a-brand-new-password-42';

test.afterAll(async ({ request }) => {
  await resetPasswordThroughApi(request, agent.email, agent.password);
});

test('the forgot-password form checks its fields before sending', async ({ page }) => {
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Forgot Password', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('This field is mandatory.')).toBeVisible();
  await expect(page.getByText('Please enter captcha.')).toBeVisible();
  await page.getByLabel('Email').fill('agent@demo');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await saveScreen(page, 'forgot-password-field-errors');
});

test('an agent resets a forgotten password with the link an administrator finds in the outbox', async ({ browser }) => {
  const agentContext = await browser.newContext();
  const adminContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  const adminPage = await adminContext.newPage();

  await test.step('the agent asks for a reset link from the login page', async () => {
    await agentPage.goto('/login');
    await agentPage.getByRole('link', { name: 'Forgot Password?' }).click();
    await expect(agentPage).toHaveURL('/forgot-password');
    await expect(agentPage.getByRole('heading', { name: 'Forgot Password', level: 1 })).toBeVisible();
    await saveScreen(agentPage, 'forgot-password');
    await expect(agentPage.getByRole('img', { name: 'Verification image' })).toBeVisible();
    await agentPage.getByLabel('Email').fill(agent.email);
    await agentPage.getByLabel('Captcha').fill(CAPTCHA);
    await agentPage.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(
      agentPage.getByText('An email has been sent with instruction on how to reset the password.'),
    ).toBeVisible();
    await expect(agentPage.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    await saveScreen(agentPage, 'forgot-password-sent');
  });

  let resetLink = '';
  await test.step('the administrator opens the reset mail in MANAGE → Mail Outbox', async () => {
    await signInToConsole(adminPage, demoLogin());
    await sideNav(adminPage).getByRole('link', { name: 'Mail Outbox' }).click();
    await expect(adminPage).toHaveURL('/admin/outbox');
    await expect(adminPage.getByRole('heading', { name: 'Mail Outbox', level: 1 })).toBeVisible();
    const mails = adminPage.getByRole('table', { name: 'Mails' });
    await expect(mails.getByRole('columnheader')).toHaveText(['To', 'Subject', 'Time']);
    const resetMail = mails.getByRole('row').filter({ hasText: agent.email }).filter({ hasText: 'Reset your' }).first();
    await expect(resetMail).toBeVisible();
    await adminPage.mouse.move(0, 0);
    await saveScreen(adminPage, 'mail-outbox');

    await resetMail.getByRole('cell').first().click();
    await expect(adminPage).toHaveURL(/\/admin\/outbox\/[0-9a-f-]{36}$/);
    await expect(adminPage.getByRole('heading', { name: 'Reset your Parley password', level: 1 })).toBeVisible();
    await expect(adminPage.getByText(agent.email)).toBeVisible();
    const link = adminPage.getByRole('link', { name: /\/reset-password\?/ });
    resetLink = (await link.getAttribute('href')) ?? '';
    expect(resetLink).toContain('resetCode=');
    await saveScreen(adminPage, 'mail-outbox-mail');
  });

  await test.step('the agent follows the link and is told what a valid new password is', async () => {
    await agentPage.goto(resetLink);
    await expect(agentPage.getByRole('heading', { name: 'Reset Password', level: 1 })).toBeVisible();
    await saveScreen(agentPage, 'reset-password');

    await agentPage.getByRole('button', { name: 'Reset Password' }).click();
    await expect(agentPage.getByText('This field is mandatory.')).toHaveCount(2);

    await agentPage.getByLabel('New Password').fill('short');
    await agentPage.getByLabel('Confirm Password').fill('short');
    await agentPage.getByRole('button', { name: 'Reset Password' }).click();
    await expect(agentPage.getByText('Your Password must be atleast 8 characters long')).toBeVisible();

    await agentPage.getByLabel('New Password').fill(NEW_PASSWORD);
    await agentPage.getByLabel('Confirm Password').fill(`${NEW_PASSWORD}!`);
    await agentPage.getByRole('button', { name: 'Reset Password' }).click();
    await expect(agentPage.getByText('Your passwords do not match. Please try again.')).toBeVisible();
    await expect(agentPage.getByText('Your Password must be atleast 8 characters long')).toHaveCount(0);
    await saveScreen(agentPage, 'reset-password-field-errors');
  });

  await test.step('the agent sets the new password and signs in with it', async () => {
    await agentPage.getByLabel('Confirm Password').fill(NEW_PASSWORD);
    await agentPage.getByRole('button', { name: 'Reset Password' }).click();
    await expect(agentPage.getByText('Thank you, Your Password has Been Reset.')).toBeVisible();
    await saveScreen(agentPage, 'reset-password-done');

    await agentPage.getByRole('link', { name: 'Sign In' }).click();
    await expect(agentPage).toHaveURL('/login');
    await signIn(agentPage, agent.email, agent.password);
    await expect(agentPage.getByRole('alert')).toHaveText('Invalid email or password');
    await signInToConsole(agentPage, { email: agent.email, password: NEW_PASSWORD });
  });

  await test.step('the link works only once', async () => {
    await agentPage.goto(resetLink);
    await agentPage.getByLabel('New Password').fill(NEW_PASSWORD);
    await agentPage.getByLabel('Confirm Password').fill(NEW_PASSWORD);
    await agentPage.getByRole('button', { name: 'Reset Password' }).click();
    await expect(agentPage.getByRole('alert')).toHaveText('This reset link is invalid or has expired');
  });

  await agentContext.close();
  await adminContext.close();
});
