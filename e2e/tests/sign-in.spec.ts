import type { WebSocket } from '@playwright/test';
import {
  CAPTCHA,
  callWithToken,
  chooseProfileMenuItem,
  demoAgentLogin,
  demoLogin,
  expect,
  saveScreen,
  sideNav,
  signIn,
  signInToConsole,
  storedSessionToken,
  test,
  toast,
} from '../support/fixtures';

/** Platform §2.1, §2.2, §4.5: signing in, the side menu by role, routes and signing out. */

test('the demo administrator signs in with the captcha and sees every menu group', async ({ page }) => {
  const admin = demoLogin();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign In', level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Verification image' })).toBeVisible();
  await saveScreen(page, 'login-empty');

  await signInToConsole(page, admin);
  await expect(page).toHaveURL('/dashboard');
  const nav = sideNav(page);
  await expect(nav.getByRole('heading')).toHaveText(['MODULE', 'CONFIGURATION', 'MANAGE']);
  await expect(nav.getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Mail Outbox' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Profile menu: DA Demo Admin' })).toBeVisible();
  await saveScreen(page, 'welcome-nav-expanded');

  await test.step('the side menu collapses to area icons and expands again', async () => {
    await page.getByRole('button', { name: 'Collapse navigation' }).click();
    await expect(nav.getByRole('heading')).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
    await nav.getByRole('button', { name: 'Manage' }).click();
    await expect(page.getByRole('menuitem', { name: 'Mail Outbox' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await saveScreen(page, 'welcome-nav-collapsed');
    await nav.getByRole('button', { name: 'Chat' }).click();
    await expect(page.getByRole('menuitem', { name: 'Conversations' })).toBeVisible();
    await saveScreen(page, 'welcome-nav-collapsed-menu');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Expand navigation' }).click();
    await expect(nav.getByRole('heading')).toHaveText(['MODULE', 'CONFIGURATION', 'MANAGE']);
  });
});

test('the login form explains what is missing before it is sent', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('This field is mandatory.')).toHaveCount(2);
  await expect(page.getByText('Please enter captcha.')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();

  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await saveScreen(page, 'login-field-errors');
});

test('a wrong password is refused and the captcha image is replaced', async ({ page }) => {
  const admin = demoLogin();
  await page.goto('/login');
  const captchaImage = page.getByRole('img', { name: 'Verification image' });
  await expect(captchaImage).toBeVisible();
  const firstImage = await captchaImage.getAttribute('src');

  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByLabel('Captcha').fill(CAPTCHA);
  const newCaptcha = page.waitForResponse((response) => response.url().includes('/api/account/captcha'));
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await newCaptcha;
  await expect(captchaImage).toBeVisible();
  expect(await captchaImage.getAttribute('src')).not.toBe(firstImage);
  await expect(page.getByLabel('Captcha')).toHaveValue('');
  await expect(page).toHaveURL('/login');
  await saveScreen(page, 'login-wrong-password');

  // The same form, with the right password and the new captcha, signs in.
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByLabel('Captcha').fill(CAPTCHA);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome To Parley!' })).toBeVisible();
});

test('a Handle Chats agent sees only the Chat entries', async ({ page }) => {
  await signInToConsole(page, demoAgentLogin());
  const nav = sideNav(page);
  await expect(nav.getByRole('heading')).toHaveText(['MODULE']);
  await expect(nav.getByRole('heading', { name: 'CONFIGURATION' })).toHaveCount(0);
  await expect(nav.getByRole('heading', { name: 'MANAGE' })).toHaveCount(0);
  await expect(nav.getByRole('button', { name: 'Chat' })).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link')).toHaveText(['Conversations', 'History', 'Just In Time', 'Meetings', 'Dialer']);
  await saveScreen(page, 'handle-chats-shell');

  await test.step('a screen outside the role says it is forbidden, at its own address', async () => {
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: 'Access Denied', level: 1 })).toBeVisible();
    await expect(page.getByText('You do not have permission to open this page.', { exact: false })).toBeVisible();
    await expect(page).toHaveURL('/admin/users');
    await expect(page).toHaveTitle('Access Denied · Parley');
    await saveScreen(page, 'forbidden-page');
    await page.getByRole('link', { name: 'Go to the Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome To Parley!' })).toBeVisible();
  });
});

