import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Template } from '@parley/contracts/templates';
import type { ChannelMessage, SandboxMessage } from '@parley/contracts/channels';
import { createTenant, createTestApp, json, type Tenant, type TestContext } from '../../../test/test-app';
import {
  caller,
  carouselTemplate,
  picture,
  sandboxChannel,
  upload,
  utilityTemplate,
  type Envelope,
} from './template-test-fixtures';

let context: TestContext;
let admin: Tenant;
let call: ReturnType<typeof caller>;
let channel: { id: string; name: string };

beforeAll(async () => {
  context = await createTestApp({ withJobs: true, env: { PARLEY_SANDBOX_DELAY_SECONDS: '0' } });
  call = caller(context);
  admin = await createTenant(context);
  channel = await sandboxChannel(context, admin);
});
afterAll(async () => {
  await context?.close();
});

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
const read = async (id: string) => json<Envelope<Template>>(await call(admin, 'GET', `/api/templates/${id}`)).data;

describe('templates on the Sandbox', () => {
  it('is approved by the Sandbox’s review webhook, and the change is published', async () => {
    const since = await context.bus.lastId();
    const files = [
      await upload(context, admin, 'coats.png', picture()),
      await upload(context, admin, 'scarves.png', picture()),
    ];
    const created = await call(
      admin,
      'POST',
      '/api/templates',
      carouselTemplate(
        channel.id,
        'winter_picks',
        files.map((file) => file.id),
      ) as never,
    );
    expect(json<Envelope<Template>>(created).data.status).toBe('PENDING');
    const id = json<Envelope<Template>>(created).data.id;
    const approved = await waitFor(
      () => read(id),
      (template) => template.status !== 'PENDING',
    );
    expect(approved).toMatchObject({ status: 'APPROVED', reason: null });
    const events = await context.bus.since(admin.enterpriseId, admin.userId, since);
    expect(events.filter((event) => event.name === 'template.status').map((event) => event.payload)).toContainEqual({
      templateId: id,
      status: 'APPROVED',
      reason: null,
    });
    const sync = await call(admin, 'POST', `/api/templates/${id}/sync`);
    expect(json<Envelope<Template>>(sync).data.status).toBe('APPROVED');
  });

  it('is rejected with the Sandbox’s reason for a name asking for it', async () => {
    const created = await call(
      admin,
      'POST',
      '/api/templates',
      utilityTemplate(channel.id, 'sandbox_reject_me') as never,
    );
    const id = json<Envelope<Template>>(created).data.id;
    const rejected = await waitFor(
      () => read(id),
      (template) => template.status !== 'PENDING',
    );
    expect(rejected).toMatchObject({ status: 'REJECTED', reason: 'INVALID_FORMAT' });
  });

  it('sends an APPROVED template as a test: logged on the channel and received by the Sandbox phone', async () => {
    const created = await call(admin, 'POST', '/api/templates', utilityTemplate(channel.id, 'order_shipped') as never);
    const id = json<Envelope<Template>>(created).data.id;
    await waitFor(
      () => read(id),
      (template) => template.status === 'APPROVED',
    );

    const badKey = await call(admin, 'POST', `/api/templates/${id}/test-send`, {
      to: '+919876543210',
      values: { 'card1.body.1': 'x' },
    });
    expect(badKey.statusCode).toBe(400);
    expect(json<Envelope>(badKey).fieldErrors).toEqual({
      'values.card1.body.1': 'This template has no variable card1.body.1',
    });
    const badNumber = await call(admin, 'POST', `/api/templates/${id}/test-send`, { to: '12' });
    expect(badNumber.statusCode).toBe(400);
    expect(json<Envelope>(badNumber).fieldErrors).toEqual({ to: 'Invalid number format' });

    const response = await call(admin, 'POST', `/api/templates/${id}/test-send`, {
      to: '+91 98765 43210',
      values: { '1': 'Ravi', 'header.1': '#2002', button1: '2002' },
    });
    expect(response.statusCode).toBe(200);
    const sent = json<Envelope<{ messageId: string; vendorMessageId: string; status: string }>>(response).data;
    expect(sent.vendorMessageId).not.toBe('');

    const log = json<Envelope<{ messages: ChannelMessage[] }>>(
      await call(admin, 'GET', `/api/channels/${channel.id}/messages`),
    ).data.messages;
    const logged = log.find((message) => message.id === sent.messageId);
    expect(logged).toMatchObject({
      direction: 'out',
      customerNumber: '+919876543210',
      kind: 'template',
      source: 'test',
      vendorMessageId: sent.vendorMessageId,
    });
    expect(logged!.content).toMatchObject({
      template: { name: 'order_shipped', language: 'en_US' },
      values: { header: { '1': '#2002' }, body: { '1': 'Ravi', '2': 'Monday' }, buttons: { '1': '2002' } },
    });

    const thread = await waitFor(
      async () =>
        json<Envelope<{ messages: SandboxMessage[] }>>(
          await call(admin, 'GET', `/api/sandbox/channels/${channel.id}/conversations/+919876543210`),
        ).data.messages,
      (messages) => messages.some((message) => message.vendorMessageId === sent.vendorMessageId),
    );
    expect(thread.find((message) => message.vendorMessageId === sent.vendorMessageId)?.content).toMatchObject({
      type: 'template',
      values: { body: { '1': 'Ravi' } },
    });
  });
  it('test-sends a carousel: the Sandbox phone gets the cards with their stored pictures and the given values', async () => {
    const files = [
      await upload(context, admin, 'first.png', picture()),
      await upload(context, admin, 'second.png', picture()),
    ];
    const created = await call(
      admin,
      'POST',
      '/api/templates',
      carouselTemplate(
        channel.id,
        'carousel_test_send',
        files.map((file) => file.id),
      ) as never,
    );
    const id = json<Envelope<Template>>(created).data.id;
    await waitFor(
      () => read(id),
      (template) => template.status === 'APPROVED',
    );
    const response = await call(admin, 'POST', `/api/templates/${id}/test-send`, {
      to: '+919812300000',
      values: { 'card2.body.1': '₹999' },
    });
    expect(response.statusCode).toBe(200);
    const { vendorMessageId } = json<Envelope<{ vendorMessageId: string }>>(response).data;
    const thread = await waitFor(
      async () =>
        json<Envelope<{ messages: SandboxMessage[] }>>(
          await call(admin, 'GET', `/api/sandbox/channels/${channel.id}/conversations/+919812300000`),
        ).data.messages,
      (messages) => messages.some((message) => message.vendorMessageId === vendorMessageId),
    );
    const content = thread.find((message) => message.vendorMessageId === vendorMessageId)!.content as {
      values: { body: Record<string, string>; cards: { body: Record<string, string>; media: { url: string } }[] };
    };
    expect(content.values.body).toEqual({ '1': 'Asha' });
    expect(content.values.cards.map((card) => [card.body, card.media.url])).toEqual([
      [{ '1': '₹499' }, `/api/files/${files[0]!.id}`],
      [{ '1': '₹999' }, `/api/files/${files[1]!.id}`],
    ]);
  });
});
