import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { createClickTracker } from './click-tracking';
import { registerClickRoute } from './click-tracking.routes';
import { createReportRepository } from './report.repository';
import { registerReportRoutes } from './report.routes';
import { createCampaignReportService } from './report.service';

export { trackingValues, type TrackingValues } from './click-tracking';

/**
 * The campaign report (issue 21 item 4): GET /api/campaigns/report, /:id/stats, /:id/recipients,
 * /:id/export.csv and /external-report (CAMPAIGNS.VIEW_CAMPAIGNREPORT), and the public click
 * tracking redirect GET /c/:token. trackingValues() is the send guard's hook that puts the
 * tracking tokens into a campaign message's URL buttons.
 */
export function registerCampaignReportRoutes(app: FastifyInstance, deps: { db: Db; config: Config }) {
  const report = createCampaignReportService({ repository: createReportRepository(deps.db) });
  registerReportRoutes(app, { report });
  registerClickRoute(app, { clicks: createClickTracker({ db: deps.db }) });
}
