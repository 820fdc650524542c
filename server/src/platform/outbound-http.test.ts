import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundHttp, embeddedIPv4, OutboundError } from './outbound-http';

let server: http.Server;
let base: string;
/** Lets /gated write its second piece: released by the test once the first piece has arrived. */
let releaseGate: () => void = () => undefined;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url === '/slow') return void setTimeout(() => response.end('late'), 2000);
    if (request.url === '/big') return void response.end('x'.repeat(5000));
    if (request.url === '/gated') {
      response.write('first ');
      return void new Promise<void>((resolve) => (releaseGate = resolve)).then(() => response.end('second'));
    }
    if (request.url === '/utf8') {
      const bytes = Buffer.from('café ☕', 'utf8');
      // Split inside the two-byte é and inside the three-byte ☕.
      response.write(bytes.subarray(0, 4));
      setTimeout(() => response.write(bytes.subarray(4, 7)), 20);
      return void setTimeout(() => response.end(bytes.subarray(7)), 40);
    }
    if (request.url === '/drip') {
      const drip = setInterval(() => response.write('.'), 50);
      return void response.on('close', () => clearInterval(drip));
    }
    if (request.url === '/stall') return void response.write('only this');
    if (request.url === '/break') {
      response.write('half an ans');
      return void setTimeout(() => response.socket?.destroy(), 30);
    }
    if (request.url === '/refused') {
      response.writeHead(500, { 'content-type': 'application/json' });
      return void response.end('{"error":{"message":"overloaded"}}');
    }
    if (request.url === '/echo') {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      return void request.on('end', () =>
        response.end(`${request.method} ${request.headers['x-test'] ?? ''} ${Buffer.concat(chunks).toString()}`),
      );
    }
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

describe('outbound HTTP, streamed', () => {
  const client = createOutboundHttp({ allow: ['127.0.0.1'], timeoutMs: 300, maxBytes: 1000 });
  const collect = () => {
    const pieces: string[] = [];
    return { pieces, onChunk: (text: string) => void pieces.push(text) };
  };

  it('hands over each piece as it arrives, before the answer has ended', async () => {
    const { pieces, onChunk } = collect();
    const answer = client.stream({
      url: `${base}/gated`,
      onChunk: (text) => {
        onChunk(text);
        // The server writes the rest only once the first piece is here: a buffering client would time out.
        releaseGate();
      },
    });
    expect(await answer).toMatchObject({ status: 200, body: '' });
    expect(pieces.join('')).toBe('first second');
    expect(pieces[0]).toBe('first ');
  });

  it('sends the method, headers and body like request()', async () => {
    const { pieces, onChunk } = collect();
    await client.stream({
      url: `${base}/echo`,
      method: 'POST',
      headers: { 'x-test': 'yes' },
      body: '{"a":1}',
      onChunk,
    });
    expect(pieces.join('')).toBe('POST yes {"a":1}');
  });

  it('never splits a character between pieces', async () => {
    const { pieces, onChunk } = collect();
    await client.stream({ url: `${base}/utf8`, onChunk });
    expect(pieces.join('')).toBe('café ☕');
    expect(pieces.every((piece) => !piece.includes('\uFFFD'))).toBe(true);
    expect(pieces.length).toBeGreaterThan(1);
  });

  it('returns the whole body of an error answer instead of streaming it', async () => {
    const { pieces, onChunk } = collect();
    const answer = await client.stream({ url: `${base}/refused`, onChunk });
    expect(answer).toMatchObject({ status: 500, body: '{"error":{"message":"overloaded"}}' });
    expect(pieces).toEqual([]);
  });

  it('keeps the address guards', async () => {
    const guarded = createOutboundHttp();
    for (const url of [base, 'http://[::ffff:10.0.0.1]/', 'http://169.254.169.254/'])
      await expect(guarded.stream({ url, onChunk: () => undefined }), url).rejects.toMatchObject({ reason: 'blocked' });
    await expect(client.stream({ url: 'file:///etc/passwd', onChunk: () => undefined })).rejects.toMatchObject({
      reason: 'invalid_url',
    });
  });

  it('gives up when no answer comes, when the answer stalls, and when it never ends', async () => {
    await expect(client.stream({ url: `${base}/slow`, onChunk: () => undefined })).rejects.toMatchObject({
      reason: 'timeout',
      message: 'No answer within 300 ms',
    });
    const { pieces, onChunk } = collect();
    await expect(client.stream({ url: `${base}/stall`, onChunk })).rejects.toMatchObject({
      reason: 'timeout',
      message: 'The answer stopped for more than 300 ms',
    });
    expect(pieces).toEqual(['only this']);
    // A piece every 50 ms never trips the 300 ms pause, but the whole exchange has a limit.
    const started = Date.now();
    await expect(
      client.stream({ url: `${base}/drip`, onChunk: () => undefined, totalTimeoutMs: 700 }),
    ).rejects.toMatchObject({ reason: 'timeout', message: 'The answer took longer than 700 ms' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(650);
  });

  it('stops at the size limit', async () => {
    const { pieces, onChunk } = collect();
    await expect(client.stream({ url: `${base}/big`, onChunk })).rejects.toMatchObject({ reason: 'too_large' });
    expect(pieces.join('').length).toBeLessThanOrEqual(1000);
  });

  it('reports a connection that breaks off in the middle of the answer', async () => {
    const { pieces, onChunk } = collect();
    await expect(client.stream({ url: `${base}/break`, onChunk })).rejects.toMatchObject({ reason: 'network' });
    expect(pieces.join('')).toBe('half an ans');
  });

  it('stops when the caller aborts, and passes on an error thrown by onChunk', async () => {
    const controller = new AbortController();
    const dripping = client.stream({
      url: `${base}/drip`,
      signal: controller.signal,
      onChunk: () => controller.abort(),
    });
    await expect(dripping).rejects.toMatchObject({ reason: 'aborted' });
    await expect(
      client.stream({ url: base, signal: AbortSignal.abort(), onChunk: () => undefined }),
    ).rejects.toBeInstanceOf(OutboundError);
    const refusal = new Error('enough');
    await expect(
      client.stream({
        url: `${base}/drip`,
        onChunk: () => {
          throw refusal;
        },
      }),
    ).rejects.toBe(refusal);
  });
});
