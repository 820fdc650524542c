import type { Locator, Page } from '@playwright/test';
import { channelMessages } from '@parley/contracts/channels';
import { demoLogin, expect, saveScreen, sideNav, signInToConsole, test, toast } from '../support/fixtures';

/**
 * Platform §3.8, §5 (channels, vendors, credentials): the demo administrator configures a Sandbox
 * WhatsApp channel, tests its connection and reads its webhook URL; configures an Airtel channel
 * that Parley cannot send through yet and is told so; edits it with the password kept masked;
 * restricts the vendors offered; and deletes the Airtel channel after confirming. The demo
 * enterprise starts with one channel, 'Sandbox WhatsApp'.
 */

const channelsTable = (page: Page) => page.getByRole('table', { name: 'Channels' });
const row = (page: Page, name: string) => channelsTable(page).getByRole('row').filter({ hasText: name });

async function chooseOption(page: Page, field: Locator, option: string) {
  await field.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function openCreate(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Create Channel' }).first().click();
  const drawer = page.getByRole('dialog', { name: 'Create Channel' });
  // The panel has slid in once it has put the cursor in Name.
  await expect(drawer.getByRole('textbox', { name: 'Name' })).toBeFocused();
  return drawer;
}

/** A picture of the whole side panel: the window is made tall enough for the panel not to scroll. */
async function saveDrawerScreen(page: Page, drawer: Locator, name: string) {
  const viewport = page.viewportSize()!;
  const height = await drawer.evaluate((element) => element.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, Math.ceil(height)) });
  await saveScreen(page, name);
  await page.setViewportSize(viewport);
}

/** Reads the toast and closes it (it sits over the panel's buttons). */
async function readToast(page: Page, text: string) {
  const shown = toast(page, text);
  await expect(shown).toBeVisible();
  await shown.getByRole('button').click();
  await expect(shown).toBeHidden();
}

async function closeDrawer(page: Page, drawer: Locator) {
  await drawer.getByRole('button', { name: /^(Close|Cancel)$/ }).click();
  await expect(drawer).toBeHidden();
  await page.mouse.move(0, 0);
}

