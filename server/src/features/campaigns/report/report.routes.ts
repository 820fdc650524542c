import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { campaignRoutes as routes } from '@parley/contracts/campaigns';
import { idParam } from '@parley/contracts/envelope';
import { addRoute } from '../../../platform/http';
import type { CampaignReportService } from './report.service';

const tag = 'Campaign report';
const permission = 'CAMPAIGNS.VIEW_CAMPAIGNREPORT';

/** The recipient table's filters without its paging: what the export takes. */
export const exportQuery = routes.recipients.query.omit({ from: true, perPage: true });
export const exportPath = '/api/campaigns/:id/export.csv';

export function registerReportRoutes(app: FastifyInstance, deps: { report: CampaignReportService }) {
  const { report } = deps;

  addRoute(app, routes.report, { permission, tag }, async ({ session, query }) =>
    report.list(session().enterpriseId, query),
  );

  addRoute(app, routes.externalReport, { permission, tag }, async ({ session, query }) =>
    report.external(session().enterpriseId, query),
  );

  addRoute(app, routes.stats, { permission, tag }, async ({ session, params, query }) =>
    report.stats(session().enterpriseId, params.id, query.runId),
  );

  addRoute(app, routes.recipients, { permission, tag }, async ({ session, params, query }) =>
    report.recipients(session().enterpriseId, params.id, query),
  );

  // The export is a file, not an envelope: streamed as it is read.
  app.route({
    method: 'GET',
    url: exportPath,
    schema: {
      summary: 'Every recipient row of the campaign as CSV (formula cells neutralised)',
      tags: [tag],
      params: idParam,
      querystring: exportQuery,
    },
    config: { permission },
    handler: async (request, reply) => {
      const { id } = request.params as z.output<typeof idParam>;
      const query = request.query as z.output<typeof exportQuery>;
      const { fileName, lines } = await report.exportCsv(request.auth!.enterpriseId, id, query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(Readable.from(lines()));
    },
  });
}
