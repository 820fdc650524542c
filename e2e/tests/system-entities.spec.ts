import type { Page } from '@playwright/test';
import { accessibilityChecked } from '../support/accessibility';
import { apiToken, demoLogin, expect, saveScreen, signInToConsole, test } from '../support/fixtures';

/** The next 15 February on or after today (the browser and the test share this machine's clock and zone). */
function nextFifteenthOfFebruary(): string {
  const today = new Date();
  const todayIso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  const year = todayIso > `${today.getFullYear()}-02-15` ? today.getFullYear() + 1 : today.getFullYear();
  return `${year}-02-15`;
}

function tryIt(page: Page) {
  return page.getByRole('complementary', { name: 'Try it' });
}

test('an operator books a flight in Try it and the date and time are read as written', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { email, password } = demoLogin();
  const headers = { authtoken: await apiToken(request, email, password) };
  // By name: other stories add agents, and the list shows the newest first, a page at a time.
  const list = await (
    await request.get(`/api/agents?name=${encodeURIComponent('Demo Travel Assistant')}`, { headers })
  ).json();
  const travel = (list.data.agents as { id: string; name: string }[]).find(
    (agent) => agent.name === 'Demo Travel Assistant',
  )!;
  expect(travel, 'the demo travel agent of the first-start seed').toBeTruthy();
  // The demo agent trains on the first start.
  await expect
    .poll(
      async () =>
        (await (await request.get(`/api/agents/${travel.id}/training`, { headers })).json()).data.trainingStatus,
      {
        timeout: 90_000,
      },
    )
    .toBe('trained');

  await signInToConsole(page, demoLogin());
  await page.goto(`/bots/${travel.id}/intents`);
  await expect(page.getByRole('heading', { name: 'Demo Travel Assistant', level: 1 })).toBeVisible();
  // The intents screen is checked as it shows, before Try it dims it.
  await accessibilityChecked(page);
  await page.getByRole('button', { name: 'Try it' }).click();
  const input = tryIt(page).getByRole('textbox', { name: 'Message' });
  await input.fill("book a flight to Mumbai on 15/2 at 3 o'clock pm");
  await input.press('Enter');

  // 15/2 is day/month (region IN), the next 15 February; 3 o'clock pm is 15:00, not 03:00.
  const answer = tryIt(page).getByLabel('Agent answered').last();
  await expect(answer).toContainText('Great, I will look for flights to Mumbai.');
  await expect(answer.locator('strong')).toHaveText('Mumbai');
  await expect(answer).toContainText(`${nextFifteenthOfFebruary()} 15:00`);
  await expect(tryIt(page).getByTestId('try-it-answer-facts').last()).toContainText('book_flight ·');
  await expect(input).toBeFocused();
  await saveScreen(page, 'try-it-date-and-time');
  await tryIt(page).getByRole('button', { name: 'Close Try it' }).click();
  await expect(tryIt(page)).toBeHidden();
});
