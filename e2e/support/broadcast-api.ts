import type { APIRequestContext } from '@playwright/test';
import { apiToken, demoLogin, expect } from './fixtures';

/**
 * Sends the demo template order_update on the demo Sandbox channel through the API (arranging
 * data, not the story), with the Body {{1}} greeting filled from each customer's name. Answers
 * the broadcast id.
 */
export async function sendOrderUpdate(request: APIRequestContext, phoneNumbers: string[]): Promise<string> {
  const { email, password } = demoLogin();
  const headers = { authtoken: await apiToken(request, email, password) };
  const channels = await (await request.get('/api/channels?perPage=200', { headers })).json();
  const channel = channels.data.channelConfig.find((entry: { vendorString: string; name: string }) =>
    /sandbox/i.test(`${entry.vendorString} ${entry.name}`),
  );
  expect(channel, 'the demo Sandbox channel').toBeTruthy();
  const templates = await (
    await request.get(`/api/templates?channelId=${channel.id}&status=APPROVED&name=order_update`, { headers })
  ).json();
  const template = templates.data.templates.find((entry: { name: string }) => entry.name === 'order_update');
  expect(template, 'the APPROVED demo template order_update').toBeTruthy();
  const response = await request.post('/api/broadcasts', {
    headers,
    data: {
      channelId: channel.id,
      phoneNumber: phoneNumbers,
      message: { template: { templateId: 'order_update', templateUId: template.id } },
      columnMapping: [
        { variable: 'header.1', type: 'static', value: '#50107' },
        { variable: 'body.1', type: 'column', value: 'name' },
        { variable: 'body.2', type: 'static', value: '#50107' },
        { variable: 'body.3', type: 'static', value: '28 Nov' },
        { variable: 'button2', type: 'static', value: '50107' },
      ],
    },
  });
  const body = await response.json();
  expect(body.status, JSON.stringify(body)).toBe(true);
  return body.data.data.id as string;
}

/** Waits until every message of a broadcast has left (sent, blocked or failed: nothing pending). */
export async function waitUntilSent(request: APIRequestContext, broadcastId: string): Promise<void> {
  const { email, password } = demoLogin();
  const headers = { authtoken: await apiToken(request, email, password) };
  await expect
    .poll(
      async () => {
        const body = await (await request.get(`/api/broadcasts/${broadcastId}`, { headers })).json();
        return body.data?.data?.progress?.pending;
      },
      { timeout: 60_000, message: 'the broadcast leaves the outbox' },
    )
    .toBe(0);
}
