import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { createDeliveryReportRepository } from './delivery-report.repository';
import { registerDeliveryReportRoutes } from './delivery-report.routes';
import { createDeliveryReportService } from './delivery-report.service';

/**
 * The delivery report (issue 8; platform §7.1 messages status report, MANAGE → /admin/report):
 * every message the enterprise's channels sent or received, filtered, paged, and as CSV.
 */
export function deliveryReportFeature(app: FastifyInstance, deps: { db: Db }) {
  const report = createDeliveryReportService({ repository: createDeliveryReportRepository(deps.db) });
  registerDeliveryReportRoutes(app, { report });
}
