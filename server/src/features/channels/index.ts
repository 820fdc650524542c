import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { FileStore } from '../../platform/files';
import type { ChannelMessaging } from '../../platform/messaging/channel-messaging';
import type { VendorAdapters } from '../../platform/messaging/adapters';
import type { EventBus } from '../../platform/realtime/bus';
import type { SecretBox } from '../../platform/secrets';

export interface ChannelsDeps {
  db: Db;
  secrets: SecretBox;
  adapters: VendorAdapters;
  bus: EventBus;
  config: Config;
  files: FileStore;
}

/**
 * Channels (issue 7; platform §3.8, §5, §7.3): CRUD with vendor credentials sealed at rest, the
 * vendor offer, test connection, the public webhook routes and the message log. Returns the
 * messaging service the other features send through.
 */
export function channelsFeature(app: FastifyInstance, deps: ChannelsDeps): { messaging: ChannelMessaging } {
  // PLACEHOLDER (helper B builds this feature)
  void app;
  void deps;
  const missing = () => {
    throw new Error('channels feature is being built');
  };
  return {
    messaging: {
      channel: async () => missing(),
      channelById: async () => missing(),
      sendTemplate: async () => missing(),
      sendSession: async () => missing(),
      ingest: async () => missing(),
      onTemplateStatus: () => undefined,
      onInbound: () => undefined,
      onStatus: () => undefined,
    },
  };
}
