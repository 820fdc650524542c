import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { REALTIME_PROTOCOL, type ServerFrame } from '@parley/contracts/realtime';

/** A websocket client of /api/ws that records every frame and its close code, for tests. */
export interface RealtimeClient {
  frames: ServerFrame[];
  /** The close code once the server closed the socket (or -1 when it failed). */
  closed: Promise<number>;
  /** The close code, or a failure when the socket is still open after `timeoutMs`. */
  closeCode(timeoutMs?: number): Promise<number>;
  send(frame: object): void;
  /** Resolves with the first frame (already received or coming) that matches. */
  next(match: (frame: ServerFrame) => boolean, timeoutMs?: number): Promise<ServerFrame>;
  /** Events received so far, by name. */
  events(): { id: number; name: string; payload: unknown }[];
  close(): void;
}

export function listeningUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening');
  return `ws://127.0.0.1:${address.port}`;
}

/**
 * Connects with the session token, offered as the web app does (subprotocols `parley`, token), or
 * with `transport: 'query'` as clients before that did (`?token=`). With `since`, it does what the web app does: sends
 * `{type:'resume', since}` the moment the socket opens and waits for `ready`, after which live
 * events are guaranteed to arrive.
 */
export async function connectRealtime(
  app: FastifyInstance,
  token: string,
  options: { since?: number; transport?: 'protocol' | 'query' } = {},
): Promise<RealtimeClient> {
  const socket =
    options.transport === 'query'
      ? new WebSocket(`${listeningUrl(app)}/api/ws?token=${encodeURIComponent(token)}`)
      : new WebSocket(`${listeningUrl(app)}/api/ws`, token ? [REALTIME_PROTOCOL, token] : [REALTIME_PROTOCOL]);
  const frames: ServerFrame[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (raw) => {
    frames.push(JSON.parse(raw.toString()) as ServerFrame);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<number>((resolve) => {
    socket.on('close', (code) => resolve(code));
    socket.on('error', () => resolve(-1));
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => {
      if (options.since !== undefined) socket.send(JSON.stringify({ type: 'resume', since: options.since }));
      resolve();
    });
    socket.once('error', reject);
  });
  const client: RealtimeClient = {
    frames,
    closed,
    closeCode: (timeoutMs = 5000) =>
      Promise.race([
        closed,
        new Promise<number>((_, reject) =>
          setTimeout(() => reject(new Error(`the socket is still open after ${timeoutMs} ms`)), timeoutMs).unref(),
        ),
      ]),
    send: (frame) => socket.send(JSON.stringify(frame)),
    next(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = frames.find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    events: () =>
      frames.flatMap((frame) =>
        frame.type === 'event' ? [{ id: frame.id, name: frame.name, payload: frame.payload }] : [],
      ),
    close: () => socket.close(),
  };
  if (options.since !== undefined) await client.next((frame) => frame.type === 'ready');
  return client;
}

/** Lets frames that are on their way arrive (for asserting that something did not come). */
export function settle(ms = 300): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
