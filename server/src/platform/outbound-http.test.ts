import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundHttp } from './outbound-http';

let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url === '/slow') return void setTimeout(() => response.end('late'), 2000);
    if (request.url === '/big') return void response.end('x'.repeat(5000));
    response.end('hello');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('outbound HTTP', () => {
  it('refuses loopback, private and link-local addresses unless the allow-list names them', async () => {
    const guarded = createOutboundHttp();
    for (const url of [
      base,
      'http://localhost:9/',
      'http://[::1]:9/',
      'http://169.254.169.254/',
      'http://[::ffff:10.0.0.1]/',
    ]) {
      await expect(guarded.request({ url })).rejects.toMatchObject({ reason: 'blocked' });
    }
    const allowed = createOutboundHttp({ allow: ['127.0.0.0/8'] });
    expect(await allowed.request({ url: base })).toMatchObject({ status: 200, body: 'hello' });
  });

  it('calls only http and https', async () => {
    const client = createOutboundHttp({ allow: ['127.0.0.1'] });
    await expect(client.request({ url: 'file:///etc/passwd' })).rejects.toMatchObject({ reason: 'invalid_url' });
    await expect(client.request({ url: 'not a url' })).rejects.toMatchObject({ reason: 'invalid_url' });
  });

  it('gives up after the time limit and refuses answers larger than the size limit', async () => {
    const client = createOutboundHttp({ allow: ['127.0.0.1'], timeoutMs: 200, maxBytes: 1000 });
    await expect(client.request({ url: `${base}/slow` })).rejects.toMatchObject({ reason: 'timeout' });
    await expect(client.request({ url: `${base}/big` })).rejects.toMatchObject({ reason: 'too_large' });
  });
});
