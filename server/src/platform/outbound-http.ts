import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { StringDecoder } from 'node:string_decoder';

/** Why an outbound call failed, in words an administrator understands. */
export class OutboundError extends Error {
  constructor(
    readonly reason: 'invalid_url' | 'blocked' | 'dns' | 'timeout' | 'too_large' | 'network' | 'aborted',
    message: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export interface OutboundRequest {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface OutboundStreamRequest extends OutboundRequest {
  /** Each piece of a 2xx answer's body as it arrives, decoded as UTF-8 (a character is never split). */
  onChunk(text: string): void;
  /** Aborting it ends the exchange: the call rejects with reason 'aborted'. */
  signal?: AbortSignal;
  /** The longest wait for the answer to start and between two pieces of it (default: the client's timeoutMs). */
  idleTimeoutMs?: number;
  /** The longest the whole exchange may take (default: the client's streamTimeoutMs). */
  totalTimeoutMs?: number;
}

export interface OutboundStreamResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Empty for a 2xx answer (its body went to onChunk); any other answer's whole body, to read its error. */
  body: string;
}

export interface OutboundHttp {
  request(input: OutboundRequest): Promise<OutboundResponse>;
  /**
   * The same guarded call, with the answer handed over piece by piece as it arrives (server-sent
   * events of an LLM). Optional so that recording fakes of `request` alone still fit; the client of
   * createOutboundHttp always has it.
   */
  stream?(input: OutboundStreamRequest): Promise<OutboundStreamResponse>;
}

export type StreamingOutboundHttp = OutboundHttp & Required<Pick<OutboundHttp, 'stream'>>;

/** Addresses no outbound call may reach unless allowed: private, loopback, link-local and the like. */
const privateRanges = (() => {
  const list = new net.BlockList();
  for (const [address, prefix] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ] as const)
    list.addSubnet(address, prefix, 'ipv4');
  for (const [address, prefix] of [
    ['::', 128],
    ['::1', 128],
    ['fc00::', 7],
    ['fe80::', 10],
    ['ff00::', 8],
    ['64:ff9b:1::', 48],
    ['2001:db8::', 32],
  ] as const)
    list.addSubnet(address, prefix, 'ipv6');
  return list;
})();

function parseAllowList(entries: readonly string[]) {
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = net.isIPv6(address) ? 'ipv6' : net.isIPv4(address) ? 'ipv4' : null;
    if (!family) throw new Error(`PARLEY_OUTBOUND_ALLOW: '${entry}' is not an address or CIDR range`);
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

/**
 * The eight 16-bit groups of an IPv6 address (one `net.isIPv6` accepts), a dotted IPv4 tail included.
 * Hand-written rather than ipaddr.js (2.5, already in the tree through proxy-addr): its parser
 * rewrites any dotted tail as IPv4-mapped, so `::1.2.3.4` (IPv4-compatible) comes back as
 * `::ffff:1.2.3.4`, a different address; checked on 2026-11-27. Node has no parser of its own.
 */
function ipv6Groups(address: string): number[] {
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const middle = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((group) => parseInt(group, 16));
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/**
 * The IPv4 addresses an IPv6 address carries and leads to: IPv4-compatible (::a.b.c.d), mapped
 * (::ffff:a.b.c.d), translated (::ffff:0:a.b.c.d), NAT64 (64:ff9b::a.b.c.d), 6to4 (2002:aabb:ccdd::),
 * Teredo (2001:0::, its server and its client, stored inverted) and ISATAP (…:0:5efe:a.b.c.d).
 * Each is checked against the IPv4 blocklist, so `[::127.0.0.1]` is as refused as 127.0.0.1.
 */
export function embeddedIPv4(address: string): string[] {
  const g = ipv6Groups(address);
  const zero = (from: number, to: number) => g.slice(from, to).every((group) => group === 0);
  const found: string[] = [];
  if (zero(0, 5) && (g[5] === 0 || g[5] === 0xffff)) found.push(ipv4Of(g[6]!, g[7]!));
  if (zero(0, 4) && g[4] === 0xffff && g[5] === 0) found.push(ipv4Of(g[6]!, g[7]!));
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) found.push(ipv4Of(g[6]!, g[7]!));
  if (g[0] === 0x2002) found.push(ipv4Of(g[1]!, g[2]!));
  if (g[0] === 0x2001 && g[1] === 0) found.push(ipv4Of(g[2]!, g[3]!), ipv4Of(g[6]! ^ 0xffff, g[7]! ^ 0xffff));
  if ((g[4] === 0 || g[4] === 0x200) && g[5] === 0x5efe) found.push(ipv4Of(g[6]!, g[7]!));
  return found;
}

/** A time limit in words: "300 ms", "10 seconds". */
const duration = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} seconds`);

/**
 * A guarded HTTP client for calls to addresses administrators type in (integration endpoints):
 * http(s) only; the host is resolved once and the connection pinned to that address (no DNS
 * rebinding); private and loopback addresses refused unless the allow-list names them; no
 * redirects followed; a time limit for the whole exchange and a size limit for the answer.
 * `stream` keeps every guard; its answer may take up to `streamTimeoutMs` as long as it never
 * pauses longer than `timeoutMs`.
 */
export function createOutboundHttp(
  options: { allow?: readonly string[]; timeoutMs?: number; maxBytes?: number; streamTimeoutMs?: number } = {},
): StreamingOutboundHttp {
  const allow = parseAllowList(options.allow ?? []);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBytes = options.maxBytes ?? 1024 * 1024;
  const streamTimeoutMs = options.streamTimeoutMs ?? 120_000;

  async function resolve(hostname: string) {
    const host = hostname.replace(/^\[|\]$/g, '');
    let found: { address: string; family: number }[];
    if (net.isIP(host)) found = [{ address: host, family: net.isIP(host) }];
    else {
      try {
        found = await dns.lookup(host, { all: true, verbatim: true });
      } catch {
        throw new OutboundError('dns', `The host '${host}' could not be found`);
      }
    }
    if (found.length === 0) throw new OutboundError('dns', `The host '${host}' could not be found`);
    const refused = (address: string, family: 'ipv4' | 'ipv6') =>
      privateRanges.check(address, family) && !allow.check(address, family);
    for (const { address } of found) {
      const blocked = net.isIPv6(address)
        ? refused(address, 'ipv6') || embeddedIPv4(address).some((ipv4) => refused(ipv4, 'ipv4'))
        : refused(address, 'ipv4');
      if (blocked) {
        throw new OutboundError('blocked', `The address of '${host}' is private or local and may not be called`);
      }
    }
    return found[0]!;
  }

  /** The checked URL, the address its host resolved to (and was allowed), and the options that pin it. */
  async function target(input: OutboundRequest) {
    let url: URL;
    try {
      url = new URL(input.url);
    } catch {
      throw new OutboundError('invalid_url', 'The address is not a valid URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new OutboundError('invalid_url', 'Only http and https addresses can be called');
    }
    const pinned = await resolve(url.hostname);
    const transport = url.protocol === 'https:' ? https : http;
    const requestOptions: http.RequestOptions = {
      method: input.method ?? 'GET',
      headers: {
        ...(input.body !== undefined ? { 'content-length': String(Buffer.byteLength(input.body)) } : {}),
        ...input.headers,
      },
      // Connect to the address checked above, never to a second answer of the DNS.
      lookup: (_hostname, lookupOptions, callback) => {
        if ((lookupOptions as { all?: boolean }).all) {
          (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [
            pinned,
          ]);
        } else callback(null, pinned.address, pinned.family);
      },
    };
    return { url, transport, requestOptions };
  }

  const connectionFailed = (error: Error) =>
    new OutboundError('network', `The connection failed (${(error as NodeJS.ErrnoException).code ?? error.message})`);

  const client: StreamingOutboundHttp = {
    async request(input) {
      const { url, transport, requestOptions } = await target(input);
      return new Promise<OutboundResponse>((resolvePromise, rejectPromise) => {
        let settled = false;
        const reject = (error: OutboundError) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          request.destroy();
          rejectPromise(error);
        };
        const request = transport.request(url, requestOptions, (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxBytes) return reject(new OutboundError('too_large', 'The answer was larger than allowed'));
            chunks.push(chunk);
          });
          response.on('end', () => {
            if (settled) return;
            settled = true;
            clearTimeout(timer);
            resolvePromise({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            });
          });
          response.on('error', () => reject(new OutboundError('network', 'The connection broke off')));
        });
        const timer = setTimeout(
          () => reject(new OutboundError('timeout', `No answer within ${Math.round(timeoutMs / 1000)} seconds`)),
          timeoutMs,
        );
        request.on('error', (error) => reject(connectionFailed(error)));
        if (input.body !== undefined) request.write(input.body);
        request.end();
      });
    },

    async stream(input) {
      const idleMs = input.idleTimeoutMs ?? timeoutMs;
      const totalMs = input.totalTimeoutMs ?? streamTimeoutMs;
      const aborted = () => new OutboundError('aborted', 'The call was stopped');
      if (input.signal?.aborted) throw aborted();
      const { url, transport, requestOptions } = await target(input);
      if (input.signal?.aborted) throw aborted();
      return new Promise<OutboundStreamResponse>((resolvePromise, rejectPromise) => {
        let settled = false;
        /** Whether the 2xx answer's body has started: a pause then means the stream stalled. */
        let started = false;
        let idleTimer: NodeJS.Timeout | undefined;
        const finish = () => {
          settled = true;
          clearTimeout(idleTimer);
          clearTimeout(totalTimer);
          input.signal?.removeEventListener('abort', onAbort);
        };
        const fail = (error: unknown) => {
          if (settled) return;
          finish();
          request.destroy();
          rejectPromise(error);
        };
        const idle = () => {
          clearTimeout(idleTimer);
          idleTimer = setTimeout(
            () =>
              fail(
                new OutboundError(
                  'timeout',
                  started
                    ? `The answer stopped for more than ${duration(idleMs)}`
                    : `No answer within ${duration(idleMs)}`,
                ),
              ),
            idleMs,
          );
        };
        const onAbort = () => fail(aborted());
        input.signal?.addEventListener('abort', onAbort, { once: true });
        const totalTimer = setTimeout(
          () => fail(new OutboundError('timeout', `The answer took longer than ${duration(totalMs)}`)),
          totalMs,
        );
        idle();
        const request = transport.request(url, requestOptions, (response) => {
          idle();
          const status = response.statusCode ?? 0;
          const streamed = status >= 200 && status < 300;
          const decoder = new StringDecoder('utf8');
          const errorChunks: Buffer[] = [];
          let size = 0;
          const deliver = (text: string) => {
            if (text === '') return;
            try {
              input.onChunk(text);
            } catch (error) {
              fail(error);
            }
          };
          response.on('data', (chunk: Buffer) => {
            if (settled) return;
            size += chunk.length;
            if (size > maxBytes) return fail(new OutboundError('too_large', 'The answer was larger than allowed'));
            started = true;
            idle();
            if (streamed) deliver(decoder.write(chunk));
            else errorChunks.push(chunk);
          });
          response.on('end', () => {
            if (settled) return;
            if (streamed) deliver(decoder.end());
            if (settled) return;
            finish();
            resolvePromise({
              status,
              headers: response.headers,
              body: streamed ? '' : Buffer.concat(errorChunks).toString('utf8'),
            });
          });
          response.on('error', () => fail(new OutboundError('network', 'The connection broke off')));
          // A connection closed before the end of the body (no 'end'): the stream broke.
          response.on('close', () => {
            if (!response.complete) fail(new OutboundError('network', 'The connection broke off'));
          });
        });
        request.on('error', (error) => fail(connectionFailed(error)));
        if (input.body !== undefined) request.write(input.body);
        request.end();
      });
    },
  };
  return client;
}
