import type { Browser, Locator, Page } from '@playwright/test';
import { demoLogin, expect, saveScreen, sideNav, signInToConsole, test, toast } from '../support/fixtures';

/**
 * Issue 21 (platform §2.2, §4.3; engagement §2.13, §2.14, §5, §7.4): the demo's Campaign Maker
 * builds a campaign in the browser on the Newsletter segment with a Plan filter, sees whom it
 * reaches and who is left out (the demo's blacklisted customer) before anything is sent, and
 * submits it. The Campaign Checker, in a browser of their own, rejects it (first with no reason:
 * 'Please enter reject reason'); the maker reads why, fixes it and submits again; the checker
 * approves, starts it with the cost estimate in the start dialog. The customer's Sandbox phone
 * receives it, taps its tracked link and replies, and the campaign report shows the click and the reply.
 */

const MAKER = 'maker@demo.parley.local';
const CHECKER = 'checker@demo.parley.local';
/** Sneha Kulkarni, a Platinum customer on the newsletter (seed-customers.ts). */
const CUSTOMER = '+919876500285';

async function choose(page: Page, field: Locator, option: string | RegExp) {
  await field.click();
  await page.getByRole('option', { name: option }).first().click();
}

async function signedIn(browser: Browser, login: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInToConsole(page, login);
  return page;
}

