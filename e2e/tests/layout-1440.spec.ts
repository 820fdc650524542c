import type { APIRequestContext, Locator } from '@playwright/test';
import { apiToken, demoLogin, expect, saveScreen, test } from '../support/fixtures';

/**
 * Issue 17 item 17: on a 1440×900 screen (the console's common laptop size) the labels operators
 * read and the buttons they press show in full, not cut to 'Auto gener…', 'Test connect…' or
 * 'NOT MAP…', and an empty field in error keeps its placeholder grey.
 */
test.use({ viewport: { width: 1440, height: 900 } });

/** The demo administrator's session (the sign-in form has its own stories) and a POST with it. */
async function api(request: APIRequestContext) {
  const { email, password } = demoLogin();
  const token = await apiToken(request, email, password);
  async function post(url: string, data: object) {
    const body = await (await request.post(url, { data, headers: { authtoken: token } })).json();
    if (!body.status) throw new Error(`${url}: ${JSON.stringify(body)}`);
    return body.data as { id: string };
  }
  return { token, post };
}

/** The element and everything in it show their whole content: nothing is clipped sideways or cut to an ellipsis. */
async function expectShownInFull(locator: Locator) {
  await expect(locator).toBeVisible();
  const clipped = await locator.evaluate((root) =>
    [root, ...Array.from(root.querySelectorAll('*'))]
      .filter(
        (element) => element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== 'visible',
      )
      .map((element) => `${element.tagName}.${element.className}: ${element.textContent}`),
  );
  expect(clipped, 'clipped content').toEqual([]);
}

test('an operator on a 1440×900 screen reads every label and button in full', async ({ page, request }) => {
  const stamp = Date.now();
  const { token, post } = await api(request);
  const agent = await post('/api/agents', { name: `Flights ${stamp}`, description: 'Books flights', type: 'nlp' });
  await post(`/api/agents/${agent.id}/entities`, {
    name: 'city',
    values: [{ value: 'Delhi', type: 'synonyms', synonyms: 'Delhi,New Delhi' }],
  });
  const integration = `Assistant ${stamp}`;
  await post('/api/integrations', {
    authType: 5,
    name: integration,
    settings: { llm: 1, baseUrl: 'http://127.0.0.1:9/v1', model: 'gpt-4o-mini' },
    secrets: { apikey: 'sk-e2e-layout-1234' },
  });
  const department = await post('/api/departments', { name: `Layout ${stamp}`, desc: 'Checks widths' });
  await post('/api/blacklist', { phoneNumbers: ['+919876500174'], reason: 'Asked not to receive offers' }).catch(
    () => undefined,
  );

  await page.goto('/login');
  await page.evaluate((value) => window.localStorage.setItem('parley.sessionToken', value), token);

  await test.step('the intent editor: its header, Auto generate and the entities table', async () => {
    await page.goto(`/bots/${agent.id}/intents`);
    const left = page.getByRole('region', { name: 'Stories and intents' });
    await left.getByRole('button', { name: 'Add Story' }).click();
    await left.getByLabel('New Story Name').fill('Travel');
    await left.getByLabel('New Story Name').press('Enter');
    await left.getByRole('button', { name: 'Open story Travel' }).click();
    await left.getByRole('button', { name: 'Create Intent' }).click();
    const editor = page.getByRole('region', { name: 'Intent editor' });
    await editor.getByLabel('Intent Name').fill('book_flight');
    const phrase = editor.getByLabel('Add Training Phrase');
    await phrase.fill('Book a flight to Delhi');
    await phrase.press('Control+Enter');
    await expectShownInFull(editor.getByRole('button', { name: /Auto Generate/ }));
    await expectShownInFull(editor.getByRole('heading', { name: 'New Intent' }));

    await page
      .getByTestId('phrase-text')
      .filter({ hasText: 'Book a flight' })
      .evaluate((element) => {
        const node = document.createTreeWalker(element, NodeFilter.SHOW_TEXT).nextNode()!;
        const start = node.textContent!.indexOf('Delhi');
        const range = document.createRange();
        range.setStart(node, start);
        range.setEnd(node, start + 'Delhi'.length);
        window.getSelection()!.removeAllRanges();
        window.getSelection()!.addRange(range);
        element.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
      });
    await page.getByRole('dialog', { name: 'Tag an Entity' }).getByRole('button', { name: '@city' }).click();
    const entities = page.getByRole('region', { name: 'Entities' });
    await expect(entities.getByLabel('Parameter name')).toHaveValue('city');
    // A tagged entity does not greet the user with 'prompt cannot be empty' before they typed one.
    const prompt = entities.getByLabel('Add prompt for city');
    await expect(prompt).not.toHaveAttribute('aria-invalid', 'true');
    await expect(entities.getByText('prompt cannot be empty')).toHaveCount(0);
    await expectShownInFull(entities);
    await saveScreen(page, 'layout-1440-intent-editor');

    // Left empty, it says so; its placeholder stays grey (only the border and the message are red).
    await prompt.focus();
    await prompt.blur();
    await expect(prompt).toHaveAttribute('aria-invalid', 'true');
    await expect(entities.getByText('prompt cannot be empty')).toBeVisible();
    const colours = await prompt.evaluate((input) => ({
      placeholder: getComputedStyle(input, '::placeholder').color,
      error: getComputedStyle(input).borderTopColor,
    }));
    expect(colours.placeholder).not.toBe(colours.error);
  });

  await test.step('Customers: the Notes and Action columns', async () => {
    await page.goto('/customer-master/customers');
    const table = page.getByRole('table', { name: 'Customers' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expectShownInFull(table.getByRole('columnheader', { name: 'Notes' }));
    await expectShownInFull(table.getByRole('columnheader', { name: 'Action' }));
    const overflow = await table.evaluate((element) => element.scrollWidth - element.parentElement!.clientWidth);
    expect(overflow, 'the table fits its box').toBeLessThanOrEqual(1);
    // Every value shows whole: wrapped onto at most three lines, never cut.
    const cut = await table
      .locator('tbody a')
      .evaluateAll((links) =>
        links.filter((link) => link.scrollHeight > link.clientHeight + 1).map((link) => link.textContent),
      );
    expect(cut).toEqual([]);
    await saveScreen(page, 'layout-1440-customers');
  });

  await test.step('Integrations: Test connection', async () => {
    await page.goto('/admin/integration');
    await expectShownInFull(page.getByRole('button', { name: `Test connection of ${integration}` }));
    await saveScreen(page, 'layout-1440-integrations');
  });

  await test.step("Departments: a user's 'Not Mapped' badge", async () => {
    await page.goto(`/admin/departments/${department.id}`);
    const users = page.getByRole('table', { name: 'Users' });
    await expectShownInFull(users.getByText('Not Mapped').first());
  });

  await test.step('Blacklist: the Actions column', async () => {
    await page.goto('/campaigns/blacklist');
    await expectShownInFull(
      page.getByRole('table', { name: 'Blacklist' }).getByRole('columnheader', { name: 'Actions' }),
    );
    await saveScreen(page, 'layout-1440-blacklist');
  });
});
