import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { customerLimits, customerMasterRoutes as routes, customerMessages } from '@parley/contracts/customer-master';
import { envelope, errorEnvelope } from '@parley/contracts/envelope';
import { addRoute } from '../../platform/http';
import { cleanFileName } from '../../platform/files';
import { AppError } from '../../platform/errors';
import type { CustomerUploadsService } from './customer-uploads.service';

const tag = 'Customer uploads';

/** `attachment` with a plain-ASCII name and the exact name in UTF-8 (RFC 6266). */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function registerCustomerUploadsRoutes(app: FastifyInstance, deps: { uploads: CustomerUploadsService }) {
  const { uploads } = deps;

  app.route({
    method: 'GET',
    url: routes.sampleCsv.path,
    schema: { summary: routes.sampleCsv.summary, tags: [tag] },
    config: { permission: 'CUSTOMER.VIEW' },
    handler: async (request, reply) => {
      const csv = await uploads.sampleCsv(request.auth!.enterpriseId);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment('Sample.csv'))
        .header('x-content-type-options', 'nosniff')
        .send(csv);
    },
  });

  app.route({
    method: 'POST',
    url: routes.uploadFile.path,
    schema: {
      summary: routes.uploadFile.summary,
      tags: [tag],
      response: { 200: envelope(routes.uploadFile.data), '4xx': errorEnvelope, '5xx': errorEnvelope },
    },
    config: { permission: 'CUSTOMER.EDIT', audit: 'customerUploads.file' },
    handler: async (request) => {
      const auth = request.auth!;
      if (!request.isMultipart())
        throw new AppError('UNSUPPORTED_MEDIA', {
          message: 'Send the file as multipart/form-data in the field "file"',
        });
      const part = await request.file({ limits: { fileSize: customerLimits.uploadMaxBytes, files: 1 } });
      if (!part || part.fieldname !== 'file') throw new AppError('FILE_EMPTY');
      const data = await uploads.upload(
        { enterpriseId: auth.enterpriseId, userId: auth.userId },
        { fileName: cleanFileName(part.filename), stream: part.file, truncated: () => part.file.truncated },
      );
      return { status: true as const, message: 'Success', data };
    },
  });

  addRoute(
    app,
    routes.previewUpload,
    { permission: 'CUSTOMER.EDIT', tag, audit: false },
    async ({ session, params, body }) => uploads.preview(session().enterpriseId, params.id, body),
  );
  addRoute(
    app,
    routes.submitUpload,
    { permission: 'CUSTOMER.EDIT', tag, audit: 'customerUploads.submit', message: customerMessages.uploaded },
    async ({ session, params, body }) => uploads.submit(session().enterpriseId, params.id, body),
  );
  addRoute(app, routes.listUploads, { permission: 'CUSTOMER.VIEW', tag }, async ({ session, query }) =>
    uploads.list(session().enterpriseId, query),
  );
  addRoute(app, routes.getUpload, { permission: 'CUSTOMER.VIEW', tag }, async ({ session, params }) =>
    uploads.get(session().enterpriseId, params.id),
  );
  addRoute(app, routes.uploadErrors, { permission: 'CUSTOMER.VIEW', tag }, async ({ session, params, query }) =>
    uploads.errors(session().enterpriseId, params.id, query),
  );

  app.route({
    method: 'GET',
    url: routes.uploadErrorsCsv.path,
    schema: { summary: routes.uploadErrorsCsv.summary, tags: [tag], params: routes.uploadErrorsCsv.params },
    config: { permission: 'CUSTOMER.VIEW' },
    handler: async (request, reply) => {
      const { id } = request.params as { id: string };
      const { fileName, lines } = await uploads.errorsCsv(request.auth!.enterpriseId, id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(fileName))
        .header('x-content-type-options', 'nosniff')
        .send(Readable.from(lines()));
    },
  });
}