test('a maker builds a campaign, a checker rejects then approves and starts it, and the report shows the reply and the click', async ({
  page: maker,
  browser,
}) => {
  test.setTimeout(240_000);
  const { password } = demoLogin();
  const name = `Festive offer ${Date.now().toString(36)}`;
  // The demo's quiet hours are off (seed-campaigns.ts): the campaign goes out at any hour.
  await signInToConsole(maker, { email: MAKER, password });

  await test.step('the maker builds the campaign and sees its reach before anything is sent', async () => {
    await sideNav(maker).getByRole('link', { name: 'Campaigns', exact: true }).click();
    await expect(maker).toHaveURL('/campaigns/campaigns-list');
    await maker.getByRole('link', { name: 'Create Campaign' }).first().click();
    await expect(maker.getByRole('heading', { name: 'New campaign', level: 1 })).toBeVisible();
    await maker.getByRole('textbox', { name: /^Name/ }).fill(name);
    await choose(maker, maker.getByRole('combobox', { name: /^Channel\s*\*?$/ }), /^Sandbox WhatsApp/);
    await maker.getByRole('button', { name: /^Choose Template/ }).click();
    await maker.getByRole('option', { name: /^festive_offer/ }).click();
    const mapping = maker.getByRole('region', { name: 'Variable Mapping' });
    const greeting = mapping.getByRole('group', { name: 'Body {{1}}' });
    await choose(maker, greeting.getByRole('combobox', { name: 'Body {{1}} mapping type' }), 'Map Column Value');
    await choose(maker, greeting.getByRole('combobox', { name: 'Body {{1}} column' }), 'Name');
    await mapping.getByRole('textbox', { name: 'Body {{2}} value' }).fill('20%');
    await mapping.getByRole('textbox', { name: /^Button 2 URL.*value$/ }).fill('https://shop.example.com/festive');

    const reach = maker.getByRole('region', { name: 'Reach' });
    await choose(maker, maker.getByRole('combobox', { name: 'Segments' }), /^Newsletter/);
    await expect(reach).toContainText('Reaches 20 customers');
    await maker.getByRole('button', { name: 'Add filter' }).click();
    const filter = maker.getByRole('group', { name: 'Filter 1' });
    await choose(maker, filter.getByRole('combobox', { name: 'Filter 1 attribute' }), 'Plan');
    await expect(filter.getByRole('combobox', { name: 'Filter 1 operator' })).toHaveValue('is any of');
    await choose(maker, filter.getByRole('combobox', { name: 'Filter 1 values' }), 'Platinum');
    // Seven Platinum readers of the newsletter; Rohan Mehta is on the blacklist.
    await expect(reach).toContainText('Reaches 7 customers');
    await expect(reach.getByRole('listitem').filter({ hasText: 'Blacklisted' })).toContainText('−1');
    await expect(reach).toContainText('Will be sent to 6');
    await saveScreen(maker, 'campaign-editor-reach');

    await maker.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(maker, 'Campaign saved')).toBeVisible();
    await expect(maker).toHaveURL(/\/campaigns\/campaigns-list\/[0-9a-f-]{36}$/);
    await maker.getByRole('button', { name: 'Submit for approval' }).click();
    await maker.getByRole('dialog', { name: 'Submit for approval' }).getByRole('button', { name: 'Submit' }).click();
    await expect(toast(maker, 'Campaign submitted for approval')).toBeVisible();
  });

  const checker = await signedIn(browser, { email: CHECKER, password });
  await test.step('the checker rejects it, first with no reason', async () => {
    await sideNav(checker).getByRole('link', { name: 'Activities' }).click();
    const row = checker.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Demo Maker');
    await expect(row).toContainText('7');
    await row.getByRole('button', { name: `Reject ${name}` }).click();
    const dialog = checker.getByRole('dialog', { name: 'Reject Activity' });
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog.getByText('Please enter reject reason')).toBeVisible();
    await saveScreen(checker, 'campaign-reject-reason');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('The festive discount is 25%');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(toast(checker, 'Activity rejected')).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  await test.step('the maker reads why, fixes the discount and submits again', async () => {
    await maker.reload();
    const rejected = maker.getByRole('alert').filter({ hasText: 'Rejected by the checker' });
    await expect(rejected).toContainText('The festive discount is 25%');
    await maker
      .getByRole('region', { name: 'Variable Mapping' })
      .getByRole('textbox', { name: 'Body {{2}} value' })
      .fill('25%');
    await maker.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(maker, 'Campaign saved')).toBeVisible();
    await maker.getByRole('button', { name: 'Submit for approval' }).click();
    await maker.getByRole('dialog', { name: 'Submit for approval' }).getByRole('button', { name: 'Submit' }).click();
    await expect(toast(maker, 'Campaign submitted for approval')).toBeVisible();
  });

  await test.step("the resubmission appears on the checker's open list by itself; they approve, and start it with the estimate", async () => {
    // No reload: the list hears campaign.activity over the console's websocket.
    const row = checker.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Pending');
    await row.getByRole('button', { name: `Approve ${name}` }).click();
    await checker.getByRole('dialog', { name: 'Approve Activity' }).getByRole('button', { name: 'Approve' }).click();
    await expect(toast(checker, 'Activity approved')).toBeVisible();
    await sideNav(checker).getByRole('link', { name: 'Approved' }).click();
    await checker
      .getByRole('row')
      .filter({ hasText: name })
      .getByRole('button', { name: `Start ${name}` })
      .click();
    const dialog = checker.getByRole('dialog', { name: 'Start Campaign' });
    const estimate = dialog.getByRole('group', { name: 'Cost estimate' });
    // Six Indian numbers at the demo's marketing rate of ₹0.7846: ₹4.71.
    await expect(estimate).toContainText('4.71');
    await expect(estimate).toContainText('6');
    await saveScreen(checker, 'campaign-start-estimate');
    await dialog.getByRole('button', { name: 'Start' }).click();
    await expect(toast(checker, 'Campaign started')).toBeVisible();
  });

  const phonePage = await signedIn(browser, demoLogin());
  await test.step("the customer's phone receives it, taps the link and replies", async () => {
    await phonePage.goto('/admin/sandbox-phone');
    const numbers = phonePage.getByRole('navigation', { name: 'Numbers' });
    await numbers.getByRole('button').filter({ hasText: CUSTOMER }).click();
    const phone = phonePage.getByRole('figure', { name: `Sandbox phone of ${CUSTOMER}` });
    const messages = phone.getByRole('log', { name: 'Messages' });
    await expect(messages).toContainText(
      'Hi Sneha Kulkarni, our festive sale is on: 25% off everything until Sunday.',
      {
        timeout: 30_000,
      },
    );
    // The link goes through the console's click tracking, then on to the shop.
    const tracked = phonePage
      .context()
      .waitForEvent('request', (request) => /\/c\/[A-Za-z0-9_-]{22}\d+$/.test(request.url()));
    const popup = phonePage.waitForEvent('popup');
    await messages.locator('[data-template]').last().getByRole('button', { name: 'Shop now' }).click();
    await tracked;
    await (await popup).close();
    const box = phonePage.getByRole('textbox', { name: 'Reply as the customer' });
    await box.fill('Is the offer on sarees too?');
    await box.press('Enter');
    await expect(
      messages.locator('[data-direction="from_phone"]').filter({ hasText: 'Is the offer on sarees too?' }),
    ).toBeVisible();
    await saveScreen(phonePage, 'campaign-sandbox-phone');
  });

  await test.step('the report shows who it reached, the click and the reply', async () => {
    await sideNav(checker).getByRole('link', { name: 'Campaign Report' }).click();
    await checker.getByRole('link', { name }).click();
    await expect(checker.getByRole('heading', { name, level: 1 })).toBeVisible();
    const funnel = checker.getByRole('list', { name: 'Funnel' });
    await expect(async () => {
      await checker.reload();
      await expect(funnel.getByRole('listitem', { name: 'Replied' })).toContainText('1', { timeout: 2_000 });
      await expect(funnel.getByRole('listitem', { name: 'Clicked' })).toContainText('1', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(funnel.getByRole('listitem', { name: 'Targeted' })).toContainText('7');
    await expect(funnel.getByRole('listitem', { name: 'Excluded' })).toContainText('1');
    await expect(funnel.getByRole('listitem', { name: 'Sent' })).toContainText('6');
    const recipients = checker.getByRole('table', { name: 'Recipients' });
    await expect(recipients.getByRole('row').filter({ hasText: CUSTOMER })).toBeVisible();
    await saveScreen(checker, 'campaign-report');
  });
});
