import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { AccessibilityWatcher, describeFindings } from './accessibility';

export const CAPTCHA = 'e2e42';

/** The demo administrator created by the first-start seed (its password is random per run). */
export function demoLogin(): { email: string; password: string } {
  const file = path.join(process.env.E2E_DATA_DIR!, 'demo-login.txt');
  const [email, password] = fs.readFileSync(file, 'utf8').split('\n');
  return { email: email!, password: password! };
}
export const DEMO_AGENT_EMAIL = 'agent@demo.parley.local';

/** The demo Handle Chats agent: the seed gives it the administrator's password. */
export function demoAgentLogin(): { email: string; password: string } {
  return { email: DEMO_AGENT_EMAIL, password: demoLogin().password };
}

/** Signs in through the login page, like a person: email, password, captcha, Sign In. */
export async function signIn(page: Page, email: string, password: string, options: { signOutOthers?: boolean } = {}) {
  await page.goto('/login');
  // Like a person, read the captcha once it is shown: a captcha arriving later replaces the answer.
  await expect(page.getByRole('img', { name: 'Verification image' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Captcha').fill(CAPTCHA);
  if (options.signOutOthers) await page.getByLabel('Sign Out My Other Sessions').check();
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs in and waits for the console's welcome page. */
export async function signInToConsole(
  page: Page,
  login: { email: string; password: string },
  options: { signOutOthers?: boolean } = {},
) {
  await signIn(page, login.email, login.password, options);
  await expect(page.getByRole('heading', { name: 'Welcome To Parley!', level: 1 })).toBeVisible();
}

/** Signs in through the API and returns the session token (for arranging data, not for the story). */
export async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const captcha = await (await request.get('/api/account/captcha')).json();
  const response = await request.post('/api/account/login', {
    data: { email, password, captchaId: captcha.data.captchaId, captcha: CAPTCHA },
  });
  const body = await response.json();
  if (body.data?.state !== 'signedIn') throw new Error(`API sign-in failed: ${JSON.stringify(body)}`);
  return body.data.token as string;
}

/** The session token the console keeps in localStorage (`web/src/lib/session-token.ts`). */
export async function storedSessionToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('parley.sessionToken'));
}

/** What the server answers to an API call made with a given session token. */
export async function callWithToken(request: APIRequestContext, token: string) {
  const response = await request.get('/api/account/me', { headers: { authtoken: token } });
  const body = (await response.json()) as { status: boolean; code?: number };
  return { httpStatus: response.status(), ok: body.status, code: body.code };
}

/** The side menu, the console's only navigation landmark. */
export function sideNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

/** A toast (Mantine notifications are role=alert) with the given text. */
export function toast(page: Page, text: string): Locator {
  return page.getByRole('alert').filter({ hasText: text });
}

/** Opens the profile menu in the top bar and chooses one of its items. */
export async function chooseProfileMenuItem(page: Page, userName: string, item: 'My Profile' | 'Sign Out') {
  // The button's name is what it shows: the initials (unless a picture replaces them) and the name.
  await page.getByRole('button', { name: new RegExp(`^Profile menu: (\\p{Lu}+ )?${userName}$`, 'u') }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

const screensDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-results/screens');

/** Resolves when web fonts are loaded and every finite animation or transition has finished. */
async function settled(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    // A transition starts on the frame after the change that causes it.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * A full-page PNG in e2e/test-results/screens/ for reviewing the look of a screen, taken once
 * fonts, menus, collapses and toasts have settled. Fixed parts (top bar, side menu) are drawn once
 * per viewport, so the viewport is made as tall as the page for the picture.
 */
export async function saveScreen(page: Page, name: string) {
  await settled(page);
  const viewport = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const tall = viewport !== null && height > viewport.height;
  if (tall) {
    await page.setViewportSize({ width: viewport.width, height });
    await settled(page);
  }
  await page.screenshot({ path: path.join(screensDir, `${name}.png`), fullPage: true });
  if (tall) await page.setViewportSize(viewport);
}

/**
 * Every story's page is checked with axe-core (WCAG 2.1 A/AA) on each screen and dialog it shows;
 * critical or serious findings fail the story (see accessibility.ts).
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const watcher = new AccessibilityWatcher(page);
    await watcher.start();
    await use(page);
    const findings = await watcher.finish();
    expect(findings.length, `accessibility (axe, WCAG 2.1 A/AA):\n${describeFindings(findings)}`).toBe(0);
  },
});
export { expect };
