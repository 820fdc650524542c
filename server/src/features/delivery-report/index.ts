import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';

/** The delivery report (issue 8; platform §7.1 messages status report, MANAGE → /admin/report). */
export function deliveryReportFeature(app: FastifyInstance, deps: { db: Db }) {
  // PLACEHOLDER (helper H2 builds this feature)
  void app;
  void deps;
}
