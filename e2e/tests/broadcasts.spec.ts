import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { sendOrderUpdate } from '../support/broadcast-api';
import { demoLogin, expect, saveScreen, sideNav, signInToConsole, test } from '../support/fixtures';

/**
 * Issue 8 (engagement.md §2.9, §2.10, §2.18): while the administrator has the broadcast list open,
 * a broadcast of the demo template order_update goes out through the Sandbox channel to three
 * demo customers (sent through the API, as a campaign would). It appears in the list and fills up
 * without a reload; its read-only view shows the request, the preview and the Sandbox's delivery
 * reports, and one message's status history. The Rate card dialog keeps the prices behind the
 * estimate.
 */

const shotsDir = process.env.H4_SHOTS_DIR;
const here = path.dirname(fileURLToPath(import.meta.url));
const recipients = ['+919876500100', '+919876500211', '+919876500248'];

async function shot(page: Page, name: string) {
  await saveScreen(page, name);
  if (shotsDir) {
    fs.mkdirSync(shotsDir, { recursive: true });
    fs.copyFileSync(path.join(here, '../test-results/screens', `${name}.png`), path.join(shotsDir, `${name}.png`));
  }
}

test('a sent broadcast is followed from the list to every delivery and its status history', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signInToConsole(page, demoLogin());
  let id = '';

  await test.step('the list: a broadcast sent meanwhile appears with its live progress', async () => {
    await sideNav(page).getByRole('link', { name: 'Just In Time' }).click();
    await expect(page).toHaveURL(/\/campaigns\/broadcast\/?$/);
    await expect(page.getByRole('heading', { name: 'Just In Time', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Broadcasts' });
    // Other stories may have sent broadcasts today: wait for the list, whatever it holds.
    await expect(table.getByText(/No Record|order_update|season_sale/).first()).toBeVisible();
    // Sent while the list is open: it appears and fills up without a reload.
    id = await sendOrderUpdate(request, recipients);
    await expect(table.getByRole('columnheader')).toHaveText([
      'Template Name',
      'Initiated By',
      'Channel',
      'Created On',
      'Status',
    ]);
    const row = table.getByRole('row').filter({ has: page.locator(`a[href="/campaigns/broadcast/${id}"]`) });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell').nth(3)).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4} \d\d:\d\d (AM|PM)$/);
    await expect(row).toContainText('3/3 sent');
    await expect(row).toContainText('Completed');
    await expect(page.getByRole('link', { name: 'Send Template' })).toHaveAttribute(
      'href',
      '/campaigns/broadcast/create',
    );
    await page.mouse.move(0, 0);
    await shot(page, 'broadcasts-1-list');

    // A search for another template name finds nothing.
    await page.getByRole('textbox', { name: 'Template Name' }).fill('no_such_template');
    await expect(table.getByText('No Record')).toBeVisible();
    await page.getByRole('textbox', { name: 'Template Name' }).fill('order');
    await expect(row).toBeVisible();
  });

  await test.step('the Rate card: the demo prices, a bad row refused, a new country saved', async () => {
    await page.getByRole('button', { name: 'Rate Card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rate Card' });
    const dialCodes = dialog.getByRole('textbox', { name: /^Dial code of rate/ });
    // The demo rate card: India (+91) and the US and Canada (+1), three categories each.
    await expect(dialCodes).toHaveCount(6);
    expect(
      (await dialCodes.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).sort(),
    ).toEqual(['1', '1', '1', '91', '91', '91']);
    const count = 6;
    await dialog.getByRole('button', { name: 'Add Rate' }).click();
    await dialog.getByRole('textbox', { name: `Dial code of rate ${count + 1}` }).fill('44');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Enter a rate')).toBeVisible();
    await dialog.getByRole('textbox', { name: `Price of rate ${count + 1}` }).fill('3.25');
    await shot(page, 'broadcasts-2-rate-card');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Rate card saved' })).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Rate Card' }).click();
    await expect(dialCodes).toHaveCount(count + 1);
    expect(await dialCodes.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toContain(
      '44',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  await test.step('the view: the request read-only, the preview, and statuses arriving live', async () => {
    await page.locator(`a[href="/campaigns/broadcast/${id}"]`).click();
    await expect(page).toHaveURL(`/campaigns/broadcast/${id}`);
    await expect(page.getByRole('heading', { name: 'Broadcast', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Broadcasts' })).toHaveAttribute(
      'href',
      '/campaigns/broadcast',
    );
    const request = page.getByRole('region', { name: 'Request' });
    await expect(request.getByRole('textbox', { name: 'Mobile Numbers (3)' })).toBeDisabled();
    await expect(request.getByRole('table', { name: 'Variable Mapping' })).toContainText('body.1Customer columnname');
    const preview = page.getByRole('figure', { name: 'Template preview' });
    await expect(preview.getByText(/Hi \[name\], your order/)).toBeVisible();
    await expect(preview.getByText('Order #50107 update')).toBeVisible();

    const messages = page.getByRole('table', { name: 'Messages' });
    await expect(messages.getByRole('columnheader')).toHaveText(['From', 'To', 'Sent Date', 'Status']);
    for (const number of recipients)
      await expect(messages.getByRole('row', { name: new RegExp(`Message to \\${number}`) })).toBeVisible();
    // The Sandbox phone reports delivered, then read, a second apart: the rows turn READ without a reload.
    await expect(messages.getByRole('img', { name: 'Read' })).toHaveCount(3, { timeout: 30_000 });
    const progress = page.getByRole('region', { name: 'Progress' });
    await expect(progress.getByRole('group', { name: 'Delivered' })).toHaveText(/3$/);
    await expect(progress.getByRole('group', { name: 'Read' })).toHaveText(/3$/);
    await expect(progress.getByRole('group', { name: 'Pending' })).toHaveText(/0$/);
    await page.mouse.move(0, 0);
    await shot(page, 'broadcasts-3-view');
  });

  await test.step('the Message Status dialog: current status, channel message id, history', async () => {
    await page.getByRole('row', { name: /Message to \+919876500100/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Message Status' });
    await expect(dialog.getByText('Current Status')).toBeVisible();
    await expect(dialog.getByText('Channel message Id')).toBeVisible();
    const history = dialog.getByRole('table', { name: 'Status history' });
    await expect(history.getByRole('columnheader')).toHaveText(['Status', 'Date & Time', 'Description']);
    await expect(history.getByRole('row').filter({ hasText: 'Accepted by the vendor' })).toContainText('SUCCESS');
    await expect(history.getByRole('row').filter({ hasText: 'DELIVERED' })).toBeVisible();
    await expect(history.getByRole('row').filter({ hasText: 'READ' })).toBeVisible();
    await expect(dialog.getByRole('group', { name: 'Current Status' })).toContainText('READ');
    await expect(history.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText(
      /^[A-Z][a-z]{2} \d\d \d{4} \d\d:\d\d:\d\d (AM|PM)$/,
    );
    await shot(page, 'broadcasts-4-message-status');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('the same message on the Sandbox phone of its number, read', async () => {
    await page.goto('/admin/sandbox-phone');
    await page
      .getByRole('navigation', { name: 'Numbers' })
      .getByRole('button')
      .filter({ hasText: '+919876500100' })
      .click();
    const received = page
      .getByRole('figure', { name: 'Sandbox phone of +919876500100' })
      .getByRole('log', { name: 'Messages' });
    await expect(received).toContainText('Order #50107 update');
    await expect(received.getByRole('img', { name: 'Read' }).last()).toBeVisible();
  });
});
