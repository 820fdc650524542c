import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiToken, demoLogin, expect, saveScreen, signInToConsole, test, toast } from '../support/fixtures';

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

/**
 * A small flight agent (SVM): a city entity, and greet, book_flight (a required city with a
 * prompt, a markdown response using $city) and goodbye in one story.
 */
async function arrangeFlightAgent(request: APIRequestContext, name: string) {
  const { post } = await api(request);
  const agent = await post('/api/agents', { name, description: 'Books flights for customers', type: 'nlp' });
  const city = await post(`/api/agents/${agent.id}/entities`, {
    name: 'city',
    values: [
      { value: 'Delhi', type: 'synonyms', synonyms: 'Delhi,New Delhi' },
      { value: 'Mumbai', type: 'synonyms', synonyms: 'Mumbai,Bombay' },
    ],
  });
  const story = await post(`/api/agents/${agent.id}/stories`, { name: 'Travel' });
  const intents = `/api/agents/${agent.id}/stories/${story.id}/intents`;
  await post(intents, {
    name: 'greet',
    utterances: ['hello', 'hi there', 'good morning', 'hey, nice to meet you'].map((utterance) => ({ utterance })),
    responses: [{ response: 'Hello! How can I help?' }],
  });
  const tagged = 'book a flight to Delhi';
  const start = tagged.indexOf('Delhi');
  await post(intents, {
    name: 'book_flight',
    utterances: [
      {
        utterance: tagged,
        entityDefined: true,
        entityRefs: [{ entityId: city.id, parameter: 'city', entityStartPos: start, entityEndPos: start + 5 }],
      },
      { utterance: 'I want to book a flight' },
      { utterance: 'reserve a plane ticket for me' },
      { utterance: 'can you book me a flight' },
    ],
    responses: [{ response: 'Booking a flight to **$city**.' }],
    entities: [
      {
        name: 'city',
        entityId: city.id,
        required: true,
        value: '$city',
        prompts: ['Which city would you like to fly to?'],
      },
    ],
  });
  await post(intents, {
    name: 'goodbye',
    utterances: ['bye', 'see you later', 'goodbye for now'].map((utterance) => ({ utterance })),
    responses: [{ response: 'Goodbye! Have a nice trip.' }],
  });
  return { agent, story };
}

function tryIt(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Try it' });
}

async function say(page: Page, text: string) {
  const input = tryIt(page).getByRole('textbox', { name: 'Message' });
  await input.fill(text);
  await input.press('Enter');
}

/** The agent's answers in Try it, oldest first. */
function answers(page: Page): Locator {
  return tryIt(page).getByLabel('Agent answered');
}

test('an operator trains an agent, chats with it in Try it and reads the training report', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const name = `Flights ${Date.now()}`;
  const { agent } = await arrangeFlightAgent(request, name);

  await signInToConsole(page, demoLogin());
  await page.goto(`/bots/${agent.id}/intents`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText('Not Trained', { exact: true })).toBeVisible();

  // Before training, Try it says what to do instead of answering.
  await page.getByRole('button', { name: 'Try it' }).click();
  await expect(tryIt(page).getByText('No messages available')).toBeVisible();
  await expect(tryIt(page).getByRole('textbox', { name: 'Message' })).toHaveAttribute(
    'placeholder',
    'Start Typing.....',
  );
  await expect(tryIt(page).getByRole('textbox', { name: 'Message' })).toBeFocused();
  // An empty message is not sent.
  await tryIt(page).getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(tryIt(page).getByText('No messages available')).toBeVisible();
  await say(page, 'hello');
  await expect(tryIt(page).getByRole('alert', { name: 'Agent error' })).toHaveText(
    'This agent is not trained yet. Press Train Agent first.',
  );
  await tryIt(page).getByRole('button', { name: 'Close Try it' }).click();

  // Train Agent: the warning with its loader, then the server's message and the Trained badge.
  const warning = page.getByText('Please wait while we are building the knowledge base!!');
  const warningShown = warning.waitFor({ state: 'visible', timeout: 30_000 });
  await page.getByRole('button', { name: 'Train Agent' }).click();
  await warningShown;
  await page.screenshot({ path: 'test-results/screens/nlu-training.png' });
  await expect(toast(page, 'Agent trained on 3 intents and 11 training phrases')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Trained', { exact: true })).toBeVisible();
  await expect(warning).toBeHidden();

  // Try it: a greeting, a prompt for the missing city, then the city fills the markdown response.
  await page.getByRole('button', { name: 'Try it' }).click();
  await say(page, 'hello');
  await expect(answers(page).nth(0)).toHaveText('Hello! How can I help?');
  await expect(tryIt(page).getByTestId('try-it-answer-facts').nth(0)).toContainText('greet ·');
  await say(page, 'book a flight');
  await expect(answers(page).nth(1)).toHaveText('Which city would you like to fly to?');
  await expect(tryIt(page).getByTestId('try-it-answer-facts').nth(1)).toContainText('awaiting city');
  await say(page, 'Bombay');
  await expect(answers(page).nth(2)).toHaveText('Booking a flight to Mumbai.');
  await expect(answers(page).nth(2).locator('strong')).toHaveText('Mumbai');
  await expect(tryIt(page).getByTestId('try-it-answer-facts').nth(2)).toContainText('book_flight ·');
  await expect(tryIt(page).getByRole('textbox', { name: 'Message' })).toBeFocused();
  await tryIt(page).getByText('book_flight · ').last().hover();
  await saveScreen(page, 'nlu-try-it');

  // A new conversation starts empty.
  await tryIt(page).getByRole('button', { name: 'New conversation' }).click();
  await expect(tryIt(page).getByText('No messages available')).toBeVisible();
  await tryIt(page).getByRole('button', { name: 'Close Try it' }).click();

  // The training report: per-intent figures from cross-validation.
  await page.getByRole('button', { name: 'Training Report' }).click();
  const report = page.getByRole('dialog', { name: 'Training Report' });
  await expect(report.getByText('Cross-Validated Accuracy')).toBeVisible();
  const table = report.getByRole('table', { name: 'Per-intent figures' });
  for (const intent of ['greet', 'book_flight', 'goodbye'])
    await expect(table.getByRole('row').filter({ hasText: intent })).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: 'book_flight' }).getByRole('cell').nth(1)).toHaveText('4');
  await saveScreen(page, 'nlu-training-report');
  const duplicates = report.getByRole('region', { name: 'Near-Duplicate Phrases Across Intents' });
  await duplicates.scrollIntoViewIfNeeded();
  await expect(duplicates).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/nlu-training-report-end.png' });
  await report.getByRole('button', { name: 'Close training report' }).click();
  await expect(report).toBeHidden();

  // The agents list shows the status too.
  await page.goto('/bots');
  await page.getByLabel('Search agents').fill(name);
  await expect(page.getByRole('article', { name }).getByText('Trained', { exact: true })).toBeVisible();
});

