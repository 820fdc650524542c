import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import type { RateCard, SendGuard } from '../../platform/messaging/broadcast-ports';
import type { EventBus } from '../../platform/realtime/bus';
import { registerCampaignsRoutes } from './campaigns.routes';
import { createCampaignsService } from './campaigns.service';
import { createCampaignLists } from './lists';
import { createCampaignRuns, type ActivityAnnouncer } from './runs';
import { checkBudget } from './protection/budget';
import { createFailoverSweep } from './protection/failover';
import { createCampaignGuard } from './protection/guard';
import { registerCampaignRulesRoutes } from './protection/rules.routes';
import { registerCampaignReportRoutes, trackingValues } from './report/index';

export { createCampaignGuard };

/** Sent to the enterprise whenever an activity changes state: { id, campaignId, state }. */
export const CAMPAIGN_ACTIVITY_EVENT = 'campaign.activity';

/**
 * The guard the broadcast pipeline asks before each batch (app.ts hands it to broadcastsFeature,
 * which is built first): quiet hours and frequency caps, and the click-tracking tokens of URL buttons.
 */
export function campaignSendGuard(deps: { db: Db; config: Config }): SendGuard {
  return createCampaignGuard({
    db: deps.db,
    config: deps.config,
    transformValues: trackingValues(deps.db, deps.config),
  });
}

export interface CampaignsDeps {
  db: Db;
  config: Config;
  rates: RateCard;
  /** The realtime bus: campaign.activity tells open consoles that an activity changed state. */
  bus?: Pick<EventBus, 'publishMany'>;
  /** The broadcast pipeline (broadcastsFeature's `pipeline`): a run's broadcasts are queued on it. */
  pipeline: { enqueue(broadcastId: string, options: { tx: DbOrTx }): Promise<void> };
  /** Scheduler interval (ms); tests drive `runs.tick()` themselves. */
  schedulerIntervalMs?: number;
  /** Off in tests that tick the scheduler by hand. */
  autoStart?: boolean;
}

/**
 * Campaigns (issue 21): the editor's CRUD and live audience count, uploaded lists, the
 * maker-checker activities, the scheduler whose runs send through the broadcast pipeline, and
 * the test send.
 */
export function campaignsFeature(app: FastifyInstance, deps: CampaignsDeps) {
  const bus = deps.bus;
  const announce: ActivityAnnouncer | undefined = bus
    ? async (changes) => {
        await bus
          .publishMany(
            changes.map(({ enterpriseId, ...payload }) => ({ enterpriseId, name: CAMPAIGN_ACTIVITY_EVENT, payload })),
          )
          .catch((error: unknown) => app.log.error({ err: error }, 'campaign.activity event'));
      }
    : undefined;
  const runs = createCampaignRuns({
    db: deps.db,
    queue: deps.pipeline,
    log: app.log,
    intervalMs: deps.schedulerIntervalMs,
    announce,
  });
  const campaigns = createCampaignsService({
    db: deps.db,
    config: deps.config,
    rates: deps.rates,
    runs,
    checkBudget,
    announce,
  });
  const lists = createCampaignLists({ db: deps.db, defaultRegion: deps.config.defaultPhoneRegion });
  // Channel failover: a campaign message that fails for good (or is not delivered in time) is sent
  // once on the rule's fallback channel.
  const failover = createFailoverSweep({ db: deps.db, pipeline: deps.pipeline, log: app.log, config: deps.config });
  registerCampaignsRoutes(app, { campaigns, lists });
  registerCampaignRulesRoutes(app, { db: deps.db, config: deps.config });
  registerCampaignReportRoutes(app, { db: deps.db, config: deps.config });
  if (deps.autoStart !== false) {
    app.addHook('onReady', async () => {
      runs.start();
      failover.start();
    });
    app.addHook('onClose', async () => {
      await runs.stop();
      await failover.stop();
    });
  }
  return { campaigns, runs, lists, failover };
}
