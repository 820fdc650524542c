import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiToken, demoLogin, expect, saveScreen, sideNav, signInToConsole, test, toast } from '../support/fixtures';

/** Arranges data through the API with the demo administrator's token. */
async function api(request: APIRequestContext) {
  const { email, password } = demoLogin();
  const token = await apiToken(request, email, password);
  const headers = { authtoken: token };
  async function post(url: string, data: object) {
    const response = await request.post(url, { data, headers });
    const body = await response.json();
    if (!body.status) throw new Error(`${url}: ${JSON.stringify(body)}`);
    return body.data as { id: string };
  }
  return { post };
}

async function createAgent(request: APIRequestContext, name: string) {
  const { post } = await api(request);
  return post('/api/agents', { name, description: 'Books flights for customers', type: 'nlp' });
}

/** Selects `text` inside the training phrase `phrase`, as a mouse drag would, and releases the button. */
async function selectInPhrase(page: Page, phrase: string, text: string) {
  const phraseText = page.getByTestId('phrase-text').filter({ hasText: phrase });
  await phraseText.evaluate((element, selected) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const index = node.textContent!.indexOf(selected);
      if (index === -1) continue;
      const range = document.createRange();
      range.setStart(node, index);
      range.setEnd(node, index + selected.length);
      const selection = window.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
      element.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
      return;
    }
    throw new Error(`"${selected}" is not in the phrase`);
  }, text);
}

function editor(page: Page): Locator {
  return page.getByRole('region', { name: 'Intent editor' });
}

async function addPhrase(page: Page, text: string) {
  const input = editor(page).getByLabel('Add Training Phrase');
  await input.fill(text);
  await input.press('Control+Enter');
}

/**
 * Issue 4, intents: an operator groups intents in a story, writes an intent with phrases, tags an
 * entity by selecting it, gives the parameter a prompt, writes a markdown response and saves.
 */
