import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { ChannelMessaging } from '../../platform/messaging/channel-messaging';
import type { SandboxPhonePort } from '../../platform/messaging/sandbox-port';
import type { Jobs } from '../../platform/jobs';
import type { EventBus } from '../../platform/realtime/bus';
import {
  createSandboxJobs,
  INBOUND_JOB,
  REVIEW_JOB,
  STATUS_JOB,
  STATUS_JOBS_PER_FETCH,
  type InboundJobData,
  type ReviewJobData,
  type StatusJobData,
} from './sandbox.jobs';
import { createSandboxRepository } from './sandbox.repository';
import { registerSandboxRoutes } from './sandbox.routes';
import { createSandboxService } from './sandbox.service';

export interface SandboxDeps {
  db: Db;
  jobs: Jobs;
  bus: EventBus;
  config: Config;
  /** The channels feature's messaging service (late-bound: the channels feature needs the Sandbox's adapter first). */
  messaging: () => ChannelMessaging;
}

/**
 * The built-in Sandbox vendor (issue 7): simulated phones that receive what Sandbox channels
 * send, play back sent → delivered → read (or a failure) as signed webhooks, review templates,
 * and let the operator reply as the customer. Also the Sandbox phone page's routes.
 */
export function sandboxFeature(app: FastifyInstance, deps: SandboxDeps): { phone: SandboxPhonePort } {
  const repository = createSandboxRepository(deps.db);
  const delaySeconds = deps.config.sandboxDelaySeconds;
  const handlers = createSandboxJobs({
    repository,
    jobs: deps.jobs,
    bus: deps.bus,
    messaging: deps.messaging,
    delaySeconds,
    log: app.log,
  });
  const sandbox = createSandboxService({
    repository,
    jobs: deps.jobs,
    messaging: deps.messaging,
    delaySeconds,
    publish: handlers.publish,
    publishMany: handlers.publishMany,
  });
  registerSandboxRoutes(app, { sandbox });
  app.addHook('onReady', async () => {
    // The clock's steps in bulk: every status job due is applied in one go (see statusBatch).
    if (deps.jobs.workBatch)
      await deps.jobs.workBatch<StatusJobData>(
        STATUS_JOB,
        (jobs) => handlers.statusBatch(jobs.map((job) => job.data)),
        { batchSize: STATUS_JOBS_PER_FETCH },
      );
    else await deps.jobs.work<StatusJobData>(STATUS_JOB, handlers.status);
    await deps.jobs.work<InboundJobData>(INBOUND_JOB, handlers.inbound);
    await deps.jobs.work<ReviewJobData>(REVIEW_JOB, handlers.review);
  });
  return { phone: sandbox.phone };
}
