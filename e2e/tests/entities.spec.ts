import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, demoLogin, expect, saveScreen, signInToConsole, test, toast } from '../support/fixtures';

/** saveScreen, and a copy in this test's output folder (test-results/screens is shared by every run). */
async function screen(page: Page, name: string) {
  await saveScreen(page, name);
  const saved = path.resolve(import.meta.dirname, '../test-results/screens', `${name}.png`);
  if (fs.existsSync(saved)) fs.copyFileSync(saved, test.info().outputPath(`${name}.png`));
}

/** Arranges an NLP agent through the API; the stories under test are the entity screens. */
async function createAgent(request: APIRequestContext, name: string) {
  const login = demoLogin();
  const token = await apiToken(request, login.email, login.password);
  const response = await request.post('/api/agents', {
    headers: { authtoken: token },
    data: { name, description: `About ${name}`, type: 'nlp' },
  });
  expect(response.ok()).toBe(true);
  return { id: ((await response.json()).data as { id: string }).id, token };
}

async function createEntityByApi(request: APIRequestContext, token: string, agentId: string, name: string) {
  const response = await request.post(`/api/agents/${agentId}/entities`, {
    headers: { authtoken: token },
    data: { name, values: [{ value: 'Red', type: 'synonyms', synonyms: 'crimson, scarlet' }] },
  });
  expect(response.ok()).toBe(true);
}

async function openEntities(page: Page, agentId: string) {
  await page.goto(`/bots/${agentId}/entity-list`);
  await expect(page.getByRole('tab', { name: 'Custom Entities' })).toHaveAttribute('aria-selected', 'true');
}

function entityRow(page: Page, name: string) {
  return page.getByRole('table', { name: 'Custom Entities' }).getByRole('row').filter({ hasText: name });
}

/** Adds synonyms through the row's popup: typing Enter for the first, the add icon for the others. */
async function addSynonyms(page: Page, row: number, value: string, synonyms: string[]) {
  await page.getByRole('textbox', { name: `Synonyms ${row}` }).click();
  const popup = page.getByRole('dialog', { name: value });
  await expect(popup).toBeVisible();
  for (const [index, synonym] of synonyms.entries()) {
    await popup.getByRole('textbox', { name: 'New synonym' }).fill(synonym);
    if (index === 0) await popup.getByRole('textbox', { name: 'New synonym' }).press('Enter');
    else await popup.getByRole('button', { name: 'Add synonym' }).click();
  }
  return popup;
}

