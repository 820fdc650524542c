import fs from 'node:fs';
import { demoLogin, expect, saveScreen, sideNav, signInToConsole, test } from '../support/fixtures';

/** Issue 3 item 8: an administrator reads who did what, filters it, and exports it as CSV. */
test('the audit trail shows who did what, filters by action and exports CSV', async ({ page }) => {
  await signInToConsole(page, demoLogin());
  await sideNav(page).getByRole('link', { name: 'Audit Trail' }).click();
  await expect(page.getByRole('heading', { name: 'Audit Trail', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Audit trail' });
  await expect(table.getByRole('row').filter({ hasText: 'account.login' }).first()).toContainText('Demo Admin');

  const filters = page.getByRole('form', { name: 'Filters' });
  await filters.getByLabel('Action').fill('account.login');
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(table.getByRole('row').nth(1)).toContainText('account.login');
  await saveScreen(page, 'audit-trail');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\r\n');
  expect(lines[0]).toBe('When,User,Action,Target,Status,Method,Route,IP,Request ID');
  expect(lines.length).toBeGreaterThan(1);
  expect(lines.slice(1).every((line) => line.includes(',account.login,'))).toBe(true);
});
