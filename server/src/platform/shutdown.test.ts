import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTenant, createTestApp, type TestContext } from '../../test/test-app';

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Reads HTTP/1.1 responses (with content-length) off one connection until the server ends it. */
function readResponses(socket: net.Socket): Promise<RawResponse[]> {
  return new Promise((resolve, reject) => {
    let buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => (buffer = Buffer.concat([buffer, chunk])));
    socket.on('error', reject);
    socket.on('close', () => {
      const responses: RawResponse[] = [];
      let rest = buffer;
      while (rest.length > 0) {
        const headEnd = rest.indexOf('\r\n\r\n');
        if (headEnd < 0) break;
        const [statusLine, ...lines] = rest.subarray(0, headEnd).toString('latin1').split('\r\n');
        const headers: Record<string, string> = {};
        for (const line of lines) {
          const colon = line.indexOf(':');
          headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
        }
        const length = Number(headers['content-length'] ?? 0);
        const body = rest.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8');
        responses.push({ status: Number(statusLine!.split(' ')[1]), headers, body });
        rest = rest.subarray(headEnd + 4 + length);
      }
      resolve(responses);
    });
  });
}

function get(path: string) {
  return `GET ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: keep-alive\r\n\r\n`;
}

async function until(condition: () => boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('graceful shutdown', () => {
  let context: TestContext;
  let entered = false;
  let finish: () => void = () => undefined;

  beforeAll(async () => {
    context = await createTestApp({
      beforeReady: (app) => {
        // A request that takes as long as the test says: it is in flight while the server closes.
        app.get('/api/test/slow', { config: { permission: 'public' } }, async () => {
          entered = true;
          await new Promise<void>((resolve) => (finish = resolve));
          return { status: true, message: 'Success', data: { finished: true } };
        });
      },
    });
    await context.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    finish();
    await context?.close();
  });

  it('finishes the request in flight, refuses new work with 503, and closes open websockets', async () => {
    const { port } = context.app.server.address() as net.AddressInfo;
    const tenant = await createTenant(context);
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/ws?token=${tenant.token}`);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const wsClosed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));

    const connection = net.connect(port, '127.0.0.1');
    const responses = readResponses(connection);
    connection.write(get('/api/test/slow'));
    await until(() => entered, 'the slow request to start');

    let closed = false;
    const closing = context.app.close().then(() => (closed = true));
    await until(() => !context.app.server.listening, 'the server to stop listening');

    // New connections are no longer accepted...
    const refused = await new Promise<string>((resolve) => {
      const late = net.connect(port, '127.0.0.1');
      late.once('connect', () => resolve('connected'));
      late.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
    // ...and a new request on a connection that is still open is turned away with 503.
    connection.write(get('/api/health'));

    // Open websockets are closed so that clients reconnect to another instance.
    expect(await wsClosed).toBeGreaterThanOrEqual(1000);

    // The server waits for the request in flight before it finishes closing.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(closed).toBe(false);
    finish();
    await closing;

    const [first, second] = await responses;
    expect(first!.status).toBe(200);
    expect(JSON.parse(first!.body)).toEqual({ status: true, message: 'Success', data: { finished: true } });
    expect(second!.status).toBe(503);
    expect(second!.headers.connection).toBe('close');
  });
});
