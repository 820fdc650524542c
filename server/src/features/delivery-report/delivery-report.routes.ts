import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { reportRoutes as routes, type messageReportQuery } from '@parley/contracts/broadcasts';
import { addRoute } from '../../platform/http';
import type { DeliveryReportService } from './delivery-report.service';

const tag = 'Delivery report';
const permission = 'REPORTS.VIEW';

export function registerDeliveryReportRoutes(app: FastifyInstance, deps: { report: DeliveryReportService }) {
  const { report } = deps;

  addRoute(app, routes.messages, { permission, tag }, async ({ session, query }) =>
    report.messages(session().enterpriseId, query),
  );

  // The export is a file, not an envelope: streamed as it is read.
  app.route({
    method: 'GET',
    url: routes.export.path,
    schema: { summary: routes.export.summary, tags: [tag], querystring: routes.export.query },
    config: { permission },
    handler: async (request, reply) => {
      const query = request.query as z.output<typeof messageReportQuery>;
      const { fileName, lines } = report.exportCsv(request.auth!.enterpriseId, query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(Readable.from(lines()));
    },
  });
}
