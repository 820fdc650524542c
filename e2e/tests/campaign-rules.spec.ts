import { demoLogin, expect, saveScreen, sideNav, signInToConsole, test, toast } from '../support/fixtures';

/**
 * Issue 21 item 3 (engagement §7.4): the administrator opens the protection rules from the campaigns
 * list, reads the demo's quiet hours in the enterprise's timezone, adds quiet hours that the server
 * refuses (the same start and end: its message under To), corrects and saves them, and deletes them
 * again after the confirmation (the demo keeps its own rules).
 */
test('an administrator adds quiet hours, reads the refusal under its field, and deletes them again', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInToConsole(page, demoLogin());

  await test.step('from the campaigns list to the rules, in the enterprise timezone', async () => {
    await sideNav(page).getByRole('link', { name: 'Campaigns', exact: true }).click();
    await page.getByRole('link', { name: 'Protection rules' }).click();
    await expect(page).toHaveURL('/campaigns/rules');
    await expect(page.getByRole('heading', { name: 'Protection Rules', level: 1 })).toBeVisible();
    const night = page.getByRole('row').filter({ hasText: 'Night' });
    await expect(night).toContainText('21:00–09:00');
    // Off in the demo, so that a campaign tried at any hour goes out.
    await expect(night).toContainText('Off');
    await expect(page.getByRole('columnheader', { name: 'Hours (Asia/Kolkata)' })).toBeVisible();
    await page.getByRole('tab', { name: 'Frequency caps' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'Two a day' })).toContainText('2 messages per day');
    await page.getByRole('tab', { name: 'Quiet hours' }).click();
  });

  await test.step("the server's refusal under To, then saved", async () => {
    await page.getByRole('button', { name: 'Add quiet hours' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add quiet hours' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Lunch');
    await dialog.getByLabel('From').fill('13:00');
    await dialog.getByLabel('To').fill('13:00');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('The end must differ from the start')).toBeVisible();
    await saveScreen(page, 'campaign-rules-refused');
    await dialog.getByLabel('To').fill('14:00');
    await dialog.getByText('Sun', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Quiet hours saved')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Lunch' })).toContainText('13:00–14:00');
    await expect(page.getByRole('row').filter({ hasText: 'Lunch' })).toContainText('Sun');
  });

  await test.step('deleted after the confirmation', async () => {
    await page.getByRole('button', { name: 'Delete Lunch' }).click();
    await page.getByRole('dialog', { name: 'Delete rule' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Lunch deleted')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Lunch' })).toHaveCount(0);
    await expect(page.getByRole('row').filter({ hasText: 'Night' })).toBeVisible();
  });
});
