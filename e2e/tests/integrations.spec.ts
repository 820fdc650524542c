import { demoLogin, expect, saveScreen, sideNav, signInToConsole, test, toast } from '../support/fixtures';

/** Issue 3 item 7: an administrator adds a GenAI integration, sees its key masked, tests it, deletes it. */
test('a GenAI integration keeps its key masked and reports a failed connection in plain words', async ({ page }) => {
  const name = `Assistant ${Date.now()}`;
  await signInToConsole(page, demoLogin());
  await sideNav(page).getByRole('link', { name: 'Integrations' }).click();
  await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Add Integration' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add Integration' });
  await drawer.getByLabel('Name').fill(name);
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer.getByText('This field is required')).toBeVisible();
  await drawer.getByLabel('API Key').fill('sk-e2e-secret-key-1234');
  await drawer.getByLabel('Base URL').fill('http://127.0.0.1:9/v1');
  await drawer.getByLabel('Model').fill('gpt-4o-mini');
  await saveScreen(page, 'integrations-drawer');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, `${name} has been saved`)).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('sk-…1234');
  await expect(row).not.toContainText('sk-e2e-secret-key-1234');

  await page.getByRole('button', { name: `Test connection of ${name}` }).click();
  await expect(row.getByRole('status')).toContainText('private or local and may not be called');
  await saveScreen(page, 'integrations-list');

  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await expect(edit.getByLabel('API Key', { exact: true })).toHaveValue('sk-…1234');
  await edit.getByRole('button', { name: 'Replace API Key' }).click();
  await expect(edit.getByLabel('API Key', { exact: true })).toHaveValue('');
  await edit.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog', { name: 'Delete this integration?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, `${name} has been deleted`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});
