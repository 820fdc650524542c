import fs from 'node:fs';
import path from 'node:path';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AUTH_HEADER } from '@parley/contracts/constants';
import { API_KEY_HEADER, API_KEY_PREFIX } from '@parley/contracts/api-keys';
import type { Permission } from '@parley/contracts/permissions';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema/platform';
import { AppError, errorBody } from './errors';
import type { AuthContext, SessionsService } from './sessions';
import type { RoutePermission } from './http';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function tokenOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const direct = headers[AUTH_HEADER];
  if (typeof direct === 'string' && direct) return direct;
  const authorization = headers.authorization;
  if (typeof authorization === 'string' && authorization.startsWith('Bearer ')) return authorization.slice(7);
  return undefined;
}

/** An API key from `x-api-key`, or a `pk_` token in the usual token headers. */
function apiKeyOf(headers: Record<string, string | string[] | undefined>, token: string | undefined) {
  const direct = headers[API_KEY_HEADER];
  if (typeof direct === 'string' && direct) return direct;
  return token?.startsWith(API_KEY_PREFIX) ? token : undefined;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  permission: RoutePermission | undefined;
  /** The zod schemas the route validates with (for the route matrix and fuzz tests). */
  schema: { body?: unknown; querystring?: unknown; params?: unknown };
}

const registries = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Every route registered on the app, as the route matrix test and the docs see them. */
export function listRoutes(app: FastifyInstance): RegisteredRoute[] {
  return registries.get(app) ?? [];
}

/** Whether held permissions satisfy a route's permission (a list means any one of them). */
function grants(held: readonly string[], required: Permission | readonly Permission[]): boolean {
  return typeof required === 'string' ? held.includes(required) : required.some((one) => held.includes(one));
}

/** Authentication and permission check for every /api route: deny by default. */
export function registerAuthHooks(
  app: FastifyInstance,
  deps: { sessions: SessionsService; apiKeys?: { resolve(secret: string): Promise<AuthContext | null> } },
) {
  app.decorateRequest('auth', null);
  app.decorateRequest('auditActor', null);
  const registry: RegisteredRoute[] = [];
  registries.set(app, registry);

  // Routes registered by libraries (OpenAPI docs) are public by declaration here, in one place.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs') && route.config?.permission === undefined) {
      route.config = { ...(route.config ?? {}), permission: 'public', audit: false };
    }
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      registry.push({
        method,
        url: route.url,
        permission: route.config?.permission,
        schema: { body: route.schema?.body, querystring: route.schema?.querystring, params: route.schema?.params },
      });
    }
  });

  app.addHook('onRequest', async (request) => {
    if (request.is404 || !request.url.startsWith('/api/')) return;
    const permission = request.routeOptions.config.permission;
    if (permission === undefined) throw new AppError('FORBIDDEN');
    if (permission === 'public' && request.routeOptions.url !== '/api/account/logout') return;
    const token = tokenOf(request.headers);
    const apiKey = apiKeyOf(request.headers, token);
    const keyAuth = apiKey && permission !== 'public' && deps.apiKeys ? await deps.apiKeys.resolve(apiKey) : null;
    if (keyAuth || (apiKey && request.headers[API_KEY_HEADER])) {
      // An API key is not a person: it reaches no personal ('authenticated') route, only permissions.
      if (permission === 'public') return;
      if (!keyAuth) throw new AppError('UNAUTHENTICATED');
      request.auth = keyAuth;
      if (permission === 'authenticated' || !grants(keyAuth.permissions, permission)) throw new AppError('FORBIDDEN');
      return;
    }
    const auth = token ? await deps.sessions.resolve(token) : null;
    if (permission === 'public') {
      request.auth = auth;
      return;
    }
    if (!auth) throw new AppError('UNAUTHENTICATED');
    request.auth = auth;
    if (permission !== 'authenticated' && !grants(auth.permissions, permission)) throw new AppError('FORBIDDEN');
  });
}

type BadText = { path: string; problem: 'nul' | 'surrogate' };

/** With the u flag a paired surrogate is one astral code point: only an unpaired one matches. */
const LONE_SURROGATE = /\p{Cs}/u;

function textProblem(text: string): BadText['problem'] | null {
  if (text.includes('\u0000')) return 'nul';
  return LONE_SURROGATE.test(text) ? 'surrogate' : null;
}

/**
 * Where a string or key holds a NUL or an unpaired UTF-16 surrogate, if anywhere (a bad key counts for its object).
 * `at` is one path stack for the whole walk (pushed and popped), so a clean body costs no array per key.
 */
function findBadText(value: unknown, at: string[] = []): BadText | null {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? { path: at.join('.'), problem } : null;
  }
  if (at.length > 20 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const problem = textProblem(key);
    if (problem) return { path: at.join('.'), problem };
    at.push(key);
    const found = findBadText(item, at);
    at.pop();
    if (found) return found;
  }
  return null;
}

const badTextMessages = {
  nul: 'Text must not contain NUL characters',
  surrogate: 'Text is not valid text: it holds an unpaired UTF-16 surrogate',
} as const;