test('a deep link typed while signed out signs in and comes back to that page; Back never shows the login form', async ({
  page,
}) => {
  const admin = demoLogin();
  await page.goto('/forgot-password');
  await expect(page).toHaveTitle('Forgot Password · Parley');
  await page.goto('/admin/outbox');
  await expect(page).toHaveURL('/login?next=%2Fadmin%2Foutbox');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect(page).toHaveTitle('Sign In · Parley');

  await expect(page.getByRole('img', { name: 'Verification image' })).toBeVisible();
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByLabel('Captcha').fill(CAPTCHA);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/admin/outbox');
  await expect(page.getByRole('heading', { name: 'Mail Outbox', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Mail Outbox · Parley');

  await test.step('Back leaves the console for the page before, not the login form', async () => {
    await page.goBack();
    await expect(page).toHaveURL('/forgot-password');
    await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCount(0);
  });

  await test.step('a signed-in user opening /login goes into the console', async () => {
    await page.goto('/login');
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome To Parley!', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Dashboard · Parley');
  });

  await test.step('a return address on another site is ignored', async () => {
    await page.evaluate(() => window.localStorage.removeItem('parley.sessionToken'));
    await page.goto('/login?next=%2F%2Fevil.example%2Fx');
    await expect(page.getByRole('img', { name: 'Verification image' })).toBeVisible();
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByLabel('Captcha').fill(CAPTCHA);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/dashboard');
  });
});

test('the skip link comes first and the focus moves to each new page heading', async ({ page }) => {
  await signInToConsole(page, demoLogin());
  // A fresh load of a console page: the first Tab reaches the skip link.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome To Parley!', level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await saveScreen(page, 'skip-link-focused');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Welcome To Parley!', level: 1 })).toBeFocused();

  await sideNav(page).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeFocused();
  await expect(page).toHaveTitle('Users · Parley');
});

test("signed in, an unknown path says 'Page not found' and an unbuilt entry shows its coming-soon page", async ({
  page,
}) => {
  await signInToConsole(page, demoLogin());

  await page.goto('/no/such/screen');
  await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
  await expect(page).toHaveURL('/no/such/screen');
  await expect(page).toHaveTitle('Page not found · Parley');
  await saveScreen(page, 'page-not-found');

  const trash = sideNav(page).getByRole('link', { name: 'Trash' });
  await trash.click();
  await expect(page).toHaveURL('/admin/trash');
  await expect(page.getByRole('heading', { name: 'Trash', level: 1 })).toBeVisible();
  await expect(page.getByText('This screen is coming soon')).toBeVisible();
  await expect(trash).toHaveAttribute('aria-current', 'page');
  await saveScreen(page, 'coming-soon');

  // Entries with the same name (Monitor in Chat and in Journey) are told apart by their area.
  const journeyMonitor = sideNav(page).getByRole('group', { name: 'Journey' }).getByRole('link', { name: 'Monitor' });
  await journeyMonitor.click();
  await expect(page).toHaveURL('/journey/monitor');
  await expect(page.getByRole('heading', { name: 'Monitor', level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByText('Journey', { exact: true })).toBeVisible();
  await expect(journeyMonitor).toHaveAttribute('aria-current', 'page');
  await expect(
    sideNav(page).getByRole('group', { name: 'Chat' }).getByRole('link', { name: 'Monitor' }),
  ).not.toHaveAttribute('aria-current', 'page');
});

test('signing out from the profile menu ends the session on the server', async ({ page }) => {
  const sockets: WebSocket[] = [];
  page.on('websocket', (socket) => sockets.push(socket));
  await signInToConsole(page, demoLogin());
  await chooseProfileMenuItem(page, 'Demo Admin', 'My Profile');
  await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();
  const token = await storedSessionToken(page);
  expect(token).not.toBeNull();
  expect(await callWithToken(page.request, token!)).toMatchObject({ httpStatus: 200, ok: true });

  // Every page load from here on; signing out is a move to /login inside the app, not a reload.
  const pageLoads: string[] = [];
  page.on('load', () => pageLoads.push(new URL(page.url()).pathname));
  // The server ends the session and closes the console's websocket with 4001, which makes a page
  // reload. Holding the server's answer until that socket is closed makes the race certain: the
  // console must close its socket itself before it asks the server to sign it out.
  const consoleSocket = sockets.find((socket) => !socket.isClosed());
  expect(consoleSocket).toBeDefined();
  const socketClosed = new Promise<void>((resolve) => consoleSocket!.on('close', () => resolve()));
  await page.route('**/api/account/logout', async (route) => {
    const response = await route.fetch();
    await socketClosed;
    await route.fulfill({ response });
  });

  await chooseProfileMenuItem(page, 'Demo Admin', 'Sign Out');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect(toast(page, 'You have been signed out')).toBeVisible();
  expect(await storedSessionToken(page)).toBeNull();
  expect(await callWithToken(page.request, token!)).toMatchObject({ httpStatus: 401, ok: false, code: 1401 });

  // Back in the console only by signing in again.
  pageLoads.push('(typed /dashboard)');
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login');
  await signIn(page, demoLogin().email, demoLogin().password);
  await expect(page.getByRole('heading', { name: 'Welcome To Parley!' })).toBeVisible();
  expect(pageLoads[0]).toBe('(typed /dashboard)');
});

test('without the image, a text question read aloud does the captcha', async ({ page }) => {
  const admin = demoLogin();
  await page.goto('/login');
  await expect(page.getByRole('img', { name: 'Verification image' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New image' })).toBeVisible();
  await page.getByRole('button', { name: 'Use a Text Question Instead' }).click();
  await expect(page.getByRole('img', { name: 'Verification image' })).toHaveCount(0);

  // The question is the Captcha field's description: what a screen reader reads with the field.
  const captcha = page.getByLabel('Captcha');
  await expect(captcha).toHaveAccessibleDescription(/^(What is|Add|Take) .+[?.]$/);
  const question = await page.getByText(/^(What is|Add|Take) /).textContent();
  await page.getByRole('button', { name: 'New question' }).click();
  await expect(captcha).not.toHaveAccessibleDescription(question!);
  await saveScreen(page, 'login-text-captcha');

  const words = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
  const asked = (await page.getByText(/^(What is|Add|Take) /).textContent())!;
  const [a, b] = asked
    .toLowerCase()
    .match(/[a-z]+/g)!
    .filter((word) => words.includes(word))
    .map((word) => words.indexOf(word));
  const answer = /plus|add/i.test(asked) ? a! + b! : /^take/i.test(asked) ? b! - a! : a! - b!;

  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await captcha.fill(String(answer));
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome To Parley!' })).toBeVisible();
});
