import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createCustomerLookup } from '../../platform/customer-lookup';
import type { FileStore } from '../../platform/files';
import type { Jobs } from '../../platform/jobs';
import type { Blocklist, RateCard } from '../../platform/messaging/broadcast-ports';
import type { ChannelMessaging } from '../../platform/messaging/channel-messaging';
import type { EventBus } from '../../platform/realtime/bus';
import type { SessionLocks } from '../../platform/session-locks';
import { createBroadcastReader } from './broadcasts-read';
import { registerBroadcastsRoutes } from './broadcasts.routes';
import { createBroadcastsService } from './broadcasts.service';
import { createBroadcastPipeline, type SendGuard } from './pipeline';

export { BROADCAST_SEND_JOB, type GuardVerdict, type SendGuard } from './pipeline';

export interface BroadcastsDeps {
  db: Db;
  jobs: Jobs;
  bus: EventBus;
  config: Config;
  files: FileStore;
  messaging: ChannelMessaging;
  blocklist: Blocklist;
  rates: RateCard;
  /** Campaign rules asked before each batch is sent (see PipelineDeps.guard). */
  guard?: SendGuard;
  /** Which process sends through a channel (see PipelineDeps.locks). */
  locks?: SessionLocks;
}

/**
 * Broadcast (issue 8): the send screen's calls (variables, media check, pre-send check, estimate,
 * send), the outbox and its paced, retrying, crash-safe sending pipeline, and the list, detail
 * and message status reads.
 */
export function broadcastsFeature(app: FastifyInstance, deps: BroadcastsDeps) {
  const pipeline = createBroadcastPipeline({
    db: deps.db,
    jobs: deps.jobs,
    bus: deps.bus,
    config: deps.config,
    messaging: deps.messaging,
    blocklist: deps.blocklist,
    locks: deps.locks,
    guard: deps.guard,
    log: app.log,
  });
  const reader = createBroadcastReader({ db: deps.db });
  const broadcasts = createBroadcastsService({
    db: deps.db,
    config: deps.config,
    files: deps.files,
    messaging: deps.messaging,
    blocklist: deps.blocklist,
    rates: deps.rates,
    customers: createCustomerLookup(deps.db),
    queue: pipeline,
    reader,
  });
  registerBroadcastsRoutes(app, { broadcasts, reads: reader });
  // The job worker starts once the app is ready, and first resumes what a stopped or killed
  // server left in the outbox; on close (SIGTERM) sends in flight finish and are recorded.
  app.addHook('onReady', async () => {
    await pipeline.start();
  });
  app.addHook('onClose', async () => {
    await pipeline.stop();
    await deps.locks?.close();
  });
  return { broadcasts, pipeline, reader };
}
