import { and, eq } from 'drizzle-orm';
import type { Config } from '../src/config';
import type { Db } from '../src/db/client';
import { channelMessages } from '../src/db/schema/channels';
import { createMessagingService } from '../src/features/channels/messaging.service';
import { createVendorAdapters } from '../src/platform/messaging/adapters';
import type { SandboxPhonePort } from '../src/platform/messaging/sandbox-port';
import { createOutboundHttp } from '../src/platform/outbound-http';
import type { EventBus } from '../src/platform/realtime/bus';
import { createSecretBox } from '../src/platform/secrets';

const noSandbox: SandboxPhonePort = {
  deliver: () => Promise.reject(new Error('the Sandbox is not part of this harness')),
  reviewTemplate: () => Promise.reject(new Error('the Sandbox is not part of this harness')),
};

/**
 * The real messaging service (the one app.ts hands to features) over a test database and bus, with
 * the test app's secret key, sending to fake vendors: for tests that drive a feature's service
 * directly with ChannelMessaging as its dependency (e.g. with a short vendor time limit), without
 * the app and its own workers.
 */
export function createTestMessaging(deps: {
  db: Db;
  bus: EventBus;
  config: Pick<Config, 'publicUrl' | 'defaultPhoneRegion'>;
  vendorBaseUrls: Record<string, string>;
  timeoutMs?: number;
  onError?: (details: object, message: string) => void;
}) {
  const http = createOutboundHttp({ allow: ['127.0.0.1'], timeoutMs: deps.timeoutMs ?? 10_000 });
  return createMessagingService({
    db: deps.db,
    secrets: createSecretBox('test-secret-key-0123456789'),
    adapters: createVendorAdapters({ http, baseUrls: deps.vendorBaseUrls, sandbox: noSandbox }),
    bus: deps.bus,
    config: deps.config,
    log: { error: deps.onError ?? (() => undefined) },
  });
}

/** A channel's stored messages (channel_messages), optionally of one vendor message id or direction. */
export function channelMessageRows(
  db: Db,
  channelId: string,
  where: { vendorMessageId?: string; direction?: string } = {},
) {
  return db
    .select()
    .from(channelMessages)
    .where(
      and(
        eq(channelMessages.channelId, channelId),
        where.vendorMessageId ? eq(channelMessages.vendorMessageId, where.vendorMessageId) : undefined,
        where.direction ? eq(channelMessages.direction, where.direction) : undefined,
      ),
    );
}
