import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { FileStore } from '../../platform/files';
import type { ChannelMessaging } from '../../platform/messaging/channel-messaging';
import type { VendorAdapters } from '../../platform/messaging/adapters';
import type { EventBus } from '../../platform/realtime/bus';
import type { SecretBox } from '../../platform/secrets';
import { registerChannelRoutes } from './channels.routes';
import { createChannelsService } from './channels.service';
import { createMediaLinks } from './media-links';
import { registerMediaRoutes } from './media.routes';
import { createMessagingService } from './messaging.service';
import { registerWebhookRoutes } from './webhooks.routes';

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
  const media = createMediaLinks({ secrets: deps.secrets, files: deps.files, publicUrl: deps.config.publicUrl });
  const messaging = createMessagingService({ ...deps, media, log: app.log });
  const channels = createChannelsService({ ...deps, messaging, media });
  registerChannelRoutes(app, { channels });
  registerWebhookRoutes(app, { messaging });
  registerMediaRoutes(app, { media });
  return { messaging };
}