test('an operator builds an intent with a tagged entity and finds it again after a reload', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const agent = await createAgent(request, `Flights ${stamp}`);
  const { post } = await api(request);
  await post(`/api/agents/${agent.id}/entities`, {
    name: 'city',
    values: [{ value: 'Delhi', type: 'synonyms', synonyms: 'Delhi,New Delhi' }],
  });

  await signInToConsole(page, demoLogin());
  await page.goto(`/bots/${agent.id}/intents`);
  const left = page.getByRole('region', { name: 'Stories and intents' });
  await expect(left.getByText('No stories yet — add one to group intents')).toBeVisible();

  // A story: the name is trimmed and collapsed; an empty or duplicate name is refused.
  await left.getByRole('button', { name: 'Add Story' }).click();
  await left.getByLabel('New Story Name').press('Enter');
  await expect(left.getByText('Please give valid name')).toBeVisible();
  await left.getByLabel('New Story Name').fill('  Travel    bookings ');
  await left.getByLabel('New Story Name').press('Enter');
  await expect(toast(page, 'Story created')).toBeVisible();
  await expect(left.getByRole('button', { name: 'Open story Travel bookings' })).toBeVisible();
  await left.getByRole('button', { name: 'Add Story' }).click();
  await left.getByLabel('New Story Name').fill('travel BOOKINGS');
  await left.getByLabel('New Story Name').press('Enter');
  await expect(toast(page, 'Duplication of story name')).toBeVisible();
  await left.getByLabel('New Story Name').press('Escape');

  await left.getByRole('button', { name: 'Open story Travel bookings' }).click();
  await expect(left.getByText('No intents in this story')).toBeVisible();
  await left.getByRole('button', { name: 'Create Intent' }).click();

  await editor(page).getByLabel('Intent Name').fill('book_flight');
  await expect(editor(page).getByText('No training phrases yet')).toBeVisible();
  await addPhrase(page, 'Book a flight to Delhi');
  await addPhrase(page, 'I want to fly tomorrow');
  await addPhrase(page, 'Find me a plane ticket');
  await addPhrase(page, '  book a   FLIGHT to delhi ');
  await expect(editor(page).getByText('Duplication of utterance name')).toBeVisible();
  await editor(page).getByLabel('Add Training Phrase').fill('');
  const phrases = editor(page).getByRole('list', { name: 'Training Phrases' }).getByRole('listitem');
  await expect(phrases).toHaveCount(3);

  // Tag "Delhi" as the city entity by selecting it.
  await selectInPhrase(page, 'Book a flight to Delhi', 'Delhi');
  const picker = page.getByRole('dialog', { name: 'Tag an Entity' });
  await expect(picker.getByLabel('Selected text')).toHaveText('Delhi');
  await expect(picker.getByRole('button', { name: '@city' })).toBeVisible();
  await expect(picker.getByRole('button', { name: '@date' })).toBeVisible();
  await picker.getByLabel('Search Entities').fill('cit');
  await expect(picker.getByRole('button', { name: '@date' })).toHaveCount(0);
  await saveScreen(page, 'intents-entity-picker');
  await picker.getByRole('button', { name: '@city' }).click();
  await expect(picker).toBeHidden();
  await expect(editor(page).locator('[title="city"]')).toHaveText('Delhi');

  // The parameter: a prompt and required.
  const entities = page.getByRole('region', { name: 'Entities' });
  await expect(entities.getByLabel('Parameter name')).toHaveValue('city');
  await entities.getByLabel('Add prompt for city').fill('Which city are you flying to?');
  await entities.getByLabel('Add prompt for city').press('Enter');
  await entities.getByLabel('Required city').check();
  await expect(entities.getByLabel('Value of city')).toHaveValue('$city');

  // A markdown response.
  await editor(page).getByRole('tab', { name: 'Response' }).click();
  await editor(page).getByRole('textbox', { name: 'Response text' }).fill('**Sure!** Booking your flight to $city.');
  await editor(page).getByRole('textbox', { name: 'Response text' }).press('Control+Enter');
  await expect(editor(page).getByRole('region', { name: 'Response preview' }).locator('strong')).toHaveText('Sure!');
  await editor(page).getByRole('tab', { name: 'Training Phrases' }).click();
  await saveScreen(page, 'intents-editor');

  await editor(page).getByRole('button', { name: 'Create', exact: true }).click();
  await expect(toast(page, 'Intent created')).toBeVisible();
  await expect(editor(page).getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  await expect(left.getByRole('button', { name: 'Open intent book_flight' })).toBeVisible();

  // After a reload everything is there.
  await page.reload();
  await left.getByRole('button', { name: 'Open story Travel bookings' }).click();
  await left.getByRole('button', { name: 'Open intent book_flight' }).click();
  await expect(editor(page).getByLabel('Intent Name')).toHaveValue('book_flight');
  await expect(phrases).toHaveCount(3);
  await expect(phrases.nth(0)).toContainText('Find me a plane ticket');
  await expect(editor(page).locator('[title="city"]')).toHaveText('Delhi');
  await expect(entities.getByLabel('Parameter name')).toHaveValue('city');
  await expect(entities.getByText('Which city are you flying to?')).toBeVisible();
  await expect(entities.getByLabel('Required city')).toBeChecked();
  await expect(entities.getByText('@city')).toBeVisible();
  await editor(page).getByRole('tab', { name: 'Response' }).click();
  await expect(editor(page).getByRole('region', { name: 'Response preview' }).locator('strong')).toHaveText('Sure!');
  await saveScreen(page, 'intents-saved');

  // Marked as a handoff: on a channel the bot answers, then passes the customer to people.
  const handoff = editor(page).getByRole('switch', { name: 'Hand the Customer to a Person' });
  await expect(handoff).not.toBeChecked();
  await handoff.check();
  await editor(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Intent saved')).toBeVisible();
  await expect(left.getByRole('listitem').filter({ hasText: 'book_flight' })).toContainText('hands over to a person');
  await page.reload();
  await left.getByRole('button', { name: 'Open story Travel bookings' }).click();
  await left.getByRole('button', { name: 'Open intent book_flight' }).click();
  await editor(page).getByRole('tab', { name: 'Response' }).click();
  await expect(editor(page).getByRole('switch', { name: 'Hand the Customer to a Person' })).toBeChecked();
  await saveScreen(page, 'intents-handoff');
  await page.setViewportSize({ width: 1680, height: 900 });
  await editor(page).getByRole('tab', { name: 'Training Phrases' }).click();
  await saveScreen(page, 'intents-saved-wide');
});

test('unsaved changes keep the operator on the intent until saved or discarded', async ({ page, request }) => {
  const stamp = Date.now();
  const agent = await createAgent(request, `Guarded ${stamp}`);
  const { post } = await api(request);
  const story = await post(`/api/agents/${agent.id}/stories`, { name: 'Greetings' });
  await post(`/api/agents/${agent.id}/stories`, { name: 'Farewells' });
  await post(`/api/agents/${agent.id}/stories/${story.id}/intents`, {
    name: 'say_hello',
    utterances: [{ utterance: 'hello' }, { utterance: 'good morning' }],
    responses: [{ response: 'Hi there!' }],
  });

  await signInToConsole(page, demoLogin());
  await page.goto(`/bots/${agent.id}/entity-list`);
  await page.getByRole('tab', { name: 'Intents' }).click();
  const left = page.getByRole('region', { name: 'Stories and intents' });
  await left.getByRole('button', { name: 'Open story Greetings' }).click();
  await left.getByRole('button', { name: 'Open intent say_hello' }).click();
  await editor(page).getByLabel('Intent Name').fill('say_hi');
  await expect(editor(page).getByText('Unsaved')).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Unsaved Changes' });

  await test.step('another side-menu entry asks Save / Discard / Stay; Stay keeps the text', async () => {
    await sideNav(page).getByRole('link', { name: 'Customers' }).click();
    await expect(dialog).toBeVisible();
    await saveScreen(page, 'unsaved-changes-dialog');
    await dialog.getByRole('button', { name: 'Stay', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/bots/${agent.id}/intents`));
    await expect(editor(page).getByLabel('Intent Name')).toHaveValue('say_hi');
  });

  await test.step("the browser's Back and leaving the intent in the page ask too", async () => {
    await page.goBack();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Stay', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/bots/${agent.id}/intents`));

    await left.getByRole('button', { name: 'Back to stories' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Stay', exact: true }).click();
    await expect(left.getByRole('button', { name: 'Open story Farewells' })).toHaveCount(0);
    await expect(editor(page).getByLabel('Intent Name')).toHaveValue('say_hi');
  });

  await test.step('Discard leaves without saving', async () => {
    await page.getByRole('button', { name: 'Back to Agents' }).click();
    await dialog.getByRole('button', { name: 'Discard' }).click();
    await expect(page).toHaveURL('/bots');
    await page.goto(`/bots/${agent.id}/intents`);
    await left.getByRole('button', { name: 'Open story Greetings' }).click();
    await expect(left.getByRole('button', { name: 'Open intent say_hello' })).toBeVisible();
  });
});

test('an intent needs two training phrases and a prompt for each entity', async ({ page, request }) => {
  const agent = await createAgent(request, `Lonely ${Date.now()}`);
  const { post } = await api(request);
  await post(`/api/agents/${agent.id}/stories`, { name: 'Support' });

  await signInToConsole(page, demoLogin());
  await page.goto(`/bots/${agent.id}/intents`);
  const left = page.getByRole('region', { name: 'Stories and intents' });
  await left.getByRole('button', { name: 'Open story Support' }).click();
  await left.getByRole('button', { name: 'Create Intent' }).click();
  await editor(page).getByRole('button', { name: 'Create', exact: true }).click();
  await expect(toast(page, 'Intent name should not be empty')).toBeVisible();
  await editor(page).getByLabel('Intent Name').fill('reset_password');
  await addPhrase(page, 'I forgot my password');
  await editor(page).getByRole('tab', { name: 'Response' }).click();
  await editor(page).getByRole('textbox', { name: 'Response text' }).fill('Use the **Forgot password** link.');
  await editor(page).getByRole('button', { name: 'Create', exact: true }).click();
  await expect(toast(page, 'Please give atleast two training phrases save the intent')).toBeVisible();
  await expect(left.getByText('No intents in this story')).toBeVisible();

  // A second phrase; its date is tagged with the keyboard: select in the edit box, then the tag button.
  await editor(page).getByRole('tab', { name: 'Training Phrases' }).click();
  await addPhrase(page, 'Reset it by tomorrow');
  await editor(page).getByRole('button', { name: 'Edit training phrase "Reset it by tomorrow"' }).click();
  const editBox = editor(page).getByRole('textbox', { name: 'Edit training phrase' });
  await editBox.focus();
  await editBox.press('End');
  for (let step = 0; step < 'tomorrow'.length; step += 1) await editBox.press('Shift+ArrowLeft');
  await editor(page).getByRole('button', { name: 'Tag selected words' }).click();
  const picker = page.getByRole('dialog', { name: 'Tag an Entity' });
  await expect(picker.getByLabel('Selected text')).toHaveText('tomorrow');
  await picker.getByRole('button', { name: '@date' }).click();
  await expect(editor(page).locator('[title="date"]')).toHaveText('tomorrow');

  await editor(page).getByRole('button', { name: 'Create', exact: true }).click();
  await expect(toast(page, 'prompt cannot be empty')).toBeVisible();
  const entities = page.getByRole('region', { name: 'Entities' });
  await entities.getByLabel('Add prompt for date').fill('By when?, Which day?');
  await entities.getByLabel('Add prompt for date').press('Enter');
  await expect(entities.getByRole('list', { name: 'Prompts of date' }).getByRole('listitem')).toHaveCount(2);
  await editor(page).getByRole('button', { name: 'Create', exact: true }).click();
  await expect(toast(page, 'Intent created')).toBeVisible();
  await expect(left.getByRole('button', { name: 'Open intent reset_password' })).toContainText('2 training phrases');

  // Intent names are unique in the agent: the server's message is shown and nothing is added.
  await left.getByRole('button', { name: 'Create Intent' }).click();
  await editor(page).getByLabel('Intent Name').fill('RESET_password');
  await addPhrase(page, 'password reset');
  await addPhrase(page, 'cannot sign in');
  await editor(page).getByRole('tab', { name: 'Response' }).click();
  await editor(page).getByRole('textbox', { name: 'Response text' }).fill('Try the link.');
  await editor(page).getByRole('button', { name: 'Create', exact: true }).click();
  await expect(toast(page, 'Duplicate intent name, intent not created')).toBeVisible();
  await expect(left.getByRole('listitem')).toHaveCount(1);
  await page.setViewportSize({ width: 820, height: 900 });
  await saveScreen(page, 'intents-narrow');
});

test('stories form a tree: sub-stories, rename in place, delete with their intents', async ({ page, request }) => {
  const agent = await createAgent(request, `Tree ${Date.now()}`);
  const { post } = await api(request);
  const orders = await post(`/api/agents/${agent.id}/stories`, { name: 'Orders' });
  await post(`/api/agents/${agent.id}/stories`, { name: 'Account' });
  for (const name of ['track_order', 'cancel_order'])
    await post(`/api/agents/${agent.id}/stories/${orders.id}/intents`, {
      name,
      utterances: [{ utterance: `${name} please` }, { utterance: `I need ${name}` }],
      responses: [{ response: 'On it.' }],
    });

  await signInToConsole(page, demoLogin());
  await page.setViewportSize({ width: 1680, height: 900 });
  await page.goto(`/bots/${agent.id}/intents`);
  const left = page.getByRole('region', { name: 'Stories and intents' });
  await expect(left.getByRole('button', { name: 'Open story Orders' })).toContainText('2');

  await left.getByRole('button', { name: 'Actions for Orders' }).click();
  await page.getByRole('menuitem', { name: 'Add Sub-story' }).click();
  await left.getByLabel('Sub-story Name').fill('Returns');
  await left.getByLabel('Sub-story Name').press('Enter');
  await expect(
    left.getByRole('list', { name: 'Sub-stories of Orders' }).getByRole('button', { name: 'Open story Returns' }),
  ).toBeVisible();
  await left.getByRole('button', { name: 'Collapse Orders' }).click();
  await expect(left.getByRole('button', { name: 'Open story Returns' })).toHaveCount(0);
  await left.getByRole('button', { name: 'Expand Orders' }).click();

  await left.getByRole('button', { name: 'Actions for Account' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await left.getByLabel('Story Name', { exact: true }).fill('My   account');
  await left.getByLabel('Story Name', { exact: true }).press('Enter');
  await expect(toast(page, 'Story updated')).toBeVisible();
  await expect(left.getByRole('button', { name: 'Open story My account' })).toBeVisible();

  await left.getByLabel('Search stories').fill('ret');
  await expect(left.getByRole('button', { name: 'Open story Returns' })).toBeVisible();
  await expect(left.getByRole('button', { name: 'Open story My account' })).toHaveCount(0);
  await left.getByLabel('Search stories').fill('');

  await left.getByRole('button', { name: 'Open story Orders' }).click();
  await left.getByRole('button', { name: 'Open intent track_order' }).click();
  await expect(editor(page).getByLabel('Intent Name')).toHaveValue('track_order');
  await left.getByLabel('Search intents').fill('CANCEL');
  await expect(left.getByRole('button', { name: 'Open intent track_order' })).toHaveCount(0);
  await expect(left.getByRole('button', { name: 'Open intent cancel_order' })).toBeVisible();
  await left.getByLabel('Search intents').fill('');
  await expect(left.getByRole('button', { name: 'Open intent track_order' })).toBeVisible();
  await expect(left.getByRole('button', { name: 'Open story Returns' })).toBeVisible();
  await saveScreen(page, 'intents-wide');
  await left.getByRole('button', { name: 'Back to stories' }).click();
  await saveScreen(page, 'intents-stories');

  await left.getByRole('button', { name: 'Actions for Orders' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Story' });
  await expect(confirm).toContainText('Its 1 sub-story goes with it');
  await expect(confirm).toContainText('2 intents will be deleted with it');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Story deleted with 2 intents')).toBeVisible();
  await expect(left.getByRole('button', { name: 'Open story Orders' })).toHaveCount(0);
  await expect(left.getByRole('button', { name: 'Open story Returns' })).toHaveCount(0);
});
