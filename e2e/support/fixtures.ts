import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export const CAPTCHA = 'e2e42';

/** The demo administrator created by the first-start seed (its password is random per run). */
export function demoLogin(): { email: string; password: string } {
  const file = path.join(process.env.E2E_DATA_DIR!, 'demo-login.txt');
  const [email, password] = fs.readFileSync(file, 'utf8').split('\n');
  return { email: email!, password: password! };
}
export const DEMO_AGENT_EMAIL = 'agent@demo.parley.local';

/** Signs in through the login page, like a person: email, password, captcha, Sign In. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Captcha').fill(CAPTCHA);
  await page.getByRole('button', { name: 'Sign In' }).click();
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

export const test = base;
export { expect };
