import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { fileRoutes, fileLimits } from '@parley/contracts/files';
import { envelope, errorEnvelope } from '@parley/contracts/envelope';
import { AppError } from '../../platform/errors';
import type { FileStore } from '../../platform/files';

const toStored = (row: { id: string; name: string; contentType: string; size: number; createdAt: Date }) => ({
  id: row.id,
  name: row.name,
  contentType: row.contentType,
  size: row.size,
  createdAt: row.createdAt.toISOString(),
});

/** Upload (multipart, checked by content) and download of an enterprise's files. */
export function filesFeature(app: FastifyInstance, deps: { files: FileStore }) {
  app.route({
    method: 'POST',
    url: fileRoutes.upload.path,
    schema: {
      summary: fileRoutes.upload.summary,
      tags: ['Files'],
      response: { 200: envelope(fileRoutes.upload.data), '4xx': errorEnvelope },
    },
    config: { permission: 'authenticated', audit: 'file.upload' },
    handler: async (request) => {
      const auth = request.auth!;
      if (!request.isMultipart())
        throw new AppError('UNSUPPORTED_MEDIA', {
          message: 'Send the file as multipart/form-data in the field "file"',
        });
      const part = await request.file({ limits: { fileSize: fileLimits.maxBytes, files: 1 } });
      if (!part) throw new AppError('FILE_EMPTY');
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE');
      const row = await deps.files.save({
        enterpriseId: auth.enterpriseId,
        uploadedBy: auth.userId,
        name: part.filename,
        bytes,
      });
      return { status: true as const, message: 'File uploaded', data: toStored(row) };
    },
  });

  app.route({
    method: 'GET',
    url: fileRoutes.download.path,
    schema: { summary: fileRoutes.download.summary, tags: ['Files'], params: fileRoutes.download.params },
    config: { permission: 'authenticated' },
    handler: async (request, reply) => {
      const { id } = request.params as { id: string };
      const { file, path } = await deps.files.open(request.auth!.enterpriseId, id);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${encodeURIComponent(file.name)}"`)
        .header('x-content-type-options', 'nosniff')
        .send(fs.createReadStream(path));
    },
  });
}
