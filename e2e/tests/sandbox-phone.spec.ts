import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, demoLogin, expect, saveScreen, signInToConsole, test } from '../support/fixtures';

/**
 * Issue 7, the Sandbox phone: the demo enterprise's 'Sandbox WhatsApp' channel delivers to a
 * simulated phone in the console. A test send of the seeded 'order_update' template reaches a
 * number and its tick moves from sent to read; the administrator replies as the customer (typed
 * and with a quick-reply button) and Parley receives both as inbound messages; inside the 24-hour
 * window a text from Parley reaches the phone too. Statuses come every second
 * (PARLEY_SANDBOX_DELAY_SECONDS=1 in playwright.config.ts).
 */

const CUSTOMER = '+919000000077';
const shotsDir = '/tmp/shots-C';
const screensDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-results/screens');

/** A screen for review: in e2e/test-results/screens and, for this story's author, in /tmp/shots-C. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreen(page, `sandbox-phone-${name}`);
  fs.mkdirSync(shotsDir, { recursive: true });
  fs.copyFileSync(path.join(screensDir, `sandbox-phone-${name}.png`), path.join(shotsDir, `${name}.png`));
}

async function api<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  data?: unknown,
) {
  const response = await request.fetch(url, { method, headers: { authtoken: token }, ...(data ? { data } : {}) });
  const body = (await response.json()) as { status: boolean; message: string; data: T };
  if (!body.status) throw new Error(`${method} ${url}: ${JSON.stringify(body)}`);
  return body.data;
}

interface LoggedMessage {
  direction: string;
  customerNumber: string;
  status: string;
  content: Record<string, unknown>;
}

test('a test message reaches the Sandbox phone, is read, and the customer answers', async ({ page, request }) => {
  test.setTimeout(120_000);
  const login = demoLogin();
  const token = await apiToken(request, login.email, login.password);
  const { channels } = await api<{ channels: { id: string; name: string }[] }>(
    request,
    token,
    'GET',
    '/api/sandbox/channels',
  );
  const channel = channels.find((item) => item.name === 'Sandbox WhatsApp')!;
  expect(channel).toBeDefined();
  const inbound = async () =>
    (
      await api<{ messages: LoggedMessage[] }>(
        request,
        token,
        'GET',
        `/api/channels/${channel.id}/messages?customerNumber=${encodeURIComponent(CUSTOMER)}&perPage=50`,
      )
    ).messages.filter((message) => message.direction === 'in');

  await test.step('an approved template is test-sent to a number (arranged through the API)', async () => {
    const { templates } = await api<{ templates: { id: string; status: string }[] }>(
      request,
      token,
      'GET',
      '/api/templates?name=order_update',
    );
    expect(templates[0]?.status).toBe('APPROVED');
    await api(request, token, 'POST', `/api/templates/${templates[0]!.id}/test-send`, { to: CUSTOMER, values: {} });
  });

  await signInToConsole(page, login);
  const phone = page.getByRole('figure', { name: `Sandbox phone of ${CUSTOMER}` });
  const messages = phone.getByRole('log', { name: 'Messages' });

  await test.step('the Sandbox phone opens the demo channel and the number that received it', async () => {
    await page.goto('/admin/sandbox-phone');
    await expect(page).toHaveURL(`/admin/sandbox-phone/${channel.id}`);
    await expect(page.getByRole('heading', { name: 'Sandbox Phone', level: 1 })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Sandbox Channel' })).toHaveValue('Sandbox WhatsApp');
    const numbers = page.getByRole('navigation', { name: 'Numbers' });
    await expect(numbers.getByRole('button').first()).toContainText(CUSTOMER);
    await expect(numbers.getByRole('button').first()).toContainText('your order #40213 has been shipped');
    await expect(page.getByRole('link', { name: 'Channel Settings' })).toHaveAttribute('href', '/admin/channels');
  });

  await test.step('the template is shown as the preview shows it, and its tick moves to read', async () => {
    await expect(messages).toContainText('Order #40213 update');
    await expect(messages.getByText('#40213', { exact: true })).toHaveJSProperty('tagName', 'STRONG');
    await expect(messages).toContainText('Reply STOP to stop order updates');
    await expect(messages.getByRole('button', { name: 'Talk to an agent' })).toBeVisible();
    await expect(messages.getByRole('img', { name: 'Read' })).toBeVisible({ timeout: 20_000 });
    await shot(page, 'template-read');
  });

  await test.step('replying as the customer shows the reply, and Parley receives it', async () => {
    const box = page.getByRole('textbox', { name: 'Reply as the customer' });
    await box.fill('Where is my parcel?');
    await box.press('Enter');
    await expect(box).toHaveValue('');
    const reply = messages.locator('[data-direction="from_phone"]').filter({ hasText: 'Where is my parcel?' });
    await expect(reply).toBeVisible();
    // Delivered: Parley's webhook took it.
    await expect(reply.getByRole('img', { name: 'Delivered' })).toBeVisible({ timeout: 20_000 });
    await expect
      .poll(async () => (await inbound()).map((message) => message.content.text))
      .toContain('Where is my parcel?');
  });

  await test.step('a quick-reply button answers with its payload', async () => {
    // The template's button (the bot may also have offered one under its answer to the question).
    await messages.locator('[data-template]').getByRole('button', { name: 'Talk to an agent' }).click();
    const pressed = messages.locator('[data-direction="from_phone"]').filter({ hasText: 'Talk to an agent' });
    await expect(pressed).toContainText('Quick reply');
    await expect
      .poll(async () => (await inbound()).find((message) => message.content.buttonPayload === 'Talk to an agent'))
      .toBeTruthy();
    expect((await inbound()).filter((message) => message.content.text === 'Where is my parcel?')).toHaveLength(1);
  });

  await test.step('inside the 24-hour window Parley can answer with text, and it arrives live', async () => {
    await api(request, token, 'POST', `/api/channels/${channel.id}/messages`, {
      kind: 'text',
      to: CUSTOMER,
      text: 'An agent will call you in a few minutes',
    });
    const answer = messages.locator('[data-direction="to_phone"]').filter({
      hasText: 'An agent will call you in a few minutes',
    });
    await expect(answer).toBeVisible();
    await expect(answer.getByRole('img', { name: 'Read' })).toBeVisible({ timeout: 20_000 });
    await page.mouse.move(0, 0);
    await shot(page, 'conversation');
  });

  await test.step('a Sandbox channel that fails every message shows the WhatsApp error on the phone', async () => {
    const { channelConfig } = await api<{ channelConfig: { id: string } }>(request, token, 'POST', '/api/channels', {
      name: 'Sandbox failing',
      type: 4,
      vendor: 0,
      data: { contactId: '919000000002', failureRate: '100' },
    });
    try {
      const created = await api<{ id: string }>(request, token, 'POST', '/api/templates', {
        channelId: channelConfig.id,
        name: 'payment_due',
        language: 'en_US',
        category: 'UTILITY',
        components: [
          {
            type: 'BODY',
            text: 'Hi {{1}}, your payment of {{2}} is due tomorrow.',
            example: { body_text: [['Asha', '₹1,200']] },
          },
        ],
      });
      await expect
        .poll(async () => (await api<{ status: string }>(request, token, 'GET', `/api/templates/${created.id}`)).status)
        .toBe('APPROVED');
      await api(request, token, 'POST', `/api/templates/${created.id}/test-send`, { to: CUSTOMER, values: {} });

      await page.getByRole('combobox', { name: 'Sandbox Channel' }).click();
      await page.getByRole('option', { name: 'Sandbox failing' }).click();
      await expect(page).toHaveURL(`/admin/sandbox-phone/${channelConfig.id}`);
      await expect(page.getByText('Failure rate 100 %')).toBeVisible();
      const failing = page.getByRole('figure', { name: `Sandbox phone of ${CUSTOMER}` }).getByRole('log');
      await expect(failing).toContainText('your payment of ₹1,200 is due tomorrow');
      await expect(failing.getByRole('img', { name: 'Failed' })).toBeVisible({ timeout: 20_000 });
      await expect(failing.getByRole('note')).toContainText(
        /Not delivered: 131(026|000) · (Message undeliverable|Something went wrong)/,
      );
      await page.mouse.move(0, 0);
      await shot(page, 'failed');
    } finally {
      await api(request, token, 'DELETE', `/api/channels/${channelConfig.id}`);
    }
    await page.goto(`/admin/sandbox-phone/${channel.id}`);
    await expect(messages).toContainText('An agent will call you in a few minutes');
  });

  await test.step('a number without messages says how to get one', async () => {
    await page.getByRole('textbox', { name: 'Open a number' }).fill('+919000000078');
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(page.getByRole('figure', { name: 'Sandbox phone of +919000000078' })).toContainText(
      'No messages yet. Send a test template from Message Templates',
    );
    await shot(page, 'empty-number');
  });
});
