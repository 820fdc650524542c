import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { clickTrackingPath } from '@parley/contracts/campaigns';
import type { ClickTracker } from './click-tracking';

/** Clicks per minute per address: a shared mobile network's customers fit, a script does not. */
const CLICKS_PER_MINUTE = 600;

const notFoundPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Link not found</title></head>
<body><h1>Link not found</h1><p>This link is not valid.</p></body></html>
`;

/**
 * GET /c/:token (public, outside /api: the customer's phone opens it): records the click and
 * redirects (302) to the recipient's destination; an unknown token or an address that is not
 * http(s) gets a plain 404 page and no redirect. HEAD answers the same without recording a click.
 */
export function registerClickRoute(app: FastifyInstance, deps: { clicks: ClickTracker }) {
  app.route({
    method: 'GET',
    url: `${clickTrackingPath}:token`,
    schema: {
      summary: "A campaign URL button's tracked link: records the click and redirects",
      tags: ['Campaign report'],
      params: z.object({ token: z.string().max(64) }),
    },
    config: { permission: 'public', audit: false, rateLimit: { max: CLICKS_PER_MINUTE, timeWindow: 60_000 } },
    handler: async (request, reply) => {
      const { token } = request.params as { token: string };
      const destination = await deps.clicks.click(token, { record: request.method === 'GET' });
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      if (!destination) return reply.code(404).type('text/html; charset=utf-8').send(notFoundPage);
      return reply.redirect(destination, 302);
    },
  });
}
