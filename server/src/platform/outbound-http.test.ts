import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundHttp, embeddedIPv4 } from './outbound-http';

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

  it('refuses IPv6 addresses that carry a private IPv4 address, whatever the form', async () => {
    const guarded = createOutboundHttp();
    for (const url of [
      'http://[::127.0.0.1]/', // IPv4-compatible
      'http://[::7f00:1]/',
      'http://[::ffff:127.0.0.1]/', // mapped
      'http://[::ffff:0:127.0.0.1]/', // translated (SIIT)
      'http://[::ffff:0:a9fe:a9fe]/',
      'http://[64:ff9b::10.0.0.1]/', // NAT64
      'http://[64:ff9b:1::a00:1]/', // local-use NAT64
      'http://[2002:a9fe:a9fe::1]/', // 6to4 of 169.254.169.254
      'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', // Teredo, client 127.0.0.1
      'http://[2001:db8:1::5efe:c0a8:101]/', // ISATAP of 192.168.1.1
    ]) {
      await expect(guarded.request({ url }), url).rejects.toMatchObject({ reason: 'blocked' });
    }
  });

  it('reads the IPv4 address inside each IPv6 form', () => {
    expect(embeddedIPv4('::127.0.0.1')).toEqual(['127.0.0.1']);
    expect(embeddedIPv4('::ffff:0:7f00:1')).toEqual(['127.0.0.1']);
    expect(embeddedIPv4('64:ff9b::8.8.8.8')).toEqual(['8.8.8.8']);
    expect(embeddedIPv4('2002:0808:0808::')).toEqual(['8.8.8.8']);
    expect(embeddedIPv4('2001:db8::1')).toEqual([]);
    expect(embeddedIPv4('2606:4700::6810:84e5')).toEqual([]);
  });

  it('still lets an IPv6 form of a public IPv4 address through the blocklist check', async () => {
    // NAT64 of a public address: refused by the network here, not by the blocklist.
    const guarded = createOutboundHttp({ timeoutMs: 300 });
    await expect(guarded.request({ url: 'http://[64:ff9b::808:808]:9/' })).rejects.not.toMatchObject({
      reason: 'blocked',
    });
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