test('an admin configures channels, tests them, and is told where sending is not available', async ({ page }) => {
  test.setTimeout(150_000);
  const airtelPassword = 'airtel-Secret-4242';
  await signInToConsole(page, demoLogin());

  await test.step('the channels list: the seeded Sandbox channel is ready to send', async () => {
    await sideNav(page).getByRole('link', { name: 'Channels' }).click();
    await expect(page).toHaveURL('/admin/channels');
    await expect(page.getByRole('heading', { name: 'Channels', level: 1 })).toBeVisible();
    await expect(channelsTable(page).getByRole('columnheader')).toHaveText([
      'Name',
      'Type',
      'Vendor',
      'Contact ID',
      'Department',
      'Sending',
      'Actions',
    ]);
    const seeded = row(page, 'Sandbox WhatsApp');
    await expect(seeded).toContainText('WhatsApp');
    await expect(seeded).toContainText('919000000001');
    await expect(seeded).toContainText('Ready');
  });

  await test.step('a Sandbox WhatsApp channel: the required messages first, then saved with its webhook', async () => {
    const drawer = await openCreate(page);
    await expect(drawer.getByRole('combobox', { name: 'Channel Type' })).toHaveValue('WhatsApp');
    await expect(drawer.getByRole('combobox', { name: 'Vendor' })).toHaveValue('Sandbox');
    await expect(drawer.getByText(/messages arrive on the Sandbox phone in this console/)).toBeVisible();
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer.getByText(channelMessages.nameRequired)).toBeVisible();
    await expect(drawer.getByText('Valid contact id is required')).toBeVisible();

    const number = drawer.getByRole('textbox', { name: 'Sandbox Business Number' });
    await number.fill('12345');
    await expect(drawer.getByText('Invalid number format')).toBeVisible();
    await saveDrawerScreen(page, drawer, 'channels-drawer-sandbox-errors');

    // The seeded channel already has this name: the server says so beside the field.
    await drawer.getByRole('textbox', { name: 'Name' }).fill('Sandbox WhatsApp');
    await number.fill('919000000002');
    await expect(drawer.getByText('Invalid number format')).toBeHidden();
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer.getByText(channelMessages.nameTaken)).toBeVisible();

    await drawer.getByRole('textbox', { name: 'Name' }).fill('Support Sandbox');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await readToast(page, channelMessages.saved);
    const saved = page.getByRole('dialog', { name: 'Edit Support Sandbox' });
    await expect(saved.getByRole('textbox', { name: 'Webhook URL' })).toHaveValue(
      /^http:\/\/127\.0\.0\.1:\d+\/api\/webhooks\/channels\/\S+$/,
    );
    await expect(saved.getByRole('textbox', { name: 'Verify Token' })).not.toHaveValue('');
    await expect(saved.getByRole('button', { name: 'Copy Webhook URL' })).toBeVisible();

    await saved.getByRole('button', { name: 'Test Connection' }).click();
    const result = saved.getByRole('status');
    await expect(result).toContainText('Connection works');
    await expect(result).toContainText('The Sandbox is built in and ready');
    await saveDrawerScreen(page, saved, 'channels-drawer-sandbox-saved');
    await closeDrawer(page, saved);
    await expect(row(page, 'Support Sandbox')).toContainText('919000000002');
  });

  await test.step('an Airtel channel can be configured but says that sending is not available', async () => {
    const drawer = await openCreate(page);
    await drawer.getByRole('textbox', { name: 'Name' }).fill('Airtel alerts');
    await chooseOption(page, drawer.getByRole('combobox', { name: 'Vendor' }), 'Airtel');
    await expect(drawer.getByText(channelMessages.sendingUnavailable('Airtel'))).toBeVisible();
    const form = drawer.getByRole('region', { name: 'Airtel credentials' });
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Username is required')).toBeVisible();
    await expect(form.getByText('Password is required')).toBeVisible();
    await expect(form.getByText('Valid contact id is required')).toBeVisible();
    await expect(form.getByText('This field is required')).toHaveCount(2);
    await saveDrawerScreen(page, drawer, 'channels-drawer-airtel');

    await form.getByRole('textbox', { name: 'Username' }).fill('acme-airtel');
    const password = form.getByLabel('Password');
    await password.fill(airtelPassword);
    await expect(password).toHaveAttribute('type', 'password');
    await form.getByRole('button', { name: 'Show or hide characters' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await form.getByRole('textbox', { name: 'Customer ID' }).fill('CUST-77');
    await form.getByRole('textbox', { name: 'Contact ID (Mobile Number)' }).fill('9812345678');
    await form.getByRole('textbox', { name: 'Business ID' }).fill('BIZ-9');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await readToast(page, channelMessages.saved);
    const saved = page.getByRole('dialog', { name: 'Edit Airtel alerts' });
    await expect(saved.getByText(channelMessages.testUnavailable('Airtel'))).toBeVisible();
    await closeDrawer(page, saved);

    const airtel = row(page, 'Airtel alerts');
    await expect(airtel).toContainText('Configured only');
    await airtel.getByText('Configured only').hover();
    await expect(page.getByRole('tooltip')).toHaveText(channelMessages.sendingUnavailable('Airtel'));
    await saveScreen(page, 'channels-list');
  });

  await test.step('editing keeps the password masked and stored', async () => {
    await page.getByRole('button', { name: 'Edit Airtel alerts' }).click();
    const drawer = page.getByRole('dialog', { name: 'Edit Airtel alerts' });
    const password = drawer.getByLabel('Password');
    await expect(password).toHaveAttribute('type', 'password');
    const masked = await password.inputValue();
    expect(masked).not.toBe('');
    expect(masked).not.toBe(airtelPassword);
    await expect(drawer.getByText(/Leave it as it is \(or empty\) to keep it/)).toBeVisible();
    await saveDrawerScreen(page, drawer, 'channels-drawer-airtel-edit');
    await drawer.getByRole('textbox', { name: 'Username' }).fill('acme-airtel-2');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer).toBeHidden();

    await page.getByRole('button', { name: 'Edit Airtel alerts' }).click();
    const again = page.getByRole('dialog', { name: 'Edit Airtel alerts' });
    await expect(again.getByRole('textbox', { name: 'Username' })).toHaveValue('acme-airtel-2');
    await expect(again.getByLabel('Password')).toHaveValue(masked);
    await closeDrawer(page, again);
  });

  await test.step('other vendors generate their own forms', async () => {
    const drawer = await openCreate(page);
    await chooseOption(page, drawer.getByRole('combobox', { name: 'Vendor' }), 'Kaleyra');
    await drawer.getByRole('button', { name: 'Save' }).click();
    const kaleyra = drawer.getByRole('region', { name: 'Kaleyra credentials' });
    await expect(kaleyra.getByText('Auth Token is required')).toBeVisible();
    await expect(kaleyra.getByText('Auth id is required')).toBeVisible();
    await expect(kaleyra.getByText('Valid Waba Phone Number is required')).toBeVisible();
    await saveDrawerScreen(page, drawer, 'channels-drawer-kaleyra');

    await chooseOption(page, drawer.getByRole('combobox', { name: 'Vendor' }), 'WhatsApp Cloud API (Meta)');
    const meta = drawer.getByRole('region', { name: 'WhatsApp Cloud API (Meta) credentials' });
    await expect(meta.getByLabel('App Secret')).toHaveAttribute('type', 'password');
    await expect(meta.getByText('Checks the X-Hub-Signature-256 of every webhook')).toBeVisible();
    await saveDrawerScreen(page, drawer, 'channels-drawer-meta');

    // Telegram is not served by Meta: the vendor is reset and Sinch's form appears once chosen.
    await chooseOption(page, drawer.getByRole('combobox', { name: 'Channel Type' }), 'Telegram');
    await expect(drawer.getByRole('combobox', { name: 'Vendor' })).toHaveValue('');
    await chooseOption(page, drawer.getByRole('combobox', { name: 'Vendor' }), 'Sinch');
    await expect(
      drawer.getByRole('region', { name: 'Sinch credentials' }).getByRole('combobox', { name: 'Region' }),
    ).toBeVisible();
    await saveDrawerScreen(page, drawer, 'channels-drawer-sinch');
    await closeDrawer(page, drawer);
  });

  await test.step('the vendors offered restrict the vendor choice', async () => {
    await page.getByRole('button', { name: 'Vendors Offered' }).click();
    const dialog = page.getByRole('dialog', { name: 'Vendors Offered' });
    await expect(dialog.getByText('All vendors are offered')).toBeVisible();
    await dialog.getByRole('checkbox', { name: /^Sandbox/ }).check();
    await dialog.getByRole('checkbox', { name: /^WhatsApp Cloud API \(Meta\)/ }).check();
    await expect(dialog.getByText('2 of')).toBeVisible();
    await saveScreen(page, 'channels-vendor-offer');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    const drawer = await openCreate(page);
    await drawer.getByRole('combobox', { name: 'Vendor' }).click();
    await expect(page.getByRole('option')).toHaveText(['Sandbox', 'WhatsApp Cloud API (Meta)']);
    await page.keyboard.press('Escape');
    await closeDrawer(page, drawer);

    // Back to every vendor.
    await page.getByRole('button', { name: 'Vendors Offered' }).click();
    await dialog.getByRole('button', { name: 'Clear' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('deleting a channel asks first and names what goes with it', async () => {
    await page.getByRole('button', { name: 'More actions for Airtel alerts' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this channel?' });
    await expect(confirm).toContainText('with its message templates and its message log');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, channelMessages.deleted)).toBeVisible();
    await expect(row(page, 'Airtel alerts')).toHaveCount(0);
    await expect(row(page, 'Support Sandbox')).toBeVisible();
  });

  await test.step('search by name', async () => {
    await page.getByRole('textbox', { name: 'Search channels' }).fill('support');
    await expect(channelsTable(page).locator('tbody tr')).toHaveCount(1);
    await expect(row(page, 'Support Sandbox')).toBeVisible();
    await page.getByRole('textbox', { name: 'Search channels' }).fill('nothing like this');
    await expect(channelsTable(page).getByText('No Record')).toBeVisible();
  });
});
