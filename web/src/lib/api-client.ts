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
  if (payload?.status === true && response.ok && payload.login_required !== true) {
    return payload.data as RouteData<R>;
  }
  throw failureOf(response, payload, token);
}

/** The ApiError of a failed answer; ends the session when the answer says it is gone. */
function failureOf(response: Response, payload: EnvelopeShape | null, token: string | null): ApiError {
  const loginRequired = payload?.login_required === true;
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

  return new ApiError(code, message, response.status, asFieldErrors(payload?.fieldErrors));
}

/**
 * Calls a streamed route (Server-Sent Events): `onEvent` gets each event as it arrives; the
 * `result` event's data is the answer, an `error` event ({ code, message }) throws ApiError. A
 * route that fails before streaming answers JSON, read as `apiRequest` does.
 */
export async function apiStream<R extends RouteContract>(
  route: R,
  options: ApiRequestOptions<R> & { onEvent: (event: string, data: unknown) => void },
): Promise<RouteData<R>> {
  const url = buildUrl(route, options.params as object | undefined, options.query as object | undefined);
  const headers: Record<string, string> = { Accept: 'text/event-stream, application/json' };
  const token = getSessionToken();
  if (token) headers[AUTH_HEADER] = token;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method: route.method,
      headers,
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(NETWORK_ERROR_CODE, errorTextForCode(NETWORK_ERROR_CODE), 0);
  }
  if (!response.ok || !response.body || !response.headers.get('content-type')?.includes('text/event-stream')) {
    const payload = await readBody(response);
    if (payload?.status === true && response.ok) return payload.data as RouteData<R>;
    throw failureOf(response, payload, token);
  }

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  let result: { data: unknown } | null = null;
  const handle = (block: string) => {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (data.length === 0) return;
    const parsed: unknown = JSON.parse(data.join('\n'));
    if (event === 'error') {
      const failure = parsed as { code?: unknown; message?: unknown };
      const code = typeof failure.code === 'number' ? failure.code : coreErrors.INTERNAL.code;
      throw new ApiError(code, errorTextForCode(code, String(failure.message ?? '')), 502);
    }
    if (event === 'result') result = { data: parsed };
    options.onEvent(event, parsed);
  };
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffered += value;
      let end = buffered.indexOf('\n\n');
      while (end !== -1) {
        handle(buffered.slice(0, end));
        buffered = buffered.slice(end + 2);
        end = buffered.indexOf('\n\n');
      }
    }
  } catch (error) {
    void reader.cancel().catch(() => undefined);
    if (error instanceof ApiError || (error instanceof DOMException && error.name === 'AbortError')) throw error;
    throw new ApiError(NETWORK_ERROR_CODE, errorTextForCode(NETWORK_ERROR_CODE), 0);
  } finally {
    reader.releaseLock();
  }
  if (buffered.trim()) handle(buffered);
  if (!result) throw new ApiError(NETWORK_ERROR_CODE, errorTextForCode(NETWORK_ERROR_CODE), 0);
  return (result as { data: unknown }).data as RouteData<R>;
}
