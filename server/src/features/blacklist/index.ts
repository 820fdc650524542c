import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Blocklist } from '../../platform/messaging/broadcast-ports';
import type { ChannelMessaging } from '../../platform/messaging/channel-messaging';

/** The blacklist and opt-outs (issue 8; platform §2.2 /campaigns/blacklist, §7.5). */
export function blacklistFeature(
  app: FastifyInstance,
  deps: { db: Db; config: Config; messaging: ChannelMessaging },
): { blocklist: Blocklist } {
  // PLACEHOLDER (helper H2 builds this feature)
  void app;
  void deps;
  return { blocklist: { blocked: async () => new Map() } };
}
