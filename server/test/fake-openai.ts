import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenAI-compatible endpoint for tests (issue 20): node:http on 127.0.0.1, port 0.
 *
 * - POST /v1/chat/completions answers like OpenAI's Chat Completions API: with `"stream": true` a
 *   text/event-stream of `data: {chunk}` events (object 'chat.completion.chunk', the first delta
 *   carrying the role, one delta per piece of content, a last empty delta with finish_reason
 *   'stop'), then `data: [DONE]`; otherwise one 'chat.completion' JSON object.
 * - GET /v1/models lists the fake's model.
 * - A request without `Authorization: Bearer <apiKey>` gets OpenAI's 401 invalid_api_key error.
 * - Errors have OpenAI's body: `{ error: { message, type, param, code } }`.
 *
 * What the next completions answer is scripted with `next()` (one behaviour per request, in
 * order); when none is queued, `always` answers (by default the reply "OK"). Every request is
 * recorded, parsed, in `requests`.
 */

export type FakeOpenAiBehaviour =
  /** Answers this text (a function sees the request body); streamed as the given pieces, or word by word. */
  | {
      kind: 'reply';
      text: string | ((body: ChatCompletionBody) => string);
      /** How a streamed answer is cut (default: word by word, spaces kept with the word before). */
      pieces?: string[];
      /** Pause before each streamed piece, in ms. */
      delayMs?: number;
      /** Answer a plain JSON completion even when a stream was asked for (endpoints that ignore `stream`). */
      ignoreStream?: boolean;
    }
  /** An HTTP error with OpenAI's error body. */
  | { kind: 'error'; status: number; message: string; type?: string; code?: string | null }
  /** Never answers: the caller's time limit decides. */
  | { kind: 'hang' }
  /** Streams these pieces, then keeps the connection open without another byte. */
  | { kind: 'stall'; pieces: string[] }
  /** Streams these pieces, then cuts the connection (no finish_reason, no [DONE]). */
  | { kind: 'break'; pieces: string[] };

export interface ChatCompletionBody {
  model?: string;
  messages?: { role: string; content: string }[];
  stream?: boolean;
  temperature?: number;
  max_tokens?: number;
  [key: string]: unknown;
}

export interface FakeOpenAiRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The JSON body (undefined for GET or a body that is not JSON). */
  body: ChatCompletionBody | undefined;
}

export interface FakeOpenAi {
  /** The base URL a GenAI configuration would hold: http://127.0.0.1:<port>/v1 (no trailing slash). */
  baseUrl: string;
  /** The key the fake accepts. */
  apiKey: string;
  /** Every request received, in order. */
  requests: FakeOpenAiRequest[];
  /** Queues behaviours for the next completions requests, one each, in order. */
  next(...behaviours: FakeOpenAiBehaviour[]): void;
  /** What completions answer when nothing is queued. */
  always: FakeOpenAiBehaviour;
  /** Forgets recorded requests and queued behaviours; `always` back to the reply "OK". */
  reset(): void;
  close(): Promise<void>;
}

export const FAKE_OPENAI_MODEL = 'fake-gpt';

const defaultBehaviour = (): FakeOpenAiBehaviour => ({ kind: 'reply', text: 'OK' });

function errorBody(message: string, type: string, code: string | null) {
  return { error: { message, type, param: null, code } };
}

/** Word by word, each word with the spaces after it, so the pieces join back to the text. */
export function wordPieces(text: string): string[] {
  return text.match(/\s*\S+\s*/g) ?? (text ? [text] : []);
}

