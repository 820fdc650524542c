import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Channel } from '@parley/contracts/channels';
import { channelMessageEvents, sandboxMessages } from '../../db/schema/channels';
import { createSandboxAdapter } from '../../platform/messaging/sandbox-adapter';
import type { ChannelMessaging } from '../../platform/messaging/channel-messaging';
import type { AdapterChannel, TemplateMessage } from '../../platform/messaging/vendor-adapter';
import { as, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/test-app';
import { createSandboxRepository } from './sandbox.repository';
import { createSandboxService } from './sandbox.service';

/**
 * The Sandbox's clock keeps pace with a broadcast: thousands of messages handed to the Sandbox
 * vendor all reach delivered within seconds of its delay, not one status a second. The app's own
 * job worker and webhook pipeline play the statuses back; the messages are handed to the phone
 * through the vendor port, as the broadcast pipeline's sends do.
 */

const MESSAGES = 2000;
/** Generous for a slow shared machine; one status job a second (the old clock) needs over half an hour. */
const BOUND_SECONDS = 90;

let context: TestContext;
let admin: Tenant;
let channel: Channel;

beforeAll(async () => {
  context = await createTestApp({ withJobs: true, env: { PARLEY_SANDBOX_DELAY_SECONDS: '1' } });
  admin = await createTenant(context);
  const created = await context.app.inject({
    method: 'POST',
    url: '/api/channels',
    headers: as(admin.token),
    payload: { name: 'Sandbox pace', type: 4, vendor: 0, data: { contactId: '919000000001', failureRate: '0' } },
  });
  expect(created.statusCode, created.body).toBe(200);
  channel = (created.json() as { data: { channelConfig: Channel } }).data.channelConfig;
});
afterAll(async () => {
  await context?.close();
});

function message(index: number): TemplateMessage {
  return {
    to: `+9190${String(10_000_000 + index).padStart(8, '0')}`,
    template: {
      name: 'order_update',
      language: 'en_US',
      category: 'UTILITY',
      parameterFormat: 'POSITIONAL',
      components: [{ type: 'BODY', text: 'Hello {{1}}', example: { body_text: [['A']] } }],
      vendorTemplateId: null,
    },
    values: { body: { '1': `Customer ${index}` } },
  };
}

describe('the Sandbox clock', () => {
  it(`moves ${MESSAGES} messages of a broadcast to delivered within seconds of its delay`, async () => {
    // A second Sandbox phone on the same database and queue: the app's worker plays its statuses.
    const phone = createSandboxService({
      repository: createSandboxRepository(context.database.db),
      jobs: context.jobs,
      messaging: () => ({}) as ChannelMessaging,
      delaySeconds: 1,
      publish: async () => undefined,
    }).phone;
    const adapter = createSandboxAdapter({ phone });
    const target: AdapterChannel = {
      id: channel.id,
      enterpriseId: admin.enterpriseId,
      type: 4,
      vendor: 0,
      contactId: '919000000001',
      credentials: { contactId: '919000000001', failureRate: '0' },
      webhook: { key: '', url: '', verifyToken: '', secret: '' },
    };
    const ids: string[] = [];
    const lanes = 20;
    await Promise.all(
      Array.from({ length: lanes }, async (_, lane) => {
        for (let index = lane; index < MESSAGES; index += lanes)
          ids.push((await adapter.sendTemplate(target, message(index))).vendorMessageId);
      }),
    );
    const started = Date.now();
    // The phone's rows move first; Parley stores the statuses from the callback that follows, so
    // both are read until they are complete (or the bound runs out).
    const deliveredOnPhone = () =>
      context.database.db
        .select({ count: sql<number>`count(*)::int` })
        .from(sandboxMessages)
        .where(and(eq(sandboxMessages.channelId, channel.id), inArray(sandboxMessages.status, ['delivered', 'read'])));
    const deliveredEvents = () =>
      context.database.db
        .select({ count: sql<number>`count(*)::int` })
        .from(channelMessageEvents)
        .where(and(eq(channelMessageEvents.channelId, channel.id), eq(channelMessageEvents.status, 'delivered')));
    let delivered = 0;
    let events = 0;
    while (Date.now() - started < BOUND_SECONDS * 1000) {
      delivered = Number((await deliveredOnPhone())[0]!.count);
      events = Number((await deliveredEvents())[0]!.count);
      if (delivered === MESSAGES && events === MESSAGES) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(delivered).toBe(MESSAGES);
    // Parley heard every one of them through its webhook: one delivered event per message, no more.
    expect(events).toBe(MESSAGES);
    console.info(
      `sandbox clock: ${MESSAGES} messages delivered ${((Date.now() - started) / 1000).toFixed(1)} s after the last send`,
    );
  }, 240_000);
});
