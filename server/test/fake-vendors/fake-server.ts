import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The small HTTP server under every fake vendor: listens on 127.0.0.1 port 0, records each
 * request (method, path, query, headers, raw and parsed body), and lets a test make the next
 * matching request fail in one of the ways real vendors fail. The vendor files decide what each
 * failure looks like on the wire; a 'hang' is handled here: the request is never answered.
 */

export type FailKind =
  /** The credentials are refused. */
  | 'auth'
  /** The request is refused for good (bad parameter, unknown template). */
  | 'permanent'
  /** Throughput or rate limit (HTTP 429 or WhatsApp 130429). */
  | 'throughput'
  /** The vendor is in maintenance (WhatsApp 131057, or 503). */
  | 'maintenance'
  /** An internal error of the vendor (5xx). */
  | 'server'
  /** The customer's 24-hour window is closed (WhatsApp 131047 / 470). */
  | 'outsideWindow'
  /** No answer at all: provokes the caller's timeout. */
  | 'hang';

export interface RecordedRequest {
  method: string;
  /** The path without the query, e.g. /v23.0/1000001/messages. */
  path: string;
  query: Record<string, string>;
  /** Lower-case header names. */
  headers: http.IncomingHttpHeaders;
  rawBody: Buffer;
  /** The body parsed as JSON, when it is JSON. */
  json?: unknown;
  /** The body parsed as a form, when it is application/x-www-form-urlencoded. */
  form?: Record<string, string>;
}

export interface FakeReply {
  status: number;
  /** An object is sent as JSON, a string as text. */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface FakeVendor {
  /** http://127.0.0.1:<port> (no trailing slash). */
  url: string;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** Makes the next request (whose path contains `path`, when given) fail this way; `times` in a row. */
  failNext(kind: FailKind, options?: { path?: string; times?: number }): void;
  /** The last request whose path contains `path` (or the last of all). */
  last(path?: string): RecordedRequest | undefined;
  /** Forgets recorded requests and queued failures. */
  reset(): void;
  close(): Promise<void>;
}

export type FakeRoute = (
  request: RecordedRequest,
  failure: Exclude<FailKind, 'hang'> | undefined,
) => FakeReply | Promise<FakeReply>;

export async function startFakeServer(route: FakeRoute): Promise<FakeVendor> {
  const requests: RecordedRequest[] = [];
  const failures: { kind: FailKind; path?: string }[] = [];

  const server = http.createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://fake.local');
      const rawBody = Buffer.concat(chunks);
      const recorded: RecordedRequest = {
        method: incoming.method ?? 'GET',
        path: decodeURIComponent(url.pathname),
        query: Object.fromEntries(url.searchParams),
        headers: incoming.headers,
        rawBody,
      };
      const type = String(incoming.headers['content-type'] ?? '');
      if (rawBody.length > 0) {
        if (type.includes('application/x-www-form-urlencoded'))
          recorded.form = Object.fromEntries(new URLSearchParams(rawBody.toString('utf8')));
        else {
          try {
            recorded.json = JSON.parse(rawBody.toString('utf8'));
          } catch {
            // Not JSON: the raw bytes are there for the route to judge.
          }
        }
      }
      requests.push(recorded);
      const index = failures.findIndex((failure) => !failure.path || recorded.path.includes(failure.path));
      const failure = index >= 0 ? failures.splice(index, 1)[0]!.kind : undefined;
      if (failure === 'hang') return; // never answered; close() cuts the connection
      Promise.resolve(route(recorded, failure))
        .then((reply) => send(response, reply))
        .catch((error: unknown) => send(response, { status: 500, body: { error: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    failNext(kind, options = {}) {
      for (let i = 0; i < (options.times ?? 1); i++)
        failures.push({ kind, ...(options.path ? { path: options.path } : {}) });
    },
    last(path) {
      const matching = path ? requests.filter((request) => request.path.includes(path)) : requests;
      return matching[matching.length - 1];
    },
    reset() {
      requests.length = 0;
      failures.length = 0;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function send(response: http.ServerResponse, reply: FakeReply) {
  const isText = typeof reply.body === 'string';
  const body = reply.body === undefined ? '' : isText ? (reply.body as string) : JSON.stringify(reply.body);
  response.writeHead(reply.status, {
    'content-type': isText ? 'text/plain; charset=utf-8' : 'application/json',
    ...reply.headers,
  });
  response.end(body);
}

/** `Bearer <token>` → token (or undefined). */
export function bearer(headers: http.IncomingHttpHeaders, name = 'authorization'): string | undefined {
  const value = headers[name];
  const match = typeof value === 'string' ? /^Bearer\s+(.+)$/i.exec(value.trim()) : null;
  return match?.[1];
}

let counter = 0;
/** A unique id for fake vendor objects (messages, templates, uploads). */
export function fakeId(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter.toString(36).padStart(4, '0')}`;
}
