import type { Locator, Page } from '@playwright/test';
import { demoLogin, expect, saveScreen, sideNav, signInToConsole, test, toast } from '../support/fixtures';

/**
 * Engagement §2.2–§2.5 (customer master): the demo administrator defines a 'Loyalty Tier'
 * dropdown, puts it first by dragging, creates a customer with it, finds and edits that customer,
 * labels them with a new segment and finally deletes the attribute, warned how many customers
 * hold a value. The demo enterprise starts with the seeded attributes (City, Email, Plan, Notes),
 * two segments (Newsletter, VIP) and 25 customers.
 */

const definitionsTable = (page: Page) => page.getByRole('table', { name: 'Customer attributes' });
const customersTable = (page: Page) => page.getByRole('table', { name: 'Customers' });

/** The labels of the attribute rows, standard rows first (the first cell shows label then name). */
async function attributeLabels(page: Page): Promise<string[]> {
  const rows = definitionsTable(page).locator('tbody tr');
  const labels = await rows.locator('td:first-child p:first-of-type').allInnerTexts();
  return labels.map((label) => label.trim());
}

async function chooseOption(page: Page, field: Locator, option: string) {
  await field.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

function segmentButton(page: Page, name: RegExp | string) {
  return page.getByRole('region', { name: 'Segments' }).getByRole('button', { name });
}

test('an admin defines an attribute, orders it, and keeps a customer with it in a segment', async ({ page }) => {
  test.setTimeout(120_000);
  const phoneDigits = '9845012345';
  await signInToConsole(page, demoLogin());

  await test.step('the attributes: two fixed standard rows above the seeded ones', async () => {
    await sideNav(page).getByRole('link', { name: 'Customer Definition' }).click();
    await expect(page).toHaveURL('/customer-master/definition');
    await expect(page.getByRole('heading', { name: 'Manage Customer Attributes', level: 1 })).toBeVisible();
    const table = definitionsTable(page);
    await expect(table.getByRole('columnheader')).toHaveText([
      'Field Label',
      'Field Type',
      'Input Type',
      'Mandatory',
      'Min.Char',
      'Max.Char',
      'Allow Spl Char',
      'Allowed Spl Chars',
      'Action',
    ]);
    await expect(table.locator('tbody tr').first()).toHaveAttribute('aria-disabled', 'true');
    expect(await attributeLabels(page)).toEqual(['Name', 'Phone Number', 'City', 'Email', 'Plan', 'Notes']);
    await expect(table.getByRole('button', { name: 'Edit Name' })).toHaveCount(0);
    await page.mouse.move(0, 0);
    await saveScreen(page, 'customers-definitions');
  });

  await test.step('add a Loyalty Tier dropdown: required messages, a taken name, then saved', async () => {
    await page.getByRole('button', { name: 'Add New Field' }).click();
    await expect(page).toHaveURL('/customer-master/definition/add');
    const panel = page.getByRole('dialog', { name: 'Add New Field' });
    await panel.getByRole('button', { name: 'Create' }).click();
    await expect(panel.getByText('This field is required')).toHaveCount(5);

    await panel.getByRole('textbox', { name: 'Field Name', exact: true }).fill('City');
    await panel.getByRole('textbox', { name: 'Field Label' }).fill('Loyalty Tier');
    await panel.getByRole('textbox', { name: 'Field Name Help Text' }).fill('Tier in the loyalty programme');
    await panel.getByRole('radio', { name: 'Yes' }).check();
    // A text field first: input type and lengths show; switching to Dropdown hides them.
    await chooseOption(page, panel.getByRole('combobox', { name: 'Field Type' }), 'Textbox');
    await chooseOption(page, panel.getByRole('combobox', { name: 'Input Type' }), 'Alphanumeric');
    await panel.getByRole('textbox', { name: 'Min Length' }).fill('2');
    await panel.getByRole('radio', { name: 'True' }).check();
    await panel.getByRole('textbox', { name: 'Allowed Special Characters' }).fill('-, _');
    await panel.getByRole('checkbox', { name: 'Include Comma' }).check();
    await saveScreen(page, 'customers-definition-text');
    await chooseOption(page, panel.getByRole('combobox', { name: 'Field Type' }), 'Dropdown');
    await expect(panel.getByRole('combobox', { name: 'Input Type' })).toHaveCount(0);
    await expect(panel.getByRole('textbox', { name: 'Allowed Special Characters' })).toHaveCount(0);
    await panel.getByRole('textbox', { name: 'Default Values' }).fill('Gold, Silver, Bronze');
    await panel.getByRole('button', { name: 'Create' }).click();
    await expect(toast(page, 'Save Failed. Please check for errors in fields')).toBeVisible();
    await expect(panel.getByRole('alert')).toContainText('Field Name: A field with this name already exists');
    await saveScreen(page, 'customers-definition-failed');

    await panel.getByRole('textbox', { name: 'Field Name', exact: true }).fill('loyaltyTier');
    await panel.getByRole('button', { name: 'Create' }).click();
    await expect(toast(page, 'Field created')).toBeVisible();
    await expect(page).toHaveURL('/customer-master/definition');
    await expect(panel).toBeHidden();
    const row = definitionsTable(page).getByRole('row').filter({ hasText: 'Loyalty Tier' });
    await expect(row.getByRole('cell')).toHaveText([
      'Loyalty TierloyaltyTier',
      'Dropdown',
      '—',
      'Yes',
      '—',
      '—',
      'No',
      '—',
      '',
    ]);
  });

  await test.step('drag Loyalty Tier above City; the order is kept', async () => {
    const table = definitionsTable(page);
    await table.locator('tr', { hasText: 'loyaltyTier' }).dragTo(table.locator('tr', { hasText: 'City' }).first());
    await expect
      .poll(() => attributeLabels(page))
      .toEqual(['Name', 'Phone Number', 'Loyalty Tier', 'City', 'Email', 'Plan', 'Notes']);
    await page.reload();
    await expect(definitionsTable(page).getByText('loyaltyTier')).toBeVisible();
    expect((await attributeLabels(page)).slice(2, 4)).toEqual(['Loyalty Tier', 'City']);

    // The keyboard does the same: Alt+Arrow on the row's grip.
    await table.getByRole('button', { name: 'Reorder City' }).focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expect
      .poll(() => attributeLabels(page))
      .toEqual(['Name', 'Phone Number', 'Loyalty Tier', 'Email', 'City', 'Plan', 'Notes']);
    await page.keyboard.press('Alt+ArrowUp');
    await expect
      .poll(() => attributeLabels(page))
      .toEqual(['Name', 'Phone Number', 'Loyalty Tier', 'City', 'Email', 'Plan', 'Notes']);

    // Edit opens the panel with the stored values.
    await table.getByRole('button', { name: 'Edit Loyalty Tier' }).click();
    const panel = page.getByRole('dialog', { name: 'Edit Field' });
    await expect(panel.getByRole('textbox', { name: 'Default Values' })).toHaveValue('Gold, Silver, Bronze');
    await expect(panel.getByRole('radio', { name: 'Yes' })).toBeChecked();
    await saveScreen(page, 'customers-definition-panel');
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await expect(panel).toBeHidden();
  });

  await test.step('the customers list opens on the first segment', async () => {
    await sideNav(page).getByRole('link', { name: 'Customers', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
    await expect(segmentButton(page, /^Newsletter \(\d+\)$/)).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('button', { name: 'Upload' })).toBeVisible();
    await expect(customersTable(page).getByRole('columnheader')).toHaveText([
      '',
      'Name',
      'Phone Number',
      'Loyalty Tier',
      'City',
      'Email',
      'Plan',
      'Notes',
      'Action',
    ]);
    await segmentButton(page, 'All Customers').click();
    // Newsletter's page may hold ten rows too: wait until the list is the one of all customers.
    await expect(segmentButton(page, 'All Customers')).toHaveAttribute('aria-current', 'true');
    await expect(page).toHaveURL(/segment=all/);
    await expect(customersTable(page).locator('tbody tr')).toHaveCount(10);
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeEnabled();
    await expect(page).toHaveURL(/from=10/);
    await page.mouse.move(0, 0);
    await saveScreen(page, 'customers-list');
  });

  await test.step('create a customer: the attribute messages first, then saved', async () => {
    await page.getByRole('button', { name: 'Create Customer' }).click();
    await expect(page).toHaveURL('/customer-master/customers/create');
    await expect(page.getByRole('heading', { name: 'Create Customer', level: 1 })).toBeVisible();
    const form = page.getByRole('form', { name: 'Create Customer' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Zara Khan');
    await form
      .getByRole('textbox', { name: 'Phone Number' })
      .fill(`+91 ${phoneDigits.slice(0, 5)} ${phoneDigits.slice(5)}`);
    await form.getByRole('textbox', { name: 'City' }).fill('G');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Loyalty Tier is required')).toBeVisible();
    await expect(form.getByText('Minimum length must be 2 characters.')).toBeVisible();
    await form.getByRole('textbox', { name: 'City' }).fill('   ');
    await expect(form.getByText('Whitespace only present in the field - City')).toBeVisible();
    await saveScreen(page, 'customers-form-create');

    await form.getByRole('textbox', { name: 'City' }).fill('Goa');
    await chooseOption(page, form.getByRole('combobox', { name: 'Loyalty Tier' }), 'Gold');
    await form.getByRole('textbox', { name: 'Instagram ID' }).fill('zara.k');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Customer created')).toBeVisible();
    await expect(page).toHaveURL(/\/customer-master\/customers(\?.*)?$/);
  });

  await test.step('the same phone number again is refused, listed above the form', async () => {
    await page.getByRole('button', { name: 'Create Customer' }).click();
    const form = page.getByRole('form', { name: 'Create Customer' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Zara Again');
    await form.getByRole('textbox', { name: 'Phone Number' }).fill(`+91${phoneDigits}`);
    await chooseOption(page, form.getByRole('combobox', { name: 'Loyalty Tier' }), 'Silver');
    await form.getByRole('button', { name: 'Save' }).click();
    // A toast, and the list above the form (both are alerts).
    await expect(toast(page, 'A customer with this phone number already exists')).toHaveCount(2);
    await expect(form.getByRole('alert', { name: 'The customer was not saved' })).toContainText(
      'A customer with this phone number already exists',
    );
    await saveScreen(page, 'customers-form-refused');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/customer-master\/customers(\?.*)?$/);
  });

  await test.step('find the customer by name and by phone', async () => {
    await segmentButton(page, 'All Customers').click();
    const search = page.getByRole('textbox', { name: 'Search Customers' });
    await search.fill('zara');
    const table = customersTable(page);
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(table.locator('tbody tr').first()).toContainText('Zara Khan');
    await expect(table.locator('tbody tr').first()).toContainText(`+91${phoneDigits}`);
    await expect(table.locator('tbody tr').first().getByRole('cell').nth(3)).toHaveText('Gold');
    await search.fill(phoneDigits.slice(2));
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(table.getByRole('link', { name: 'Zara Khan' })).toBeVisible();
    await search.fill('nobody-by-this-name');
    await expect(table.getByText('No Record Found')).toBeVisible();
    await search.fill(phoneDigits);
  });

  await test.step('open it read-only, then edit it (the phone stays locked)', async () => {
    await customersTable(page).getByRole('link', { name: 'Zara Khan' }).click();
    await expect(page).toHaveURL(/\/customer-master\/customers\/view\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Update Customer', level: 1 })).toBeVisible();
    const form = page.getByRole('form', { name: 'Update Customer' });
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveAttribute('readonly', '');
    await expect(form.getByRole('textbox', { name: 'City' })).toHaveValue('Goa');
    await expect(form.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await saveScreen(page, 'customers-form-view');

    await page.getByRole('button', { name: 'Edit Customer' }).click();
    await expect(form.getByRole('textbox', { name: 'Phone Number' })).toBeDisabled();
    await form.getByRole('textbox', { name: 'City' }).fill('Panaji');
    await chooseOption(page, form.getByRole('combobox', { name: 'Loyalty Tier' }), 'Silver');
    await saveScreen(page, 'customers-form-edit');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Customer updated')).toBeVisible();
    await expect(page).toHaveURL(/\/customer-master\/customers(\?.*)?$/);
  });

  await test.step('create a segment, attach the customer to it, and see the count change', async () => {
    await page.getByRole('button', { name: 'Create Segment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Segment' });
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Segment Name' }).fill('  Goa Loyalists  ');
    await saveScreen(page, 'customers-segment-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Segment created')).toBeVisible();
    await expect(segmentButton(page, 'Goa Loyalists (0)')).toBeVisible();

    await segmentButton(page, 'All Customers').click();
    await page.getByRole('textbox', { name: 'Search Customers' }).fill('Zara Khan');
    const table = customersTable(page);
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(table.locator('tbody tr').first().getByRole('cell').nth(3)).toHaveText('Silver');
    await table.getByRole('checkbox', { name: 'Select Zara Khan' }).check();
    await page.getByRole('button', { name: 'Attach Label' }).click();
    const attach = page.getByRole('dialog', { name: 'Attach Label' });
    await chooseOption(page, attach.getByRole('combobox', { name: 'Labels' }), 'Goa Loyalists');
    await saveScreen(page, 'customers-attach-label');
    await attach.getByRole('heading', { name: 'Attach Label' }).click(); // closes the options
    await attach.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Labels attached')).toBeVisible();
    await expect(segmentButton(page, 'Goa Loyalists (1)')).toBeVisible();

    await segmentButton(page, 'Goa Loyalists (1)').click();
    await page.getByRole('textbox', { name: 'Search Customers' }).fill('');
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(table.getByRole('link', { name: 'Zara Khan' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upload' })).toBeVisible();
  });

  await test.step('create a group and move the customer into it; the customer shows both', async () => {
    await page.getByRole('button', { name: 'Create Group' }).click();
    const create = page.getByRole('dialog', { name: 'Create Group' });
    await create.getByRole('textbox', { name: 'Group Name' }).fill('Goa Club');
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Group created')).toBeVisible();

    await customersTable(page).getByRole('checkbox', { name: 'Select Zara Khan' }).check();
    await page.getByRole('button', { name: 'Move Group' }).click();
    const move = page.getByRole('dialog', { name: 'Move Group' });
    await expect(move.getByRole('button', { name: 'Save' })).toBeDisabled();
    await chooseOption(page, move.getByRole('combobox', { name: 'Groups' }), 'Goa Club');
    await move.getByRole('heading', { name: 'Move Group' }).click(); // closes the options
    await move.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Customers moved to the groups')).toBeVisible();

    await customersTable(page).getByRole('link', { name: 'Zara Khan' }).click();
    await expect(page.getByRole('heading', { name: 'Update Customer', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Groups' })).toContainText('Goa Club');
    await expect(page.getByRole('region', { name: 'Labels' })).toContainText('Goa Loyalists');
    await page.getByRole('link', { name: 'Back to Customers' }).click();
    await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
  });

  await test.step('filter the list by the group: only its customer is left, then all again', async () => {
    await segmentButton(page, /^All Customers/).click();
    const table = customersTable(page);
    await expect(table.locator('tbody tr')).toHaveCount(10);
    await chooseOption(page, page.getByRole('combobox', { name: 'Filter by Group' }), 'Goa Club');
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(table.getByRole('link', { name: 'Zara Khan' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await saveScreen(page, 'customers-group-filter');
    await page.getByLabel('Clear Group Filter').click();
    await expect(table.locator('tbody tr')).toHaveCount(10);
  });

  await test.step('delete the attribute, told first how many customers hold a value', async () => {
    await sideNav(page).getByRole('link', { name: 'Customer Definition' }).click();
    await definitionsTable(page).getByRole('button', { name: 'Delete Loyalty Tier' }).click();
    const dialog = page.getByRole('dialog', { name: "Delete the field 'Loyalty Tier'?" });
    await expect(dialog).toContainText("1 customer holds a value for 'Loyalty Tier'");
    await saveScreen(page, 'customers-delete-field');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Field deleted')).toBeVisible();
    await expect(definitionsTable(page).getByText('Loyalty Tier')).toHaveCount(0);
  });

  await test.step('delete the customer after confirming', async () => {
    await sideNav(page).getByRole('link', { name: 'Customers', exact: true }).click();
    await segmentButton(page, /^Goa Loyalists/).click();
    await customersTable(page).getByRole('button', { name: 'Delete Zara Khan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this customer?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Customer deleted')).toBeVisible();
    await expect(customersTable(page).getByText('No Record Found')).toBeVisible();
    await expect(segmentButton(page, 'Goa Loyalists (0)')).toBeVisible();
  });
});