/** Adds a hook to one route's own hooks (so routes that need none pay nothing for it). */
function addRouteHook(route: RouteOptions, name: 'preValidation' | 'onResponse', hook: (...args: never[]) => unknown) {
  const existing = route[name];
  route[name] = [...(existing ? [existing].flat() : []), hook] as never;
}

/**
 * PostgreSQL text cannot hold NUL, and neither text nor jsonb can hold an unpaired surrogate
 * (JSON allows `"\ud800"`): refuse such input up front with a clear 400 and the field it is in,
 * instead of a 500 from the database or a silently mangled value.
 */
export function registerInputGuards(app: FastifyInstance) {
  const guard = async (request: FastifyRequest) => {
    const found = findBadText(request.body) ?? findBadText(request.query) ?? findBadText(request.params);
    if (found) {
      const message = badTextMessages[found.problem];
      throw new AppError('VALIDATION', { message, fieldErrors: { [found.path || '_']: message } });
    }
  };
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/')) addRouteHook(route, 'preValidation', guard);
  });
}

/**
 * The multipart parser (busboy) fails with plain errors on a body the client broke: no or a bad
 * boundary, a part cut short, headers that never end. They are the client's fault, not the server's.
 */
const BROKEN_MULTIPART =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data|Unsupported Content-Type\.|Missing Content-Type-header\.|The needle cannot .*)$/;

function isBrokenMultipart(request: FastifyRequest, error: Error): boolean {
  return request.isMultipart() && BROKEN_MULTIPART.test(error.message ?? '');
}

/** Uniform error envelope; 5xx bodies never carry internals (the log has them, with the request id). */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.httpStatus >= 500) request.log.error({ err: error }, 'request failed');
      return reply.status(error.httpStatus).send(errorBody(error.key, error.message, error.fieldErrors));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of error.validation) {
        const params = issue.params as { issue?: { path?: PropertyKey[] } } | undefined;
        const key =
          (params?.issue?.path ?? []).map(String).join('.') ||
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          '_';
        fieldErrors[key] ??= issue.message ?? 'Invalid value';
      }
      const first = Object.values(fieldErrors)[0];
      return reply.status(400).send(errorBody('VALIDATION', first, fieldErrors));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its contract');
      return reply.status(500).send(errorBody('INTERNAL'));
    }
    if (isBrokenMultipart(request, error))
      return reply
        .status(400)
        .send(errorBody('VALIDATION', 'The upload could not be read: the multipart body is malformed'));
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(errorBody('RATE_LIMITED'));
    if (status === 413)
      return reply.status(413).send(errorBody(request.isMultipart() ? 'PAYLOAD_TOO_LARGE' : 'REQUEST_TOO_LARGE'));
    if (status === 415) return reply.status(415).send(errorBody('UNSUPPORTED_MEDIA'));
    if (status === 503) return reply.status(503).send(errorBody('SHUTTING_DOWN'));
    if (status >= 400 && status < 500)
      return reply.status(400).send(errorBody('VALIDATION', 'The request could not be read'));
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('INTERNAL'));
  });
}

/** Writes who did what, when, to which target, for every mutating /api request. */
export function registerAuditLog(app: FastifyInstance, deps: { db: Db }) {
  const audit = async (request: FastifyRequest, reply: FastifyReply) => {
    const config = request.routeOptions.config;
    const actor = request.auth ?? request.auditActor;
    if (!actor || !MUTATING.has(request.method)) return;
    const params = (request.params ?? {}) as Record<string, unknown>;
    const target = typeof params.id === 'string' ? params.id : null;
    try {
      await deps.db.insert(auditLog).values({
        enterpriseId: actor.enterpriseId,
        userId: actor.userId,
        action:
          (config.audit || `${request.method} ${request.routeOptions.url}`) +
          (request.auth?.apiKey ? ` (API key: ${request.auth.apiKey.name})` : ''),
        method: request.method,
        route: request.routeOptions.url ?? request.url,
        target,
        statusCode: reply.statusCode,
        ip: request.ip,
        requestId: String(request.id),
      });
    } catch (error) {
      request.log.error({ err: error }, 'could not write the audit log');
    }
  };
  // Attached to mutating /api routes only, so reads pay nothing for it.
  app.addHook('onRoute', (route) => {
    const mutating = [route.method].flat().some((method) => MUTATING.has(method));
    if (mutating && route.url.startsWith('/api/') && route.config?.audit !== false)
      addRouteHook(route, 'onResponse', audit);
  });
}

/** Unknown /api paths answer a 404 envelope; any other GET that accepts HTML gets the web app. */
export function registerNotFound(app: FastifyInstance, deps: { webDist: string }) {
  const indexPath = path.join(deps.webDist, 'index.html');
  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage =
      request.method === 'GET' &&
      !request.url.startsWith('/api') &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsPage && fs.existsSync(indexPath)) {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(fs.createReadStream(indexPath));
    }
    if (wantsPage) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run `npm run build -w web` (npm start does it for you).');
    }
    return reply.status(404).send(errorBody('NOT_FOUND'));
  });
}
