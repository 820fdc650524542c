import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, demoLogin, expect, saveScreen, sideNav, signInToConsole, test, toast } from '../support/fixtures';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Today as the cards write it ('dd MMM yyyy'). */
function today(): string {
  const now = new Date();
  return `${String(now.getDate()).padStart(2, '0')} ${MONTHS[now.getMonth()]} ${now.getFullYear()}`;
}

async function adminToken(request: APIRequestContext) {
  const login = demoLogin();
  return apiToken(request, login.email, login.password);
}

/** Arranges an agent through the API (the stories under test are the list and details pages). */
async function createAgentByApi(request: APIRequestContext, token: string, name: string, type: 'nlp' | 'prompt') {
  const response = await request.post('/api/agents', {
    headers: { authtoken: token },
    data: { name, description: `About ${name}`, type },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()).data as { id: string; name: string };
}

async function openSkills(page: Page) {
  await sideNav(page).getByRole('link', { name: 'Skills' }).click();
  await expect(page.getByRole('heading', { name: 'Skills', level: 1 })).toBeVisible();
}

async function searchAgents(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Search agents' }).fill(text);
}

function agentCard(page: Page, name: string) {
  return page.getByRole('article', { name, exact: true });
}

test('an admin creates an NLP agent, edits it, finds it, opens it, trains it and tries it', async ({ page }) => {
  const name = `Support Bot ${Date.now()}`;
  await signInToConsole(page, demoLogin());
  await openSkills(page);

  await page.getByRole('button', { name: 'Create New Agent' }).first().click();
  const modal = page.getByRole('dialog', { name: 'Create New Agent' });
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal.getByText('Name is required')).toBeVisible();
  await expect(modal.getByText('Description is required')).toBeVisible();

  await modal.getByLabel('Name').fill(name);
  await expect(modal.getByRole('radio', { name: 'Prompt Based' })).toBeVisible();
  await modal.getByRole('radio', { name: 'NLP Based' }).check();
  await modal.getByLabel('Description').fill('Answers billing questions');
  await saveScreen(page, 'agents-modal');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Agent Created  Successfully')).toBeVisible();
  await expect(modal).toBeHidden();

  const card = agentCard(page, name);
  await expect(card).toContainText('Agent Type');
  await expect(card).toContainText('NLP');
  await expect(card).toContainText('Not Trained');
  await expect(card).toContainText(`Created On${today()}`);
  await expect(card).toContainText(/\d{2}:\d{2} (AM|PM)/);

  // The same name again, in another case, is refused with the server's message.
  await page.getByRole('button', { name: 'Create New Agent' }).first().click();
  const again = page.getByRole('dialog', { name: 'Create New Agent' });
  await again.getByLabel('Name').fill(name.toUpperCase());
  await again.getByLabel('Description').fill('A second one');
  await again.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'duplication of name')).toBeVisible();
  await expect(again.getByText('duplication of name')).toBeVisible();
  await again.getByRole('button', { name: 'Cancel' }).click();
  await expect(again).toBeHidden();

  // Edit the description from the card's menu.
  await card.getByRole('button', { name: 'Agent actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Agent' });
  await expect(edit.getByLabel('Name')).toHaveValue(name);
  await edit.getByLabel('Description').fill('Answers billing and refund questions');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Agent Updated Successfully')).toBeVisible();
  await expect(card).toContainText('Answers billing and refund questions');
  await saveScreen(page, 'agents-list');

  // Search: a miss, then a hit.
  await searchAgents(page, `${name} nothing`);
  await expect(page.getByText(`No agents match "${name} nothing"`)).toBeVisible();
  await searchAgents(page, name.slice(8).toLowerCase());
  await expect(card).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);

  // Open it: an NLP agent lands on its intents.
  await card.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/bots\/[0-9a-f-]{36}\/intents$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText([
    'Intents',
    'Entities',
    'Configuration',
    'Designer',
    'Prompt Configuration',
    'GenAI',
    'Call Classification',
    'Sentiment',
    'NLP Report',
  ]);
  await expect(page.getByRole('tab', { name: 'Intents' })).toHaveAttribute('aria-selected', 'true');

  // Train Agent: the wait notice while the server works, then its message (nothing to train yet).
  await page.route('**/api/agents/*/train', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Train Agent' }).click();
  await expect(page.getByText('Please wait while we are building the knowledge base!!')).toBeVisible();
  await expect(
    toast(page, 'Add at least one intent with two training phrases before training the agent'),
  ).toBeVisible();
  await expect(page.getByText('Please wait while we are building the knowledge base!!')).toBeHidden();

  // Try it: the panel opens at the right and the tabs and content are dimmed.
  const main = page.getByTestId('agent-details-main');
  await page.getByRole('button', { name: 'Try it' }).click();
  const panel = page.getByRole('complementary', { name: 'Try it' });
  await expect(panel).toBeVisible();
  await expect(main).toHaveCSS('opacity', '0.2');
  await expect(main).toHaveCSS('pointer-events', 'none');
  await expect(panel.getByText('No messages available')).toBeVisible();
  const input = panel.getByPlaceholder('Start Typing.....');
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByText('No messages available')).toBeVisible();
  await input.fill('Where is my refund?');
  await input.press('Enter');
  await expect(panel.getByText('Where is my refund?')).toBeVisible();
  await expect(panel.getByRole('alert', { name: 'Agent error' })).toHaveText(
    'This agent is not trained yet. Press Train Agent first.',
  );
  await expect(input).toHaveValue('');
  // The viewport as the user sees it (the panel's height follows the window).
  await page.screenshot({ path: 'test-results/screens/agent-details-try-it.png' });
  await panel.getByRole('button', { name: 'Close Try it' }).click();
  await expect(panel).toBeHidden();
  await expect(main).toHaveCSS('opacity', '1');

  await page.getByRole('button', { name: 'Back to Agents' }).click();
  await expect(page).toHaveURL(/\/bots$/);
});

