import type { Browser, Page } from '@playwright/test';
import {
  callWithToken,
  chooseProfileMenuItem,
  demoLogin,
  expect,
  saveScreen,
  signInToConsole,
  storedSessionToken,
  test,
  toast,
} from '../support/fixtures';

/**
 * Platform §4.4, §4.5: one user signed in on two devices. Ending a session elsewhere logs the
 * open page out by itself: the server closes its websocket with 4001, the page reloads, its
 * token check fails and it lands on /login with 'Session Expired! Please login'.
 */

const admin = demoLogin();

/** A browser context whose user agent names the device, so its row is easy to find in Active Sessions. */
async function openDevice(browser: Browser, device: string): Promise<Page> {
  const probe = await browser.newPage();
  const userAgent = `${await probe.evaluate(() => navigator.userAgent)} ${device}`;
  await probe.close();
  const context = await browser.newContext({ userAgent });
  return context.newPage();
}

async function expectLoggedOutByItself(page: Page) {
  await expect(page).toHaveURL('/login', { timeout: 15_000 });
  await expect(toast(page, 'Session Expired! Please login')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  expect(await storedSessionToken(page)).toBeNull();
}

test('from My Profile, a user signs out their session on another device', async ({ browser }) => {
  const deviceAName = `ParleyE2E/laptop-${Date.now()}`;
  const deviceA = await openDevice(browser, deviceAName);
  const deviceB = await openDevice(browser, 'ParleyE2E/desk');

  await signInToConsole(deviceA, admin);
  const tokenA = (await storedSessionToken(deviceA))!;
  // Device A keeps its console open, with the websocket connected, and does nothing from now on.
  await deviceA.getByRole('link', { name: 'Users' }).click();
  await expect(deviceA.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();

  await signInToConsole(deviceB, admin);
  await chooseProfileMenuItem(deviceB, 'Demo Admin', 'My Profile');
  const sessions = deviceB.getByRole('table', { name: 'Active Sessions' });
  await expect(sessions.getByRole('row').filter({ hasText: 'This device' })).toHaveCount(1);
  const rowOfA = sessions.getByRole('row').filter({ hasText: deviceAName });
  await expect(rowOfA).toHaveCount(1);
  await expect(rowOfA.getByText('This device')).toHaveCount(0);
  await deviceB.mouse.move(0, 0);
  await saveScreen(deviceB, 'my-profile-active-sessions');

  // What device A will do by itself: its websocket is closed with 4001 and the page reloads.
  const deviceAReloads = deviceA.waitForEvent('load');
  await rowOfA.getByRole('button', { name: 'Sign Out' }).click();
  const dialog = deviceB.getByRole('dialog', { name: 'Sign out this session?' });
  await expect(dialog).toBeVisible();
  await saveScreen(deviceB, 'my-profile-sign-out-dialog');
  await dialog.getByRole('button', { name: 'Sign Out' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(deviceB, 'The session has been signed out.')).toBeVisible();
  await expect(rowOfA).toHaveCount(0);

  await test.step('device A is logged out without doing anything', async () => {
    await deviceAReloads;
    await expectLoggedOutByItself(deviceA);
    await saveScreen(deviceA, 'login-session-expired');
    expect(await callWithToken(deviceA.request, tokenA)).toMatchObject({ httpStatus: 401, ok: false, code: 1401 });
  });

  // Device B is untouched.
  await deviceB.reload();
  await expect(deviceB.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();

  await deviceA.context().close();
  await deviceB.context().close();
});

test("'Sign Out My Other Sessions' at login ends the session on the other device", async ({ browser }) => {
  const deviceA = await openDevice(browser, 'ParleyE2E/laptop');
  const deviceB = await openDevice(browser, 'ParleyE2E/desk');

  await signInToConsole(deviceA, admin);
  const tokenA = (await storedSessionToken(deviceA))!;
  expect(await callWithToken(deviceA.request, tokenA)).toMatchObject({ httpStatus: 200, ok: true });

  const deviceAReloads = deviceA.waitForEvent('load');
  await signInToConsole(deviceB, admin, { signOutOthers: true });
  await deviceAReloads;
  const tokenB = (await storedSessionToken(deviceB))!;

  await expectLoggedOutByItself(deviceA);
  expect(await callWithToken(deviceA.request, tokenA)).toMatchObject({ httpStatus: 401, code: 1401 });
  expect(await callWithToken(deviceB.request, tokenB)).toMatchObject({ httpStatus: 200, ok: true });

  // The one session left is device B's own.
  await chooseProfileMenuItem(deviceB, 'Demo Admin', 'My Profile');
  const sessions = deviceB.getByRole('table', { name: 'Active Sessions' });
  await expect(sessions.getByRole('row')).toHaveCount(2); // header + this device
  await expect(sessions.getByRole('row').nth(1)).toContainText('This device');
  await expect(deviceB.getByText('No other active sessions.')).toBeVisible();

  await deviceA.context().close();
  await deviceB.context().close();
});
