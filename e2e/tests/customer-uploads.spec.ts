import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { customerMessages } from '@parley/contracts/customer-master';
import { phoneMessages } from '@parley/contracts/phone';
import { demoLogin, expect, saveScreen, sideNav, signInToConsole, test } from '../support/fixtures';

/**
 * Engagement §2.6–§2.8 and §4 (issue 6 items 4–5): an operator imports customers from a CSV file
 * into a segment, maps its headers, previews the dry run, follows the import on My Uploads and
 * fixes what was rejected from the Error List.
 */

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/customers');
const MIXED = path.join(fixtures, 'customers-mixed.csv');

/** My Uploads → segment → Upload File: the Upload Data page of that segment. */
async function openUploadForm(page: Page, segment: string, onList?: () => Promise<void>) {
  await sideNav(page).getByRole('link', { name: 'Uploads' }).click();
  await expect(page.getByRole('heading', { name: 'My Uploads', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Segment' }).click();
  await page.getByRole('option', { name: segment, exact: true }).click();
  await expect(page).toHaveURL(/\/customer-master\/uploads\/[0-9a-f-]{36}$/);
  await onList?.();
  await page.getByRole('link', { name: 'Upload File' }).click();
  await expect(page.getByRole('heading', { name: 'Upload Data', level: 1 })).toBeVisible();
  await expect(page.getByText(`Customers are added to the segment ${segment}.`)).toBeVisible();
}

async function chooseFile(page: Page, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose CSV File' }).click();
  await (await chooser).setFiles(file);
}

function uploadRow(page: Page, fileName: string) {
  return page.getByRole('table', { name: 'My Uploads' }).getByRole('row').filter({ hasText: fileName });
}

function cellTexts(page: Page, fileName: string) {
  return uploadRow(page, fileName).getByRole('cell').allInnerTexts();
}

test('an operator imports a CSV with mapping, watches it complete and downloads the rejected rows', async ({
  page,
}) => {
  await signInToConsole(page, demoLogin());
  await openUploadForm(page, 'Newsletter', async () => {
    await expect(page.getByRole('table', { name: 'My Uploads' })).toContainText('No Record');
    await page.mouse.move(0, 0);
    await saveScreen(page, 'uploads-list-empty');
  });

  await test.step('Download Sample gives Sample.csv with the current fields as columns', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Sample' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Sample.csv');
    const text = fs.readFileSync(await file.path(), 'utf8');
    const header = text.split(/\r?\n/)[0]!;
    for (const column of ['name', 'phoneNumber', 'City', 'Email', 'Plan', 'Notes']) expect(header).toContain(column);
    expect(text.split(/\r?\n/).filter((line) => line.trim() !== '').length).toBeGreaterThanOrEqual(2);
    await saveScreen(page, 'uploads-form-empty');
  });

  await test.step('a file that is not CSV is refused before it is sent', async () => {
    await chooseFile(page, path.join(fixtures, 'brochure.pdf'));
    await expect(page.getByRole('alert').filter({ hasText: customerMessages.csvOnly })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Header mapping' })).toHaveCount(0);
    await saveScreen(page, 'uploads-form-invalid-file');
  });

  await test.step('the server checks the content: a PDF named .csv and a header without rows are refused', async () => {
    await chooseFile(page, path.join(fixtures, 'brochure-renamed.csv'));
    await expect(
      page.getByRole('alert').filter({ hasText: 'brochure-renamed.csv' }).filter({ hasText: customerMessages.csvOnly }),
    ).toBeVisible();
    await chooseFile(page, path.join(fixtures, 'header-only.csv'));
    await expect(page.getByRole('alert').filter({ hasText: customerMessages.csvNoRows })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Header mapping' })).toHaveCount(0);
  });

  await test.step('the CSV is sent at once and its headers come back auto-mapped', async () => {
    await chooseFile(page, MIXED);
    const mapping = page.getByRole('table', { name: 'Header mapping' });
    await expect(mapping).toBeVisible();
    const select = (label: string) => mapping.getByRole('combobox', { name: `Uploaded header for ${label}` });
    await expect(select('Name')).toHaveValue('Name');
    await expect(select('Phone Number')).toHaveValue('Phone Number');
    await expect(select('Email')).toHaveValue('Email');
    await expect(select('Plan')).toHaveValue('Plan');
    await expect(select('City')).toHaveValue('');
    await expect(select('Notes')).toHaveValue('');
    await select('City').selectOption('Town');
    await saveScreen(page, 'uploads-mapping');
  });

  await test.step('Preview shows the rows as they will be stored and how many will fail', async () => {
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview).toContainText('5 of 9 checked rows will fail');
    await expect(preview).toContainText(customerMessages.phoneInvalid);
    const rows = preview.getByRole('table', { name: 'Preview rows' });
    // Phone numbers as they will be stored: E.164.
    await expect(rows.getByRole('row').filter({ hasText: 'Asha Verma' })).toContainText('+919876502001');
    await expect(rows.getByRole('row').filter({ hasText: 'Bilal Khan' })).toContainText('+919876502002');
    await expect(rows.getByRole('row').filter({ hasText: 'Asha Verma' })).toContainText('Pune');
    await saveScreen(page, 'uploads-preview');
  });

  await test.step('Upload shows the success card', async () => {
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const card = page.getByRole('region', { name: 'Upload submitted' });
    await expect(card).toContainText('customers-mixed.csv');
    await expect(card).toContainText(customerMessages.uploaded);
    await expect(card).toContainText(customerMessages.uploadInProgress);
    await saveScreen(page, 'uploads-success');
    await card.getByRole('link', { name: 'Uploads' }).click();
  });

  await test.step('My Uploads shows the import COMPLETED with exact counts', async () => {
    await expect(page.getByRole('heading', { name: 'My Uploads', level: 1 })).toBeVisible();
    await expect(uploadRow(page, 'customers-mixed.csv')).toContainText('COMPLETED', { timeout: 30_000 });
    const cells = await cellTexts(page, 'customers-mixed.csv');
    expect(cells.slice(1, 4)).toEqual(['9', '4', '5']);
    expect(cells[4]).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2} (AM|PM)$/);
    await page.mouse.move(0, 0);
    await saveScreen(page, 'uploads-list');
  });

  await test.step('the Error List shows each rejected row as in the file with its messages', async () => {
    await uploadRow(page, 'customers-mixed.csv').getByRole('cell').nth(1).click();
    await expect(page.getByRole('heading', { name: 'Error List', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Error List' });
    await expect(table.getByRole('row')).toHaveCount(6);
    await expect(table.getByRole('row').nth(1)).toContainText('Deepak Rao,12345,Delhi');
    await expect(table.getByRole('row').nth(1)).toContainText(customerMessages.phoneInvalid);
    await expect(table.getByRole('row').nth(2)).toContainText('Esha Jain,+91 9876502001,Jaipur');
    await expect(table.getByRole('row').nth(2)).toContainText(customerMessages.duplicateInFile(2));
    await expect(table.getByRole('row').nth(3)).toContainText(',+919876502006,Surat');
    await expect(table.getByRole('row').nth(3)).toContainText(customerMessages.fieldRequired('Name'));
    // A landline cannot receive WhatsApp or SMS; a stray quote is refused rather than shifting the columns.
    await expect(table.getByRole('row').nth(4)).toContainText('Gita Menon,1234567890,Chennai');
    await expect(table.getByRole('row').nth(4)).toContainText(phoneMessages.landline);
    await expect(table.getByRole('row').nth(5)).toContainText('"Hari "Bhai" Nair,9876502009,Kochi');
    await expect(table.getByRole('row').nth(5)).toContainText(customerMessages.rowTextAfterQuote(1));
    await saveScreen(page, 'uploads-error-list');
  });

  await test.step('the rejected rows download as CSV with a reason column', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Rejected Rows' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const lines = fs
      .readFileSync(await file.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '');
    expect(lines[0]).toMatch(/^Name,Phone Number,Town,Email,Plan,.*reason/i);
    expect(lines).toHaveLength(6);
    expect(lines[1]).toContain('Deepak Rao');
    expect(lines[1]).toContain(customerMessages.phoneInvalid);
  });
});

test('a large import shows its progress moving on My Uploads', async ({ page }) => {
  test.setTimeout(180_000);
  const rows = 30_000;
  const file = path.join(os.tmpdir(), `customers-large-${process.pid}.csv`);
  const lines = ['Name,Phone Number,City,Email,Plan'];
  for (let n = 0; n < rows; n += 1)
    lines.push(
      `Person ${n},+91${9_876_510_000 + n},Pune,person${n}@example.in,${['Basic', 'Gold', 'Platinum'][n % 3]}`,
    );
  fs.writeFileSync(file, `${lines.join('\n')}\n`);

  await signInToConsole(page, demoLogin());
  await openUploadForm(page, 'VIP');
  // Back returns to My Uploads, where the form was opened from.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'My Uploads', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Upload File' }).click();
  await chooseFile(page, file);
  await expect(page.getByRole('table', { name: 'Header mapping' })).toBeVisible();

  // Remember every value the import's progress bar shows from here on (across the page change).
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    const record = () => {
      document.querySelectorAll('[role="progressbar"][aria-label^="Import progress"]').forEach((bar) => {
        const value = Number(bar.getAttribute('aria-valuenow'));
        if (seen.at(-1) !== value) seen.push(value);
      });
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await page.getByRole('region', { name: 'Upload submitted' }).getByRole('link', { name: 'Uploads' }).click();

  const name = path.basename(file);
  await expect(uploadRow(page, name).getByRole('progressbar')).toBeVisible({ timeout: 30_000 });
  await saveScreen(page, 'uploads-list-running');
  await expect(uploadRow(page, name)).toContainText('COMPLETED', { timeout: 150_000 });
  expect((await cellTexts(page, name)).slice(1, 4)).toEqual(['30,000', '30,000', '0']);
  const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
  // The bar moved: more than one value below 100 was shown before COMPLETED.
  expect(new Set(seen.filter((value) => value < 100)).size).toBeGreaterThan(1);
  fs.rmSync(file, { force: true });
});
