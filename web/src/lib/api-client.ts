import type { z } from 'zod';
import { AUTH_HEADER } from '@parley/contracts/constants';
import type { RouteContract } from '@parley/contracts/envelope';
import { coreErrors } from '@parley/contracts/core-errors';
import { NETWORK_ERROR_CODE, errorTextForCode } from './error-text';
import { endSession } from './session-end';
import { getSessionToken } from './session-token';

/** A failed call: the server's code, the user-facing text, the HTTP status and per-field messages. */
export class ApiError extends Error {
  readonly code: number;
  readonly httpStatus: number;
  readonly fieldErrors: Record<string, string> | undefined;

  constructor(code: number, message: string, httpStatus: number, fieldErrors?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.httpStatus = httpStatus;
    this.fieldErrors = fieldErrors;
  }
}

export const SESSION_GONE_CODE = coreErrors.UNAUTHENTICATED.code;
export const FORBIDDEN_CODE = coreErrors.FORBIDDEN.code;

/** True for the answers that end the session (the app has already logged out and told the user). */
export function isSessionEndingError(error: unknown): boolean {
  return error instanceof ApiError && (error.code === SESSION_GONE_CODE || error.code === FORBIDDEN_CODE);
}

type InputOf<T> = T extends z.ZodType ? z.input<T> : never;

export type RouteData<R extends RouteContract> = z.output<R['data']>;

export interface ApiRequestOptions<R extends RouteContract> {
  params?: InputOf<R['params']>;
  query?: InputOf<R['query']>;
  body?: InputOf<R['body']>;
  signal?: AbortSignal;
}

function buildUrl(route: RouteContract, params: object | undefined, query: object | undefined): string {
  const values = (params ?? {}) as Record<string, unknown>;
  const path = route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, key: string) => {
    const value = values[key];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Missing path parameter "${key}" for ${route.method} ${route.path}`);
    }
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    search.append(key, String(value));
  }
  const queryString = search.toString();
  return queryString ? `${path}?${queryString}` : path;
}

interface EnvelopeShape {
  status?: unknown;
  data?: unknown;
  code?: unknown;
  message?: unknown;
  fieldErrors?: unknown;
  login_required?: unknown;
}

async function readBody(response: Response): Promise<EnvelopeShape | null> {
  const text = await response.text();
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' ? (parsed as EnvelopeShape) : null;
  } catch {
    return null;
  }
}

function asFieldErrors(value: unknown): Record<string, string> | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const entries = Object.entries(value as Record<string, unknown>).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/**
 * Calls one route of the contracts: fills `:params`, sends JSON and the session token, unwraps
 * the envelope and throws `ApiError` on failure. Codes 1401/1403 (or `login_required`) end the
 * session; other failures (a wrong password is 2002 with HTTP 401) only throw.
 */
export async function apiRequest<R extends RouteContract>(
  route: R,
  options: ApiRequestOptions<R> = {},
): Promise<RouteData<R>> {
  const url = buildUrl(route, options.params as object | undefined, options.query as object | undefined);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getSessionToken();
  if (token) headers[AUTH_HEADER] = token;
  const hasBody = options.body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(url, {
      method: route.method,
      headers,
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(NETWORK_ERROR_CODE, errorTextForCode(NETWORK_ERROR_CODE), 0);
  }

  const payload = await readBody(response);
  const loginRequired = payload?.login_required === true;

  if (payload?.status === true && response.ok && !loginRequired) {
    return payload.data as RouteData<R>;
  }

  const code =
    typeof payload?.code === 'number'
      ? payload.code
      : loginRequired
        ? SESSION_GONE_CODE
        : response.status >= 500
          ? coreErrors.INTERNAL.code
          : response.status;
  const serverMessage = typeof payload?.message === 'string' ? payload.message : undefined;
  const message = errorTextForCode(code, serverMessage);

  // A request sent under a session that has since ended (signed out, then signed in again) says
  // nothing about the current one: ending "it" would sign the new session out.
  const sameSession = token === getSessionToken();
  if (sameSession && (code === SESSION_GONE_CODE || loginRequired)) {
    endSession('expired', coreErrors.UNAUTHENTICATED.message);
  } else if (sameSession && code === FORBIDDEN_CODE) {
    endSession('forbidden', message);
  }

  throw new ApiError(code, message, response.status, asFieldErrors(payload?.fieldErrors));
}
