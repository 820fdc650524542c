import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { FileStore } from '../../platform/files';
import type { Jobs } from '../../platform/jobs';
import type { Blocklist, RateCard } from '../../platform/messaging/broadcast-ports';
import type { ChannelMessaging } from '../../platform/messaging/channel-messaging';
import type { EventBus } from '../../platform/realtime/bus';

export interface BroadcastsDeps {
  db: Db;
  jobs: Jobs;
  bus: EventBus;
  config: Config;
  files: FileStore;
  messaging: ChannelMessaging;
  blocklist: Blocklist;
  rates: RateCard;
}

/**
 * Broadcast (issue 8): the send screen's calls (variables, media check, pre-send check, estimate,
 * send), the outbox and its paced, retrying, crash-safe sending pipeline, and the list, detail
 * and message status reads.
 */
export function broadcastsFeature(app: FastifyInstance, deps: BroadcastsDeps) {
  // PLACEHOLDER (helpers H1a and H1b build this feature)
  void app;
  void deps;
}
