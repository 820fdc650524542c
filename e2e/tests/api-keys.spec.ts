import { demoLogin, expect, saveScreen, sideNav, signInToConsole, test, toast } from '../support/fixtures';

/**
 * Issue 3 item 6: an administrator creates an API key (shown once), another system uses it to read
 * the enterprise's mail outbox, the administrator revokes it and the very next call is refused.
 */
test('an API key works until it is revoked, then is refused at once', async ({ page }) => {
  const name = `Outbox reader ${Date.now()}`;
  await signInToConsole(page, demoLogin());
  await sideNav(page).getByRole('link', { name: 'API Keys' }).click();
  await expect(page.getByRole('heading', { name: 'API Keys', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Create API Key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create API Key' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('checkbox', { name: 'Administrator' }).check();
  await dialog.getByRole('button', { name: 'Create Key' }).click();

  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(shown.getByText('it will not be shown again')).toBeVisible();
  await expect(shown.getByRole('button', { name: 'Copy key' })).toBeVisible();
  const secret = await shown.getByLabel('API Key').inputValue();
  expect(secret).toMatch(/^pk_/);
  await saveScreen(page, 'api-keys-created');
  await shown.getByRole('button', { name: 'Done' }).click();

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(`${secret.slice(0, 7)}…`);
  await expect(row).not.toContainText(secret);
  await expect(row).toContainText('Active');

  const outbox = await page.request.get('/api/admin/outbox', { headers: { 'x-api-key': secret } });
  expect(outbox.status()).toBe(200);
  expect((await outbox.json()).data.mails).toEqual(expect.any(Array));

  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: name })).not.toContainText('Never');
  await saveScreen(page, 'api-keys-list');

  await page.getByRole('button', { name: `Revoke ${name}` }).click();
  await page.getByRole('dialog', { name: 'Revoke this API key?' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(toast(page, `The key '${name}' has been revoked`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Revoked');

  const refused = await page.request.get('/api/admin/outbox', { headers: { 'x-api-key': secret } });
  expect(refused.status()).toBe(401);
});
