import fs from 'node:fs';
import { deflateSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { phoneMessages } from '@parley/contracts/phone';
import { demoLogin, expect, saveScreen, sideNav, signInToConsole, test, toast } from '../support/fixtures';

/**
 * Issue 8 (engagement.md §2.10, §2.14, §4, §5): the demo administrator opens Just In Time and
 * sends the demo template order_update through the Sandbox channel. The numbers come partly typed
 * (one of them a landline, which cannot receive WhatsApp) and partly from the customer master; the third demo
 * customer is on the demo blacklist. Body {{1}} is mapped to the customer's Name column, the
 * tracking link to an expression with the phone number. The pre-send check shows the valid,
 * invalid, duplicate and blocked recipients with the estimated cost before anything is sent;
 * sending lands on the broadcast list.
 */

const shotsDir = process.env.H3_SHOTS_DIR;
const here = path.dirname(fileURLToPath(import.meta.url));

async function shot(page: Page, name: string) {
  await saveScreen(page, name);
  if (shotsDir) {
    fs.mkdirSync(shotsDir, { recursive: true });
    fs.copyFileSync(path.join(here, '../test-results/screens', `${name}.png`), path.join(shotsDir, `${name}.png`));
  }
}

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('button', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: new RegExp(`^${option}`) }).click();
}

