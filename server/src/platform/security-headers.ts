import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Every reply's fixed headers: the request id, and helmet's security headers, computed once at start-up (they depend on nothing in the request)
 * and set on every reply in onRequest, so a route may still override one (the API docs set their
 * own CSP). Running helmet per request cost ~5 % of an API request's CPU (docs/benchmarks.md).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { imageOrigins?: string[]; frameOrigins?: string[] } = {},
) {
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(options.imageOrigins ?? [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: ["'self'", ...(options.frameOrigins ?? [])],
        frameAncestors: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  const headers: Record<string, string> = {};
  const removed: string[] = [];
  const collector = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      removed.push(name.toLowerCase());
    },
  };
  middleware({} as never, collector as never, () => undefined);

  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
  });
  if (removed.includes('x-powered-by')) {
    app.addHook('onSend', async (_request, reply) => {
      reply.removeHeader('x-powered-by');
    });
  }
}
