import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { ChannelMessaging } from '../../platform/messaging/channel-messaging';
import type { SandboxPhonePort } from '../../platform/messaging/sandbox-port';
import type { Jobs } from '../../platform/jobs';
import type { EventBus } from '../../platform/realtime/bus';

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
  // PLACEHOLDER (helper C builds this feature)
  void app;
  void deps;
  return {
    phone: {
      deliver: async () => {
        throw new Error('sandbox feature is being built');
      },
      reviewTemplate: async () => {
        throw new Error('sandbox feature is being built');
      },
    },
  };
}