export async function startFakeOpenAi(options: { apiKey?: string } = {}): Promise<FakeOpenAi> {
  const apiKey = options.apiKey ?? 'sk-fake-test-key';
  const requests: FakeOpenAiRequest[] = [];
  const queue: FakeOpenAiBehaviour[] = [];
  const open = new Set<NodeJS.Timeout>();
  let counter = 0;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        open.delete(timer);
        resolve();
      }, ms);
      open.add(timer);
    });

  const sendJson = (response: http.ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  async function streamPieces(
    response: http.ServerResponse,
    pieces: readonly string[],
    model: string,
    then: 'finish' | 'stall' | 'break',
    delayMs = 0,
  ) {
    counter += 1;
    const id = `chatcmpl-fake${counter}`;
    const created = Math.floor(Date.now() / 1000);
    const event = (delta: { role?: string; content?: string }, finishReason: string | null) =>
      `data: ${JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        created,
        model,
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      })}\n\n`;
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    response.write(event({ role: 'assistant', content: '' }, null));
    for (const piece of pieces) {
      if (delayMs > 0) await sleep(delayMs);
      if (response.destroyed) return;
      response.write(event({ content: piece }, null));
    }
    if (then === 'stall') return;
    if (then === 'break') {
      // Let the pieces leave before the connection is cut.
      await sleep(20);
      response.socket?.destroy();
      return;
    }
    response.write(event({}, 'stop'));
    response.end('data: [DONE]\n\n');
  }

  async function completions(request: FakeOpenAiRequest, response: http.ServerResponse) {
    const body = request.body ?? {};
    const model = typeof body.model === 'string' ? body.model : FAKE_OPENAI_MODEL;
    const behaviour = queue.shift() ?? fake.always;
    switch (behaviour.kind) {
      case 'hang':
        return;
      case 'error':
        return sendJson(
          response,
          behaviour.status,
          errorBody(behaviour.message, behaviour.type ?? 'server_error', behaviour.code ?? null),
        );
      case 'stall':
        return streamPieces(response, behaviour.pieces, model, 'stall');
      case 'break':
        return streamPieces(response, behaviour.pieces, model, 'break');
      case 'reply': {
        const text = typeof behaviour.text === 'function' ? behaviour.text(body) : behaviour.text;
        if (body.stream === true && !behaviour.ignoreStream)
          return streamPieces(response, behaviour.pieces ?? wordPieces(text), model, 'finish', behaviour.delayMs);
        counter += 1;
        return sendJson(response, 200, {
          id: `chatcmpl-fake${counter}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model,
          choices: [{ index: 0, message: { role: 'assistant', content: text }, logprobs: null, finish_reason: 'stop' }],
          usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
        });
      }
    }
  }

  const server = http.createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const path = new URL(incoming.url ?? '/', 'http://fake.local').pathname;
      let body: ChatCompletionBody | undefined;
      try {
        body =
          chunks.length > 0 ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatCompletionBody) : undefined;
      } catch {
        body = undefined;
      }
      const request: FakeOpenAiRequest = { method: incoming.method ?? 'GET', path, headers: incoming.headers, body };
      requests.push(request);
      const authorization = String(incoming.headers.authorization ?? '');
      if (authorization !== `Bearer ${apiKey}`) {
        const given = authorization.replace(/^Bearer\s+/i, '');
        return sendJson(
          response,
          401,
          errorBody(
            `Incorrect API key provided: ${given ? `${given.slice(0, 3)}***${given.slice(-4)}` : 'none'}.`,
            'invalid_request_error',
            'invalid_api_key',
          ),
        );
      }
      if (request.method === 'GET' && path === '/v1/models')
        return sendJson(response, 200, {
          object: 'list',
          data: [{ id: FAKE_OPENAI_MODEL, object: 'model', created: 1_700_000_000, owned_by: 'parley-tests' }],
        });
      if (request.method === 'POST' && path === '/v1/chat/completions')
        return void completions(request, response).catch(() => response.destroy());
      sendJson(
        response,
        404,
        errorBody(`Unknown request URL: ${request.method} ${path}.`, 'invalid_request_error', null),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const fake: FakeOpenAi = {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    apiKey,
    requests,
    next(...behaviours) {
      queue.push(...behaviours);
    },
    always: defaultBehaviour(),
    reset() {
      requests.length = 0;
      queue.length = 0;
      fake.always = defaultBehaviour();
    },
    async close() {
      for (const timer of open) clearTimeout(timer);
      open.clear();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return fake;
}