test('a prompt agent opens on its prompt with the Prompt Configuration and Knowledge Base tabs', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const agent = await createAgentByApi(request, token, `Prompt Bot ${Date.now()}`, 'prompt');
  await signInToConsole(page, demoLogin());
  await openSkills(page);
  await searchAgents(page, agent.name);
  const card = agentCard(page, agent.name);
  await expect(card).toContainText('PROMPT');
  await card.getByRole('link', { name: agent.name }).click();

  await expect(page).toHaveURL(new RegExp(`/bots/${agent.id}/prompt$`));
  await expect(page.getByRole('tab')).toHaveText(['Prompt Configuration', 'Knowledge Base']);
  await expect(page.getByRole('tab', { name: 'Prompt Configuration' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Knowledge Base' }).click();
  await expect(page).toHaveURL(new RegExp(`/bots/${agent.id}/gen-ai/prompt$`));
  await expect(page.getByRole('tab', { name: 'Knowledge Base' })).toHaveAttribute('aria-selected', 'true');
});

test('deleting an agent asks first; an agent with stories is refused', async ({ page, request }) => {
  const token = await adminToken(request);
  const stamp = Date.now();
  const empty = await createAgentByApi(request, token, `Disposable ${stamp}`, 'nlp');
  const busy = await createAgentByApi(request, token, `Busy ${stamp}`, 'nlp');
  const story = await request.post(`/api/agents/${busy.id}/stories`, {
    headers: { authtoken: token },
    data: { name: 'Greetings' },
  });
  expect(story.ok()).toBe(true);

  await signInToConsole(page, demoLogin());
  await openSkills(page);
  await searchAgents(page, String(stamp));
  await expect(page.getByRole('article')).toHaveCount(2);

  await agentCard(page, empty.name).getByRole('button', { name: 'Agent actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this agent?' });
  await expect(confirm).toContainText(empty.name);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(agentCard(page, empty.name)).toBeVisible();

  await agentCard(page, empty.name).getByRole('button', { name: 'Agent actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Agent deleted')).toBeVisible();
  await expect(agentCard(page, empty.name)).toHaveCount(0);

  await agentCard(page, busy.name).getByRole('button', { name: 'Agent actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Agent has Stories and Intents attached to it. Cannot be deleted')).toBeVisible();
  await expect(agentCard(page, busy.name)).toBeVisible();
});

test('the Sentiment tab explains how to configure analytics', async ({ page, request }) => {
  const token = await adminToken(request);
  const agent = await createAgentByApi(request, token, `Analytics Bot ${Date.now()}`, 'nlp');
  await signInToConsole(page, demoLogin());
  await page.goto(`/bots/${agent.id}/sentiment`);
  await expect(page.getByRole('tab', { name: 'Sentiment' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Sentiment Analytics', { exact: true })).toBeVisible();
  await expect(
    page.getByText(/Analytics is not configured\. Set PARLEY_ANALYTICS_URL to the base address of your analytics/),
  ).toBeVisible();
  await saveScreen(page, 'agent-sentiment-not-configured');

  // An unknown agent says so and leads back.
  await page.goto('/bots/00000000-0000-4000-8000-000000000000/intents');
  await expect(page.getByRole('heading', { name: 'Agent not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Agents' }).click();
  await expect(page.getByRole('heading', { name: 'Skills', level: 1 })).toBeVisible();
});
