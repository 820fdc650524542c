import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '@parley/contracts/admin';
import type { Db } from '../../db/client';
import { addRoute } from '../../platform/http';
import { createAuditTrailRepository } from './audit-trail.repository';

/** Read side of the audit log that the platform writes for every mutating request. */
export function auditTrailFeature(app: FastifyInstance, deps: { db: Db }) {
  const repository = createAuditTrailRepository(deps.db);
  addRoute(
    app,
    adminRoutes.auditTrail,
    { permission: 'AUDITTRAIL.VIEW', tag: 'Audit trail' },
    async ({ session, query }) => {
      const rows = await repository.list(session().enterpriseId, query);
      return {
        entries: rows.slice(0, query.perPage).map(({ entry, userName }) => ({
          id: entry.id,
          userId: entry.userId,
          userName,
          action: entry.action,
          method: entry.method,
          route: entry.route,
          target: entry.target,
          statusCode: entry.statusCode,
          ip: entry.ip,
          requestId: entry.requestId,
          createdAt: entry.createdAt.toISOString(),
        })),
        more: rows.length > query.perPage,
      };
    },
  );
}
