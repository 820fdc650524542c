import type { FastifyInstance } from 'fastify';
import { blacklistRoutes as routes } from '@parley/contracts/broadcasts';
import { envelope, errorEnvelope } from '@parley/contracts/envelope';
import { addRoute } from '../../platform/http';
import { cleanFileName } from '../../platform/files';
import { AppError } from '../../platform/errors';
import { importLimits, type BlacklistService } from './blacklist.service';

const tag = 'Blacklist';
const permission = 'BLACKLIST';

export function registerBlacklistRoutes(app: FastifyInstance, deps: { blacklist: BlacklistService }) {
  const { blacklist } = deps;

  addRoute(app, routes.list, { permission, tag }, async ({ session, query }) =>
    blacklist.list(session().enterpriseId, query),
  );
  addRoute(app, routes.add, { permission, tag, audit: 'blacklist.add' }, async ({ session, body }) =>
    blacklist.add(session(), body),
  );
  addRoute(app, routes.remove, { permission, tag, audit: 'blacklist.remove' }, async ({ session, params }) =>
    blacklist.remove(session().enterpriseId, params.id),
  );

  // Multipart: the file streams through the import, a batch of numbers at a time.
  app.route({
    method: routes.import.method,
    url: routes.import.path,
    schema: {
      summary: routes.import.summary,
      tags: [tag],
      response: { 200: envelope(routes.import.data), '4xx': errorEnvelope, '5xx': errorEnvelope },
    },
    config: { permission, audit: 'blacklist.import' },
    handler: async (request) => {
      const auth = request.auth!;
      if (!request.isMultipart())
        throw new AppError('UNSUPPORTED_MEDIA', {
          message: 'Send the file as multipart/form-data in the field "file"',
        });
      const part = await request.file({ limits: { fileSize: importLimits.maxBytes, files: 1 } });
      if (!part || part.fieldname !== 'file') throw new AppError('FILE_EMPTY');
      const data = await blacklist.importCsv(auth, {
        fileName: cleanFileName(part.filename),
        stream: part.file,
        truncated: () => part.file.truncated,
      });
      return { status: true as const, message: 'Success', data };
    },
  });
}
