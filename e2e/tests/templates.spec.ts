import { deflateSync } from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import { demoLogin, expect, saveScreen, sideNav, signInToConsole, test, toast } from '../support/fixtures';

/**
 * Issue 7 (platform §7.5, §9; engagement.md §2.17): the demo administrator opens Message
 * Templates, finds that a template over a limit is refused with a message naming the part and
 * the limit, creates a carousel on the demo Sandbox channel with two picture cards, watches it go
 * from PENDING to APPROVED (the Sandbox reviews it after a short delay), and previews it with its
 * cards rotating. The limited-time-offer editor and leaving with unsaved changes are looked at too.
 * The demo enterprise starts with the 'Sandbox WhatsApp' channel and three seeded templates.
 */

const templatesTable = (page: Page) => page.getByRole('table', { name: 'Message templates' });
const row = (page: Page, name: string) =>
  templatesTable(page)
    .getByRole('row')
    .filter({ has: page.getByText(name, { exact: true }) });

async function chooseOption(page: Page, field: Locator, option: string) {
  await field.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Picks a segment of a segmented control (its radio is drawn by its label). */
async function choose(scope: Locator, group: string, option: string) {
  await scope.getByRole('radiogroup', { name: group }).getByText(option, { exact: true }).click();
  await expect(scope.getByRole('radiogroup', { name: group }).getByRole('radio', { name: option })).toBeChecked();
}

/** A small PNG (a horizontal gradient with a band), so the preview shows real pictures. */
function picturePng(from: [number, number, number], to: [number, number, number]): Buffer {
  const width = 320;
  const height = 180;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const offset = y * (width * 3 + 1);
    raw[offset] = 0;
    for (let x = 0; x < width; x += 1) {
      const t = x / (width - 1);
      const band = y > height * 0.62 && y < height * 0.78 ? 0.35 : 0;
      for (let c = 0; c < 3; c += 1) {
        const value = from[c]! + (to[c]! - from[c]!) * t;
        raw[offset + 1 + x * 3 + c] = Math.round(value + (255 - value) * band);
      }
    }
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function uploadCardPicture(page: Page, card: Locator, index: number, colours: [number, number, number][]) {
  const chooser = page.waitForEvent('filechooser');
  await card.getByRole('button', { name: `Upload Card ${index} image` }).click();
  await (
    await chooser
  ).setFiles({ name: `card-${index}.png`, mimeType: 'image/png', buffer: picturePng(colours[0]!, colours[1]!) });
  await expect(card.getByText(`card-${index}.png`)).toBeVisible();
}

test('an admin creates a carousel template on the Sandbox channel, sees it approved and previews it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const name = `autumn_picks_${Date.now().toString(36)}`;
  await signInToConsole(page, demoLogin());

  await test.step('the list: seeded templates with their kind and status', async () => {
    await sideNav(page).getByRole('link', { name: 'Message Templates' }).click();
    await expect(page).toHaveURL('/admin/messageTemplate/whatsapp');
    await expect(page.getByRole('heading', { name: 'Message Templates', level: 1 })).toBeVisible();
    await expect(templatesTable(page).getByRole('columnheader')).toHaveText([
      'Name',
      'Channel',
      'Category',
      'Type',
      'Language',
      'Status',
      'Last update',
      '',
    ]);
    const carousel = row(page, 'winter_sale_carousel');
    await expect(carousel).toContainText('Carousel');
    await expect(carousel).toContainText('Marketing');
    await expect(carousel).toContainText('APPROVED');
    await page.mouse.move(0, 0);
    await saveScreen(page, 'templates-list');

    await row(page, 'order_update').getByRole('button', { name: 'Preview order_update' }).click();
    const drawer = page.getByRole('dialog', { name: 'Preview: order_update' });
    const phone = drawer.getByRole('figure', { name: 'Template preview' });
    await expect(phone.getByRole('list', { name: 'Buttons' }).getByRole('listitem')).not.toHaveCount(0);
    await page.mouse.move(0, 0);
    await saveScreen(page, 'templates-preview-standard');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await chooseOption(page, page.getByRole('combobox', { name: 'Status' }), 'APPROVED');
    await expect(row(page, 'winter_sale_carousel')).toBeVisible();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('no_such_template');
    await expect(templatesTable(page).getByText('No Record')).toBeVisible();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('');
    await chooseOption(page, page.getByRole('combobox', { name: 'Status' }), 'All');
  });

  const form = page.getByRole('form', { name: 'Template' });
  const preview = page.getByRole('figure', { name: 'Template preview' });

  await test.step('a template over a limit is refused with the part and the limit', async () => {
    await page.getByRole('link', { name: 'Create Template' }).click();
    await expect(page).toHaveURL('/admin/messageTemplate/whatsapp/create');
    await chooseOption(page, form.getByRole('combobox', { name: 'Channel' }), 'Sandbox WhatsApp (WhatsApp)');
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await chooseOption(page, form.getByRole('combobox', { name: 'Category' }), 'Marketing');
    await form.getByRole('textbox', { name: 'Body', exact: true }).fill('A'.repeat(1030));
    await expect(form.getByText('1030/1024')).toBeVisible();
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByText('Body must be at most 1024 characters (it has 1030)')).toBeVisible();
    await expect(form.getByText('Please check the template: some parts break a limit')).toBeVisible();
    await expect(page).toHaveURL('/admin/messageTemplate/whatsapp/create');
  });

  await test.step('a standard template previews live, formatting and examples included', async () => {
    await choose(form, 'Header type', 'Text');
    await form.getByRole('textbox', { name: 'Header Text', exact: true }).fill('Autumn picks for {{1}}');
    await form.getByRole('textbox', { name: 'Header Text example for {{1}}', exact: true }).fill('Ravi');
    await form
      .getByRole('textbox', { name: 'Body', exact: true })
      .fill('Hi {{1}}, our *autumn* range is in: _soft_ knits and ~old~ new prices. Use ```AUTUMN``` at checkout.');
    await form.getByRole('textbox', { name: 'Body example for {{1}}', exact: true }).fill('Ravi');
    await form.getByRole('textbox', { name: 'Footer Text', exact: true }).fill('Reply STOP to opt out');
    await form.getByRole('button', { name: 'Add Button' }).click();
    await page.getByRole('menuitem', { name: 'Visit website' }).click();
    await form.getByRole('textbox', { name: 'Button 1 text', exact: true }).fill('See the range');
    await form.getByRole('textbox', { name: 'Button 1 URL', exact: true }).fill('https://shop.example.com/autumn');
    await form.getByRole('button', { name: 'Add Button' }).click();
    await page.getByRole('menuitem', { name: 'Quick reply' }).click();
    await form.getByRole('textbox', { name: 'Button 2 text', exact: true }).fill('Not now');
    await expect(preview.getByText('Autumn picks for Ravi')).toBeVisible();
    await expect(preview.locator('strong', { hasText: 'autumn' })).toBeVisible();
    await expect(preview.locator('code', { hasText: 'AUTUMN' })).toBeVisible();
    await expect(form.getByText(/Body must be at most/)).toBeHidden();
    await page.mouse.move(0, 0);
    await saveScreen(page, 'templates-editor-standard');
  });

  await test.step('a carousel with two picture cards is submitted and goes PENDING', async () => {
    await choose(form, 'Type', 'Carousel');
    await expect(form.getByRole('combobox', { name: 'Category' })).toHaveValue('Marketing');
    await form
      .getByRole('textbox', { name: 'Body', exact: true })
      .fill('Hi {{1}}, fresh picks for your *autumn* wardrobe.');
    await form.getByRole('textbox', { name: 'Body example for {{1}}', exact: true }).fill('Ravi');
    const card1 = form.getByRole('group', { name: 'Card 1', exact: true });
    const card2 = form.getByRole('group', { name: 'Card 2', exact: true });
    await uploadCardPicture(page, card1, 1, [
      [180, 83, 9],
      [251, 191, 36],
    ]);
    await uploadCardPicture(page, card2, 2, [
      [22, 101, 52],
      [134, 239, 172],
    ]);
    await card1.getByRole('textbox', { name: 'Card 1 Body', exact: true }).fill('Wool coats from {{1}} this week.');
    await card1.getByRole('textbox', { name: 'Card 1 Body example for {{1}}', exact: true }).fill('₹2,499');
    await card2.getByRole('textbox', { name: 'Card 2 Body', exact: true }).fill('Knit scarves in twelve colours.');
    await card1.getByRole('button', { name: 'Add Card 1 Button' }).click();
    await page.getByRole('menuitem', { name: 'Quick reply' }).click();
    await card1.getByRole('textbox', { name: 'Card 1 Button 1 text', exact: true }).fill('Show me coats');
    await card2.getByRole('textbox', { name: 'Card 2 Button 1 text', exact: true }).fill('Show me scarves');
    await expect(preview.getByRole('group', { name: 'Card 1 of 2' })).toContainText(
      'Wool coats from ₹2,499 this week.',
    );
    await expect(preview.getByRole('group', { name: 'Card 1 of 2' }).getByRole('img')).toBeVisible();
    await page.mouse.move(0, 0);
    await saveScreen(page, 'templates-editor-carousel');

    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(toast(page, 'Template submitted')).toBeVisible();
    await expect(page).toHaveURL('/admin/messageTemplate/whatsapp');
    const created = row(page, name);
    await expect(created).toContainText('Carousel');
    await expect(created).toContainText(/PENDING|APPROVED/);
  });

  await test.step('the Sandbox approves it and the list shows it without a reload', async () => {
    await expect(row(page, name)).toContainText('APPROVED', { timeout: 20_000 });
  });

  await test.step('the preview shows the cards rotating every 4 s', async () => {
    await row(page, name)
      .getByRole('button', { name: `Preview ${name}` })
      .click();
    const drawer = page.getByRole('dialog', { name: `Preview: ${name}` });
    const phone = drawer.getByRole('figure', { name: 'Template preview' });
    await expect(phone).toContainText('Hi Ravi, fresh picks for your autumn wardrobe.');
    await expect(phone.getByRole('group', { name: 'Card 2 of 2' })).toContainText('Knit scarves in twelve colours.');
    await expect(phone.getByRole('listitem').filter({ hasText: 'Show me scarves' })).toBeVisible();
    await page.mouse.move(0, 0);
    await expect(phone.getByRole('button', { name: 'Show card 1' })).toHaveAttribute('aria-pressed', 'true');
    await expect(phone.getByRole('button', { name: 'Show card 2' })).toHaveAttribute('aria-pressed', 'true', {
      timeout: 6_000,
    });
    await saveScreen(page, 'templates-preview-carousel');
    // Hovering the cards stops the rotation.
    await phone.getByRole('region', { name: 'Cards' }).hover();
    await page.waitForTimeout(4_500);
    await expect(phone.getByRole('button', { name: 'Show card 2' })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });

  await test.step('a test send with the examples prefilled, then on to the Sandbox phone', async () => {
    await row(page, name)
      .getByRole('button', { name: `More actions for ${name}` })
      .click();
    await page.getByRole('menuitem', { name: 'Send Test' }).click();
    const dialog = page.getByRole('dialog', { name: `Send Test: ${name}` });
    await expect(dialog.getByRole('textbox', { name: 'Body {{1}}', exact: true })).toHaveValue('Ravi');
    await expect(dialog.getByRole('textbox', { name: 'Card 1 body {{1}}', exact: true })).toHaveValue('₹2,499');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByText('This Field is Mandatory')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Phone Number', exact: true }).fill('+919812345678');
    await dialog.getByRole('textbox', { name: 'Body {{1}}', exact: true }).fill('Meera');
    await expect(dialog.getByText('Hi Meera, fresh picks for your autumn wardrobe.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByRole('status')).toContainText('Test message sent');
    await page.mouse.move(0, 0);
    await saveScreen(page, 'templates-test-send');
    await dialog.getByRole('link', { name: 'Open Sandbox Phone' }).click();
    await expect(page).toHaveURL(/\/admin\/sandbox-phone\/[0-9a-f-]{36}$/);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Message Templates', level: 1 })).toBeHidden();
    // The test message arrived on the Sandbox phone of that number, carousel and all, and was read.
    await page
      .getByRole('navigation', { name: 'Numbers' })
      .getByRole('button')
      .filter({ hasText: '+919812345678' })
      .click();
    const received = page
      .getByRole('figure', { name: 'Sandbox phone of +919812345678' })
      .getByRole('log', { name: 'Messages' });
    await expect(received).toContainText('Hi Meera, fresh picks for your autumn wardrobe.');
    await expect(received).toContainText('Show me coats');
    await expect(received.getByRole('img', { name: 'Read' })).toBeVisible({ timeout: 20_000 });
    await page.goto('/admin/messageTemplate/whatsapp');
    await expect(page).toHaveURL('/admin/messageTemplate/whatsapp');
  });

  await test.step('the limited-time offer editor, and leaving with unsaved changes asks first', async () => {
    await page.getByRole('link', { name: 'Create Template' }).click();
    await choose(form, 'Type', 'Limited-Time Offer');
    await form.getByRole('textbox', { name: 'Offer Text', exact: true }).fill('Diwali sale');
    await form.getByRole('textbox', { name: 'Body', exact: true }).fill('Up to *40% off* on festive wear. Ends soon!');
    await form.getByRole('textbox', { name: 'Button 1 example offer code', exact: true }).fill('DIWALI40');
    await form.getByRole('textbox', { name: 'Button 2 text', exact: true }).fill('Shop the sale');
    await form.getByRole('textbox', { name: 'Button 2 URL', exact: true }).fill('https://shop.example.com/diwali');
    const offer = preview.getByTestId('limited-time-offer');
    await expect(offer).toContainText('Diwali sale');
    await expect(offer).toContainText('Offer ends in 2 days');
    await expect(offer).toContainText('Code DIWALI40');
    await expect(preview.getByRole('listitem').filter({ hasText: 'Copy offer code' })).toBeVisible();
    await page.mouse.move(0, 0);
    await saveScreen(page, 'templates-editor-lto');

    await sideNav(page).getByRole('link', { name: 'Message Templates' }).click();
    const leave = page.getByRole('dialog', { name: 'Unsaved Changes' });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Stay', exact: true }).click();
    await expect(form.getByRole('textbox', { name: 'Offer Text', exact: true })).toHaveValue('Diwali sale');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await leave.getByRole('button', { name: 'Discard' }).click();
    await expect(page).toHaveURL('/admin/messageTemplate/whatsapp');
  });
});