test('an operator auto-generates training phrases from selected ones and adds one', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { agent } = await arrangeFlightAgent(request, `Phrases ${Date.now()}`);

  await signInToConsole(page, demoLogin());
  await page.goto(`/bots/${agent.id}/intents`);
  const left = page.getByRole('region', { name: 'Stories and intents' });
  await left.getByRole('button', { name: 'Open story Travel' }).click();
  await left.getByRole('button', { name: 'Open intent greet' }).click();
  const editor = page.getByRole('region', { name: 'Intent editor' });
  const phrases = editor.getByRole('list', { name: 'Training Phrases' }).getByRole('listitem');
  await expect(phrases).toHaveCount(4);

  await editor.getByRole('button', { name: /^Auto Generate/ }).click();
  await expect(toast(page, 'Select at least one training phrase')).toBeVisible();

  await editor.getByRole('checkbox', { name: 'Select training phrase "hello"' }).check();
  await editor.getByRole('checkbox', { name: 'Select training phrase "good morning"' }).check();
  await editor.getByRole('button', { name: 'Auto Generate (2)' }).click();

  const modal = page.getByRole('dialog', { name: 'Auto Generate Training Phrases' });
  await expect(modal.getByText('From 2 selected phrases')).toBeVisible();
  const candidates = modal.getByRole('group', { name: 'Generated phrases' }).getByRole('checkbox');
  await expect(candidates.first()).toBeVisible({ timeout: 30_000 });
  await expect(modal.getByRole('button', { name: 'Add Selected' })).toBeDisabled();
  const first = (
    await modal.getByRole('group', { name: 'Generated phrases' }).locator('label').first().innerText()
  ).trim();
  await candidates.first().check();
  await saveScreen(page, 'nlu-generate-phrases');
  await modal.getByRole('button', { name: 'Add Selected' }).click();
  await expect(modal).toBeHidden();
  await expect(toast(page, '1 training phrase added')).toBeVisible();
  await expect(phrases).toHaveCount(5);
  await expect(phrases.nth(0)).toHaveText(first);
  await expect(editor.getByText('Unsaved')).toBeVisible();

  // Five instead of ten.
  await editor.getByRole('button', { name: 'Auto Generate (2)' }).click();
  await expect(candidates.first()).toBeVisible({ timeout: 30_000 });
  await modal.getByText('5', { exact: true }).click();
  await expect(modal.getByRole('radio', { name: '5' })).toBeChecked();
  await expect(candidates.first()).toBeVisible({ timeout: 30_000 });
  expect(await candidates.count()).toBeLessThanOrEqual(5);
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(phrases).toHaveCount(5);

  // This agent is not trained: its training report says so.
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Intent saved')).toBeVisible();
  await page.getByRole('button', { name: 'Training Report' }).click();
  const report = page.getByRole('dialog', { name: 'Training Report' });
  await expect(report.getByText('No training report yet')).toBeVisible();
  await saveScreen(page, 'nlu-training-report-empty');
});
