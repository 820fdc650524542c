import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { FileStore } from '../../platform/files';
import type { ChannelMessaging } from '../../platform/messaging/channel-messaging';
import type { VendorAdapters } from '../../platform/messaging/adapters';
import type { Jobs } from '../../platform/jobs';
import type { EventBus } from '../../platform/realtime/bus';
import { registerTemplateRoutes } from './templates.routes';
import { createTemplatesService } from './templates.service';

export interface TemplatesDeps {
  db: Db;
  jobs: Jobs;
  bus: EventBus;
  config: Config;
  files: FileStore;
  adapters: VendorAdapters;
  messaging: ChannelMessaging;
}

/**
 * WhatsApp message templates (issue 7; platform §7.5, §9): CRUD validated against every limit,
 * submission to the channel's vendor, status sync (webhooks and Sync), and the test send.
 */
export function templatesFeature(app: FastifyInstance, deps: TemplatesDeps) {
  const templates = createTemplatesService(deps);
  registerTemplateRoutes(app, { templates });
  // Statuses the vendors report by webhook (Meta's message_template_status_update, the Sandbox's review).
  deps.messaging.onTemplateStatus((channel, event) => templates.applyVendorStatus(channel, event));
  return templates;
}
