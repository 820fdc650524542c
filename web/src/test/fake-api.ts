import { vi } from 'vitest';

/** One answer of the fake server: HTTP status and JSON body, or Server-Sent Events sent one by one. */
export interface FakeResponse {
  status?: number;
  body: unknown;
  events?: { event: string; data: unknown }[];
  /** Pause before each event, in ms (the events of a streamed answer). */
  eventDelayMs?: number;
}

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = FakeResponse | ((request: FakeRequest) => FakeResponse | Promise<FakeResponse>);

export const ok = (data: unknown, message = 'OK'): FakeResponse => ({ body: { status: true, message, data } });
/** A streamed answer: these events as text/event-stream, each after `delayMs`. */
export const sse = (events: { event: string; data: unknown }[], delayMs = 0): FakeResponse => ({
  body: null,
  events,
  eventDelayMs: delayMs,
});
export const fail = (httpStatus: number, code: number, message: string, extra: object = {}): FakeResponse => ({
  status: httpStatus,
  body: { status: false, code, message, ...extra },
});

/**
 * Replaces `fetch` with a router over "METHOD /path" keys (path without query). Unknown calls
 * answer 404 so a test fails loudly. Returns the log of requests.
 */
export function installFakeApi(handlers: Record<string, Handler>) {
  const requests: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const request: FakeRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      headers: Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>)),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const handler = handlers[`${request.method} ${request.path}`];
    const answer: FakeResponse = handler
      ? typeof handler === 'function'
        ? await handler(request)
        : handler
      : fail(404, 1404, `No fake for ${request.method} ${request.path}`);
    if (answer.events) {
      const { events, eventDelayMs = 0 } = answer;
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          for (const { event, data } of events) {
            if (eventDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, eventDelayMs));
            controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
          }
          controller.close();
        },
      });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    }
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    calls: (key: string) => requests.filter((request) => `${request.method} ${request.path}` === key),
  };
}