async function chooseOption(page: Page, field: Locator, option: string) {
  await field.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a broadcast to customers from the customer master, checked before it is sent', async ({ page }) => {
  await signInToConsole(page, demoLogin());
  await sideNav(page).getByRole('link', { name: 'Just In Time' }).click();
  await page.getByRole('link', { name: 'Send Template' }).click();
  await expect(page).toHaveURL(/\/campaigns\/broadcast\/create$/);
  await expect(page.getByRole('heading', { name: 'Broadcast', level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Just In Time' })).toHaveAttribute(
    'href',
    '/campaigns/broadcast',
  );
  await shot(page, 'broadcast-send-1-empty');

  // Nothing chosen yet: every mandatory field says so.
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('This Field is Mandatory')).toHaveCount(3);

  // Channel, then an APPROVED template of it: the preview shows it with its examples.
  await page.getByRole('button', { name: /^Choose Channel/ }).click();
  // The search runs on the server (WhatsApp and RCS): its answers come before the choice.
  const searched = (type: number) =>
    page.waitForResponse((response) => {
      const url = new URL(response.url());
      return (
        url.pathname === '/api/channels' &&
        url.searchParams.get('name') === 'sand' &&
        url.searchParams.get('type') === String(type)
      );
    });
  const answers = Promise.all([searched(4), searched(10)]);
  await page.getByRole('textbox', { name: 'Search Choose Channel' }).fill('sand');
  await answers;
  await expect(page.getByRole('option', { name: /^Sandbox WhatsApp/ })).toBeVisible();
  await shot(page, 'broadcast-send-1b-channels');
  await page.getByRole('option', { name: /^Sandbox WhatsApp/ }).click();
  await pick(page, 'Choose Template', 'order_update');
  const preview = page.getByRole('figure', { name: 'Template preview' });
  await expect(preview.getByText('Order #40213 update')).toBeVisible();

  // A typed number, a landline (1234567890 is an Indian fixed line), then customers from the customer master.
  const numbers = page.getByRole('textbox', { name: 'Mobile Numbers' });
  await numbers.fill('+91 98765 00100, 1234567890');
  await expect(page.getByTestId('number-count')).toHaveText('2 numbers');
  await page.getByRole('button', { name: 'Get from customer master' }).click();
  const customers = page.getByRole('dialog', { name: "Customer's List" });
  await customers.getByRole('button', { name: 'Yes' }).click();
  await expect(customers.getByText('This Field is Mandatory')).toBeVisible();
  for (const name of ['Aarav Sharma', 'Priya Iyer', 'Rohan Mehta']) {
    await customers.getByRole('textbox', { name: 'Search Customers' }).fill(name);
    await customers.getByRole('checkbox', { name: new RegExp(`^${name} `) }).check();
  }
  await expect(customers.getByText('3 chosen')).toBeVisible();
  await shot(page, 'broadcast-send-2-customers');
  await customers.getByRole('button', { name: 'Yes' }).click();
  await expect(customers).toBeHidden();
  await expect(toast(page, '2 numbers added, 1 already in the list')).toBeVisible();
  await expect(numbers).toHaveValue('+91 98765 00100, 1234567890, +919876500137, +919876500174');
  // Priya once more, written without the country code: the check counts her as a duplicate.
  await numbers.press('End');
  await numbers.pressSequentially(', 9876500137');
  await expect(page.getByTestId('number-count')).toHaveText('5 numbers');

  // The variables: a constant for the order number, the customer's Name column for Body {{1}}.
  const mapping = page.getByRole('region', { name: 'Variable Mapping' });
  await mapping.getByRole('textbox', { name: 'Header {{1}} value' }).fill('#50107');
  const greeting = mapping.getByRole('group', { name: 'Body {{1}}' });
  await chooseOption(page, greeting.getByRole('combobox', { name: 'Body {{1}} mapping type' }), 'Map Column Value');
  await chooseOption(page, greeting.getByRole('combobox', { name: 'Body {{1}} column' }), 'Name');
  await mapping.getByRole('textbox', { name: 'Body {{2}} value' }).fill('#50107');
  await mapping.getByRole('textbox', { name: 'Body {{3}} value' }).fill('28 Nov');
  await expect(preview.getByText(/Hi \[Name\], your order/)).toBeVisible();

  // The tracking link: an expression with the recipient's phone number.
  const link = mapping.getByRole('group', { name: /^Button 3 URL/ });
  await chooseOption(page, link.getByRole('combobox', { name: /mapping type$/ }), 'Expression');
  await link.getByRole('button', { name: 'Map URL' }).click();
  const urlDialog = page.getByRole('dialog', { name: /^Map Button 3 URL/ });
  await urlDialog.getByRole('textbox', { name: 'URL Expression' }).fill('50107?to=');
  await urlDialog.getByRole('button', { name: 'Save' }).click();
  await expect(urlDialog.getByText('URL variable not found')).toBeVisible();
  await shot(page, 'broadcast-send-3b-url-expression');
  await urlDialog.getByRole('button', { name: 'Insert Phone Number' }).click();
  await expect(urlDialog.getByRole('textbox', { name: 'URL Expression' })).toHaveValue('50107?to={{phoneNumber}}');
  await urlDialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'URL variables mapped')).toBeVisible();
  await expect(link.getByText('50107?to={{phoneNumber}}')).toBeVisible();
  await shot(page, 'broadcast-send-3-form');

  // The pre-send check: every recipient resolved, with why the others are left out, and the cost.
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const summary = page.getByRole('dialog', { name: 'Before Sending' });
  const count = (kind: string) => summary.getByRole('group', { name: `${kind} recipients`, exact: true });
  await expect(count('Valid')).toHaveText(/^Valid\s*2\s*will be sent$/);
  await expect(count('Invalid')).toHaveText(/^Invalid\s*1\s*not a number/);
  await expect(count('Duplicate')).toHaveText(/^Duplicate\s*1\s*sent once$/);
  await expect(count('Blocked')).toHaveText(/^Blocked\s*1\s*blacklisted or opted out$/);
  await expect(summary.getByRole('table', { name: 'Blocked Examples', exact: true })).toContainText('+919876500174');
  const invalid = summary.getByRole('table', { name: 'Invalid Examples', exact: true });
  await expect(invalid.getByRole('row').filter({ hasText: '1234567890' })).toContainText(phoneMessages.landline);
  await expect(summary.getByRole('table', { name: 'Valid Examples', exact: true })).toContainText(
    'Hi Aarav Sharma, your order',
  );
  await expect(summary.getByRole('group', { name: 'Estimated Cost' })).toContainText('₹0.23');
  await shot(page, 'broadcast-send-4-summary');

  await summary.getByRole('button', { name: 'Send to 2 recipients' }).click();
  await expect(page).toHaveURL(/\/campaigns\/broadcast$/);
  await expect(toast(page, 'Broadcast queued: messages go out at the channel’s pace')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Just In Time', level: 1 })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'order_update' }).first()).toBeVisible();
  await shot(page, 'broadcast-send-5-list');
});

