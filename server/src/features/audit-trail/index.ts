import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminRoutes, auditExport } from '@parley/contracts/admin';
import type { Db } from '../../db/client';
import { addRoute } from '../../platform/http';
import { createAuditTrailRepository } from './audit-trail.repository';
import { csvLine } from '../../platform/csv-cells';

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

  // CSV, not the JSON envelope: registered directly, with the same permission and filters as the list.
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: auditExport.path,
    schema: {
      summary: 'The audit trail as CSV (same filters as the list)',
      tags: ['Audit trail'],
      querystring: auditExport.query,
    },
    config: { permission: 'AUDITTRAIL.VIEW' },
    handler: async (request, reply) => {
      const rows = await repository.list(request.auth!.enterpriseId, {
        ...request.query,
        from: 0,
        perPage: auditExport.maxRows - 1,
      });
      let body = csvLine(['When', 'User', 'Action', 'Target', 'Status', 'Method', 'Route', 'IP', 'Request ID']);
      for (const { entry, userName } of rows) {
        body += csvLine([
          entry.createdAt.toISOString(),
          userName,
          entry.action,
          entry.target,
          entry.statusCode,
          entry.method,
          entry.route,
          entry.ip,
          entry.requestId,
        ]);
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-trail.csv"')
        .header('cache-control', 'no-store')
        .send(body);
    },
  });
}
