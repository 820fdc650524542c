import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Blocklist } from '../../platform/messaging/broadcast-ports';
import type { ChannelMessaging } from '../../platform/messaging/channel-messaging';
import { customerPhone } from '../../platform/phone';
import { createBlacklistRepository } from './blacklist.repository';
import { registerBlacklistRoutes } from './blacklist.routes';
import { createBlacklistService } from './blacklist.service';

/**
 * The blacklist and opt-outs (issue 8; platform §2.2 /campaigns/blacklist, §7.5): numbers added
 * by hand or from a CSV, and the senders of an inbound 'STOP' or 'रोकें' on any channel (source
 * 'opt_out', once per number). Beyond the spec, an inbound 'START' on its own removes an opt-out,
 * as WhatsApp users expect; it never removes a number the enterprise listed itself (manual or
 * import). The broadcast reads the list through the Blocklist port at check and at send time.
 */
export function blacklistFeature(
  app: FastifyInstance,
  deps: { db: Db; config: Config; messaging: ChannelMessaging },
): { blocklist: Blocklist } {
  const blacklist = createBlacklistService({
    repository: createBlacklistRepository(deps.db),
    normalizePhone: customerPhone,
    defaultPhoneRegion: deps.config.defaultPhoneRegion,
  });
  registerBlacklistRoutes(app, { blacklist });
  deps.messaging.onInbound((channel, message) => blacklist.handleInbound(channel, message));
  return { blocklist: blacklist.blocklist };
}