/** A small solid-colour PNG with a lighter band, so the preview shows the uploaded picture. */
function cardPng(rgb: [number, number, number]): Buffer {
  const width = 320;
  const height = 180;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const band = y > height * 0.6 && y < height * 0.75;
    for (let x = 0; x < width; x += 1)
      for (let c = 0; c < 3; c += 1)
        raw[y * (width * 3 + 1) + 1 + x * 3 + c] = band ? Math.round((rgb[c]! + 255) / 2) : rgb[c]!;
  }
  const crc = (bytes: Buffer) => {
    let value = 0xffffffff;
    for (const byte of bytes) {
      value ^= byte;
      for (let k = 0; k < 8; k += 1) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
    }
    return (value ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('a carousel needs media and every variable on each card', async ({ page }) => {
  await signInToConsole(page, demoLogin());
  await page.goto('/campaigns/broadcast/create');
  await pick(page, 'Choose Channel', 'Sandbox WhatsApp');
  await pick(page, 'Choose Template', 'winter_sale_carousel');
  await page.getByRole('textbox', { name: 'Mobile Numbers' }).fill('+919876500100');
  await page.getByRole('button', { name: 'Send', exact: true }).click();

  const attachments = page.getByRole('region', { name: 'Attachments' });
  await expect(attachments.getByText('Media missing in card 1')).toBeVisible();
  await expect(attachments.getByText('Media missing in card 2')).toBeVisible();
  const mapping = page.getByRole('region', { name: 'Variable Mapping' });
  await expect(mapping.getByText('Variable mapping missing, check all cards')).toBeVisible();
  await shot(page, 'broadcast-send-6-carousel-missing');

  // A picture per card goes up with a progress bar and is checked by the server.
  const colours: [number, number, number][] = [
    [37, 99, 235],
    [219, 39, 119],
  ];
  for (const [index, colour] of colours.entries()) {
    const card = attachments.getByRole('group', { name: `Card ${index + 1} attachment` });
    const chooser = page.waitForEvent('filechooser');
    await card.getByRole('button', { name: `Upload Card ${index + 1} IMAGE` }).click();
    await (await chooser).setFiles({ name: `card-${index + 1}.png`, mimeType: 'image/png', buffer: cardPng(colour) });
    await expect(card.getByText(`card-${index + 1}.png`)).toBeVisible();
  }
  await expect(attachments.getByText(/Media missing/)).toHaveCount(0);

  await mapping.getByRole('textbox', { name: 'Body {{1}} value', exact: true }).fill('friend');
  await mapping.getByRole('textbox', { name: 'Card 1 body {{1}} value' }).fill('40%');
  await expect(mapping.getByText('Variable mapping missing, check all cards')).toBeVisible();
  await mapping.getByRole('textbox', { name: 'Card 2 body {{1}} value' }).fill('₹399');
  await expect(mapping.getByText('Variable mapping missing, check all cards')).toBeHidden();
  const preview = page.getByRole('figure', { name: 'Template preview' });
  await expect(preview.getByText('Wool blend coats, now 40% off.')).toBeVisible();
  await shot(page, 'broadcast-send-7-carousel-ready');

  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const summary = page.getByRole('dialog', { name: 'Before Sending' });
  await expect(summary.getByRole('button', { name: 'Send to 1 recipient' })).toBeEnabled();
  await expect(summary.getByRole('table', { name: 'Valid Examples', exact: true })).toContainText('Hi friend');
});
