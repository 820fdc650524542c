import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { sendOrderUpdate, waitUntilSent } from '../support/broadcast-api';
import { demoLogin, expect, saveScreen, sideNav, signInToConsole, test, toast } from '../support/fixtures';

/**
 * Issue 8 (platform §2.2, §7.1, §7.5): the administrator keeps the blacklist (numbers typed with a
 * reason, a CSV imported, one removed after the "delete list" confirmation), then finds a
 * customer's messages in the delivery report and exports exactly those as CSV. The demo
 * enterprise starts with one blacklisted customer, +919876500174.
 */

const shotsDir = process.env.H4_SHOTS_DIR;
const here = path.dirname(fileURLToPath(import.meta.url));

async function shot(page: Page, name: string) {
  await saveScreen(page, name);
  if (shotsDir) {
    fs.mkdirSync(shotsDir, { recursive: true });
    fs.copyFileSync(path.join(here, '../test-results/screens', `${name}.png`), path.join(shotsDir, `${name}.png`));
  }
}

test('the blacklist is kept by hand and by file, and the delivery report exports what it shows', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signInToConsole(page, demoLogin());
  const table = page.getByRole('table', { name: 'Blacklist' });

  await test.step('the blacklist: the demo entry, with where it came from', async () => {
    await sideNav(page).getByRole('link', { name: 'Blacklist' }).click();
    await expect(page).toHaveURL('/campaigns/blacklist');
    await expect(page.getByRole('heading', { name: 'Blacklist', level: 1 })).toBeVisible();
    await expect(table.getByRole('columnheader')).toHaveText([
      'Phone Number',
      'Source',
      'Reason',
      'Added By',
      'Added On',
      'Actions',
    ]);
    const demo = table.getByRole('row').filter({ hasText: '+919876500174' });
    await expect(demo).toContainText('Manual');
    await expect(demo).toContainText('Asked not to receive offers');
  });

  await test.step('add typed numbers with a reason: the line that is no number is listed back', async () => {
    await page.getByRole('button', { name: 'Add Numbers' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Numbers' });
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog.getByText('This Field is Mandatory')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Mobile Numbers' }).fill('+91 98123 00001, +919812300002\n12345');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Complained about offers');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    const result = dialog.getByRole('status', { name: 'Result' });
    await expect(result).toContainText('2 added');
    await expect(result).toContainText('0 already listed');
    await expect(result).toContainText('1 invalid');
    await expect(result.getByRole('table', { name: 'Invalid lines' })).toContainText('12345');
    await shot(page, 'blacklist-1-add');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(table.getByRole('row').filter({ hasText: '+919812300001' })).toContainText('Complained about offers');
  });

  await test.step('import a CSV: new, already listed and unreadable lines counted', async () => {
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Numbers' });
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Choose CSV File' }).click();
    await (
      await chooser
    ).setFiles({
      name: 'do-not-contact.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('phoneNumber\n+919812300003\n+919812300001\nnot a number\n'),
    });
    await expect(dialog.getByText('do-not-contact.csv')).toBeVisible();
    await dialog.getByRole('button', { name: 'Import' }).click();
    const result = dialog.getByRole('status', { name: 'Result' });
    await expect(result).toContainText('1 added');
    await expect(result).toContainText('1 already listed');
    await expect(result).toContainText('1 invalid');
    await shot(page, 'blacklist-2-import');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(table.getByRole('row').filter({ hasText: '+919812300003' })).toContainText('Import');
    await page.mouse.move(0, 0);
    await shot(page, 'blacklist-3-list');
  });

  await test.step('search, then remove a number after the confirmation', async () => {
    await page.getByRole('textbox', { name: 'Search' }).fill('9812300002');
    await expect(table.getByRole('row')).toHaveCount(2);
    await table.getByRole('button', { name: 'Remove +919812300002' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete From List' });
    await expect(confirm).toContainText('Broadcasts will message it again');
    await shot(page, 'blacklist-4-remove');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, '+919812300002 removed from the blacklist')).toBeVisible();
    await expect(table.getByText('No Record')).toBeVisible();
  });

  await test.step('the delivery report: one customer’s messages, exported as CSV', async () => {
    const number = '+919876500285';
    // Arranged through the API: the report shows what the channel log holds, once it has left.
    await waitUntilSent(request, await sendOrderUpdate(request, [number]));
    await sideNav(page).getByRole('link', { name: 'Delivery Report' }).click();
    await expect(page).toHaveURL('/admin/report');
    await expect(page.getByRole('heading', { name: 'Delivery Report', level: 1 })).toBeVisible();
    const report = page.getByRole('table', { name: 'Messages' });
    await expect(report.getByRole('columnheader')).toHaveText([
      'Created On',
      'Channel',
      'Direction',
      'Number',
      'Template',
      'Message Id',
      'Status',
      'Error',
    ]);
    await page.getByRole('textbox', { name: 'Customer Number' }).fill(number);
    await page.getByRole('button', { name: 'Apply' }).click();
    const rows = report.locator('tbody tr');
    await expect(rows.first()).toContainText(number);
    await expect(rows.first()).toContainText('order_update');
    for (const row of await rows.all()) await expect(row).toContainText(number);
    await page.mouse.move(0, 0);
    await shot(page, 'report-1-filtered');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^delivery-report-\d{4}-\d\d-\d\d\.csv$/);
    const lines = fs
      .readFileSync(await file.path(), 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('Created On,Channel,Direction,Customer Number');
    expect(lines.length).toBe((await rows.count()) + 1);
    for (const line of lines.slice(1)) expect(line).toContain(number);
  });
});
