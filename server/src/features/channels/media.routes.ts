import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { MEDIA_PATH, type MediaLinks } from './media-links';

/**
 * A file sent in a message, for the vendor to fetch: public, but only through a sealed link that
 * expires (media-links.ts). A forged, garbled or expired link answers 404.
 */
export function registerMediaRoutes(app: FastifyInstance, deps: { media: MediaLinks }) {
  app.route({
    method: 'GET',
    url: MEDIA_PATH,
    schema: {
      summary: 'A message attachment through its signed, expiring link (for the vendor to fetch)',
      tags: ['Channels'],
      querystring: z.object({ token: z.string().min(1).max(2000) }),
    },
    config: { permission: 'public', audit: false },
    handler: async (request, reply) => {
      const { token } = request.query as { token: string };
      const found = await deps.media.resolve(token);
      if (!found) throw new AppError('NOT_FOUND');
      return reply
        .type(found.file.contentType)
        .header('content-disposition', `inline; filename="${encodeURIComponent(found.file.name)}"`)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(fs.createReadStream(found.path));
    },
  });
}
