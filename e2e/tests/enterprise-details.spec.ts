import type { APIRequestContext } from '@playwright/test';
import { apiToken, demoLogin, expect, saveScreen, sideNav, signInToConsole, test, toast } from '../support/fixtures';

/**
 * Issue 3 item 5 (enterprise): the administrator renames the console on Enterprise Details, uploads a
 * logo and sees the new title at once in the console. The original details are put back through the
 * API afterwards, so the other stories keep seeing 'Welcome To Parley!'.
 */
type Profile = {
  name: string;
  title: string;
  logoUrl: string | null;
  timezone: string;
  recordExternalCampaigns: boolean;
};

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let original: Profile | undefined;

async function adminHeaders(request: APIRequestContext) {
  const { email, password } = demoLogin();
  return { authtoken: await apiToken(request, email, password) };
}

test.beforeAll(async ({ request }) => {
  const response = await request.get('/api/enterprise/profile', { headers: await adminHeaders(request) });
  original = (await response.json()).data as Profile;
});

test.afterAll(async ({ request }) => {
  if (!original) return;
  const response = await request.put('/api/enterprise/profile', {
    headers: await adminHeaders(request),
    data: {
      name: original.name,
      title: original.title,
      logo: original.logoUrl ? original.logoUrl.split('/').pop() : null,
      timezone: original.timezone,
      recordExternalCampaigns: original.recordExternalCampaigns,
    },
  });
  expect(response.status()).toBe(200);
});

test('the administrator renames the console and sees the new title at once', async ({ page }) => {
  const title = `Acme Console ${Date.now() % 100000}`;
  await signInToConsole(page, demoLogin());
  await sideNav(page).getByRole('link', { name: 'Enterprise Details' }).click();
  await expect(page.getByRole('heading', { name: 'Enterprise Details', level: 1 })).toBeVisible();
  await expect(page.getByText('Two-Factor Authentication for Everyone')).toBeVisible();
  await expect(page.getByText(/enrolled in two-factor authentication/)).toBeVisible();

  const titleField = page.getByRole('textbox', { name: 'Console Title' });
  await expect(titleField).toHaveValue(original!.title);
  await titleField.fill(title);

  const timezone = page.getByRole('combobox', { name: 'Timezone' });
  await expect(timezone).toHaveValue('(UTC+05:30) Asia/Kolkata');
  await timezone.click();
  await timezone.fill('Berlin');
  await page.getByRole('option', { name: '(UTC+01:00) Europe/Berlin' }).click();
  await page.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(page.getByRole('button', { name: 'Change Logo' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Logo preview' })).toBeVisible();
  await saveScreen(page, 'enterprise-details-edited');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Enterprise details saved')).toBeVisible();

  // Within the same page (no reload): the saved title reaches the welcome page through /me.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/dashboard');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { name: `Welcome To ${title}!`, level: 1 })).toBeVisible();
  await expect(page.getByRole('banner').getByText(title, { exact: true })).toBeVisible();
  await saveScreen(page, 'enterprise-details-welcome');

  await page.goto('/admin/details');
  await expect(page.getByRole('textbox', { name: 'Console Title' })).toHaveValue(title);
  await expect(page.getByRole('combobox', { name: 'Timezone' })).toHaveValue('(UTC+01:00) Europe/Berlin');
  await expect(page.getByRole('img', { name: 'Logo preview' })).toBeVisible();
  await saveScreen(page, 'enterprise-details-saved');
});
