import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ChannelMessaging } from '../../platform/messaging/channel-messaging';
import type { WebhookRequest } from '../../platform/messaging/vendor-adapter';

const WEBHOOK_URL = '/api/webhooks/channels/:key';
const params = z.object({ key: z.string().min(1).max(128) });

function toWebhookRequest(request: FastifyRequest): WebhookRequest {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(request.headers))
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  const query: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries((request.query ?? {}) as Record<string, unknown>))
    query[name] = Array.isArray(value) ? String(value[0]) : typeof value === 'string' ? value : undefined;
  return {
    method: request.method === 'GET' ? 'GET' : 'POST',
    headers,
    query,
    rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
  };
}

/**
 * The public callback URL of every channel (GET verification, POST events). Encapsulated, so that
 * its body parser, which keeps the raw bytes of any content type for the signature check, applies
 * to these two routes only. Each vendor's own verification stands in for a session.
 */
export function registerWebhookRoutes(app: FastifyInstance, deps: { messaging: ChannelMessaging }) {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const { key } = request.params as z.infer<typeof params>;
      const verdict = await deps.messaging.ingest(key, toWebhookRequest(request));
      switch (verdict.kind) {
        case 'challenge':
          return reply.status(200).type('text/plain; charset=utf-8').send(verdict.body);
        case 'reject':
          return reply.status(verdict.status).type('text/plain; charset=utf-8').send(verdict.reason);
        default:
          return reply.status(200).send({ status: true, message: 'Received', data: null });
      }
    };
    for (const method of ['GET', 'POST'] as const) {
      scope.route({
        method,
        url: WEBHOOK_URL,
        schema: {
          summary:
            method === 'GET'
              ? "A vendor's webhook verification (Meta: hub.challenge echoed when hub.verify_token matches)"
              : "A vendor's callback: statuses, inbound messages, template reviews (signature checked on the raw body)",
          tags: ['Channels'],
          params,
        },
        config: { permission: 'public', audit: false },
        handler,
      });
    }
  });
}
