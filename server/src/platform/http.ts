import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { envelope, errorEnvelope, type RouteContract } from '@parley/contracts/envelope';
import type { Permission } from '@parley/contracts/permissions';
import { AppError } from './errors';
import type { AuthContext } from './sessions';

/** A permission, any one of several, or who may call without one ('public', any signed-in person). */
export type RoutePermission = Permission | readonly Permission[] | 'public' | 'authenticated';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route. Routes without one are refused (deny by default). */
    permission?: RoutePermission;
    /** Audit action name, or false for routes that change nothing worth auditing. */
    audit?: string | false;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** Set by public routes that establish who acted (sign-in), for the audit log. */
    auditActor: { enterpriseId: string; userId: string } | null;
  }
}

type In<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface RouteContext<C extends RouteContract> {
  params: In<C['params']>;
  query: In<C['query']>;
  body: In<C['body']>;
  /** The caller's session; throws UNAUTHENTICATED on a public route without one. */
  session(): AuthContext;
  ip: string;
  userAgent: string | undefined;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteOptions {
  permission: RoutePermission;
  tag: string;
  audit?: string | false;
  message?: string;
  /** Requests per minute per address (sign-in routes). */
  rateLimitPerMinute?: number;
  /** Largest JSON body in bytes when a route needs more than the 1 MB default (a full intent). */
  bodyLimit?: number;
}

/** Registers a route from its contract: one schema for validation, serialisation and OpenAPI. */
export function addRoute<C extends RouteContract>(
  app: FastifyInstance,
  contract: C,
  options: RouteOptions,
  handler: (context: RouteContext<C>) => Promise<z.input<C['data']>>,
) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: contract.method,
    url: contract.path,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    schema: {
      summary: contract.summary,
      tags: [options.tag],
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      response: { 200: envelope(contract.data), '4xx': errorEnvelope, '5xx': errorEnvelope },
    },
    config: {
      permission: options.permission,
      audit: options.audit,
      ...(options.rateLimitPerMinute ? { rateLimit: { max: options.rateLimitPerMinute, timeWindow: 60_000 } } : {}),
    },
    handler: async (request, reply) => {
      const data = await handler({
        params: request.params as In<C['params']>,
        query: request.query as In<C['query']>,
        body: request.body as In<C['body']>,
        session: () => {
          if (!request.auth) throw new AppError('UNAUTHENTICATED');
          return request.auth;
        },
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        request,
        reply,
      });
      return { status: true as const, message: options.message ?? 'Success', data };
    },
  });
}
