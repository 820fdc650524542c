import { demoLogin, expect, saveScreen, sideNav, signInToConsole, test, toast } from '../support/fixtures';

/**
 * Platform §2.2 (MANAGE) and §7.3 (departments): the demo administrator creates a department
 * with a manager, is told about a duplicate name, maps a user to it and takes them out again,
 * then deletes it.
 */

test('an administrator manages a department and its users', async ({ page }) => {
  const name = `Support ${Date.now()}`;
  await signInToConsole(page, demoLogin());

  await test.step('create a department with a manager', async () => {
    await sideNav(page).getByRole('link', { name: 'Departments' }).click();
    await expect(page).toHaveURL('/admin/departments');
    await expect(page.getByRole('heading', { name: 'Departments', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Create Department' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Department' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('This field is mandatory.')).toBeVisible();

    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Description').fill('First line of customer help');
    await dialog.getByRole('combobox', { name: 'Manager' }).click();
    await page.getByRole('option', { name: 'Demo Admin' }).click();
    await saveScreen(page, 'departments-create-dialog');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(toast(page, 'Department created')).toBeVisible();

    const row = page.getByRole('table', { name: 'Departments' }).getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Demo Admin');
    await page.mouse.move(0, 0);
    await saveScreen(page, 'departments-list');
  });

  await test.step('a second department with the same name is refused beside the field', async () => {
    await page.getByRole('button', { name: 'Create Department' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Department' });
    await dialog.getByLabel('Name').fill(name.toUpperCase());
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('A department with this name already exists')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  await test.step('search finds it; its page maps and unmaps users', async () => {
    await page.getByRole('textbox', { name: 'Search departments' }).fill(name);
    const table = page.getByRole('table', { name: 'Departments' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await table.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

    const users = page.getByRole('table', { name: 'Users' });
    await page.getByRole('button', { name: 'Add Demo Agent' }).click();
    await expect(toast(page, '1 user added')).toBeVisible();
    await expect(users.getByRole('row').filter({ hasText: 'Demo Agent' })).toContainText('Mapped');

    await page.getByRole('radiogroup', { name: 'Show' }).getByText('Mapped', { exact: true }).click();
    await expect(users.getByRole('row')).toHaveCount(2);
    await page.mouse.move(0, 0);
    await saveScreen(page, 'department-users');

    await page.getByRole('checkbox', { name: 'Select Demo Agent' }).check();
    await page.getByRole('button', { name: /^Remove \(1\)$/ }).click();
    await expect(toast(page, '1 user removed')).toBeVisible();
    await expect(users.getByText('No users match.')).toBeVisible();
  });

  await test.step('delete the department after confirming', async () => {
    await page.getByRole('link', { name: '← Departments' }).click();
    await page.getByRole('textbox', { name: 'Search departments' }).fill(name);
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('dialog', { name: 'Delete Department' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Department deleted')).toBeVisible();
    await expect(page.getByText('No departments match your search')).toBeVisible();
  });
});