test('an admin creates a city entity with synonyms from the empty list, sees it listed and edits it', async ({
  page,
  request,
}) => {
  const agent = await createAgent(request, `Travel Bot ${Date.now()}`);
  await signInToConsole(page, demoLogin());
  await openEntities(page, agent.id);

  // The empty list invites to create the first entity.
  await expect(page.getByText('No data to show')).toBeVisible();
  await screen(page, 'entities-empty');
  await page.getByRole('button', { name: 'Create Entity' }).last().click();
  await expect(page.getByRole('heading', { name: 'Create Custom Entity' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/bots/${agent.id}/entity-list/create$`));

  await page.getByPlaceholder('Enter the name of the Entity').fill('city');
  // The synonyms stay closed until the value is given.
  await page.getByRole('textbox', { name: 'Synonyms 1' }).click();
  await expect(page.getByText('Please give the value and type first')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add value' })).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Value 1' }).fill('Delhi');
  await page.getByRole('textbox', { name: 'Synonyms 1' }).click();
  const popup = page.getByRole('dialog', { name: 'Delhi' });
  await popup.getByRole('button', { name: 'Add synonym' }).click();
  await expect(popup.getByText('Empty synonyms cannot be added')).toBeVisible();
  await popup.getByRole('button', { name: 'Close', exact: true }).click();
  await addSynonyms(page, 1, 'Delhi', ['New Delhi', 'Dilli']);
  await expect(popup.getByRole('textbox', { name: 'Synonym 2' })).toHaveValue('Dilli');
  await screen(page, 'entities-synonyms-popup');
  await popup.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Synonyms 1' })).toHaveValue('New Delhi, Dilli');

  await page.getByRole('button', { name: 'Add value' }).click();
  await page.getByRole('textbox', { name: 'Value 2' }).fill('Mumbai');
  const second = await addSynonyms(page, 2, 'Mumbai', ['Bombay']);
  await second.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Synonyms 2' })).toHaveValue('Bombay');
  await screen(page, 'entities-form');
  await page.getByRole('button', { name: 'Create', exact: true }).click();

  await expect(toast(page, 'Entity created')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/bots/${agent.id}/entity-list$`));
  const row = entityRow(page, 'city');
  await expect(row).toContainText('Delhi, Mumbai');
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:(AM|PM)/);
  await screen(page, 'entities-list');

  // Edit: drop Mumbai (after a confirmation), replace a synonym of Delhi.
  await page.getByRole('button', { name: 'Edit city' }).click();
  await expect(page.getByRole('heading', { name: 'Update Custom Entity' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Synonyms 1' })).toHaveValue('New Delhi, Dilli');
  await page.getByRole('button', { name: 'Delete value 2' }).click();
  await page.getByRole('dialog', { name: 'Delete Value' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('textbox', { name: 'Value 2' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete value 1' })).toHaveCount(0);
  const edit = await addSynonyms(page, 1, 'Delhi', ['Delhi NCR']);
  await edit.getByRole('button', { name: 'Delete synonym 2' }).click();
  await edit.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Synonyms 1' })).toHaveValue('New Delhi, Delhi NCR');
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(toast(page, 'Entity updated')).toBeVisible();
  await expect(entityRow(page, 'city')).toContainText('Delhi');
  await expect(entityRow(page, 'city')).not.toContainText('Mumbai');

  await page.getByRole('button', { name: 'Edit city' }).click();
  await expect(page.getByRole('textbox', { name: 'Synonyms 1' })).toHaveValue('New Delhi, Delhi NCR');
});

test('a pattern entity is saved; a pattern that backtracks or does not compile is refused with its reason', async ({
  page,
  request,
}) => {
  const agent = await createAgent(request, `Courier Bot ${Date.now()}`);
  await signInToConsole(page, demoLogin());
  await page.goto(`/bots/${agent.id}/entity-list/create`);

  await page.getByPlaceholder('Enter the name of the Entity').fill('pincode');
  await page.getByRole('textbox', { name: 'Value 1' }).fill('pin');
  await page.getByRole('combobox', { name: 'Type 1' }).selectOption('pattern');
  await expect(page.getByRole('textbox', { name: 'Synonyms 1' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Pattern 1' }).fill('\\d{6}');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(toast(page, 'Entity created')).toBeVisible();
  await expect(entityRow(page, 'pincode')).toContainText('pin');

  await page.getByRole('button', { name: 'Create Entity' }).click();
  await page.getByPlaceholder('Enter the name of the Entity').fill('slowcode');
  await page.getByRole('textbox', { name: 'Value 1' }).fill('code');
  await page.getByRole('combobox', { name: 'Type 1' }).selectOption('pattern');
  const pattern = page.getByRole('textbox', { name: 'Pattern 1' });
  await pattern.fill('(a+)+$');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const unsafe =
    'This pattern could take too long to match (nested or overlapping repetition such as (a+)+). Simplify it.';
  await expect(page.getByRole('table', { name: 'Values' }).getByText(unsafe)).toBeVisible();
  await expect(toast(page, unsafe)).toBeVisible();
  await screen(page, 'entities-form-unsafe-pattern');

  await pattern.fill('([a-z');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const invalid = 'This pattern is not a valid regular expression: Unterminated character class';
  await expect(page.getByRole('table', { name: 'Values' }).getByText(invalid)).toBeVisible();
  await expect(page).toHaveURL(/entity-list\/create$/);

  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(entityRow(page, 'pincode')).toBeVisible();
  await expect(entityRow(page, 'slowcode')).toHaveCount(0);
});

test('the System Entities tab lists the built-in entities with their descriptions', async ({ page, request }) => {
  const agent = await createAgent(request, `System Bot ${Date.now()}`);
  await signInToConsole(page, demoLogin());
  await openEntities(page, agent.id);
  await page.getByRole('tab', { name: 'System Entities' }).click();
  await expect(page).toHaveURL(new RegExp(`/bots/${agent.id}/entity-list/1$`));
  const table = page.getByRole('table', { name: 'System Entities' });
  for (const [name, description] of [
    ['number', 'Numbers written in digits or words'],
    ['date', 'Calendar dates'],
    ['email', 'Email addresses'],
    ['phone', 'Phone numbers'],
  ]) {
    await expect(table.getByRole('row').filter({ hasText: new RegExp(`^${name}`) })).toContainText(description!);
  }
  await expect(table.getByRole('columnheader')).toHaveText(['Entity name', 'Description']);
  await screen(page, 'entities-system');
  await page.getByRole('tab', { name: 'Custom Entities' }).click();
  await expect(page).toHaveURL(new RegExp(`/bots/${agent.id}/entity-list/0$`));
});

test('deleting an entity asks first; the list pages by 15 and says when there is no more', async ({
  page,
  request,
}) => {
  const agent = await createAgent(request, `Paint Bot ${Date.now()}`);
  for (let index = 1; index <= 16; index += 1)
    await createEntityByApi(request, agent.token, agent.id, `colour${String(index).padStart(2, '0')}`);
  await signInToConsole(page, demoLogin());
  await openEntities(page, agent.id);

  // Newest first: colour16 … colour02 on the first page, colour01 on the second.
  const table = page.getByRole('table', { name: 'Custom Entities' });
  await expect(table.getByRole('row')).toHaveCount(16);
  await expect(entityRow(page, 'colour16')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(entityRow(page, 'colour01')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(toast(page, 'No more entity to show')).toBeVisible();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(entityRow(page, 'colour16')).toBeVisible();

  await page.getByRole('button', { name: 'Delete colour16' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Entity' });
  await expect(confirm).toContainText('Delete the entity "colour16"?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(entityRow(page, 'colour16')).toBeVisible();

  await page.getByRole('button', { name: 'Delete colour16' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Entity deleted')).toBeVisible();
  await expect(entityRow(page, 'colour16')).toHaveCount(0);
  await expect(entityRow(page, 'colour01')).toBeVisible();
});
