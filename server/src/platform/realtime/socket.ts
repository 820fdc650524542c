import type { FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { clientFrame, type ServerFrame } from '@parley/contracts/realtime';
import { realtimeTimings, WS_INVALID_TOKEN } from '@parley/contracts/constants';
import type { EventBus, BusEvent } from './bus';
import type { SessionsService, AuthContext } from '../sessions';

/**
 * The one websocket at /api/ws, authenticated by the session token (`?token=`). An invalid or
 * revoked token closes with 4001. A client sends `{type:'resume', since}` to receive what it
 * missed, then live events; `{type:'ping'}` is answered with `{type:'pong'}`.
 */
const REPLAY_PAGE = 500;
const MAX_REPLAY = 20_000;

export function registerRealtimeSocket(app: FastifyInstance, deps: { bus: EventBus; sessions: SessionsService }) {
  const sockets = new Set<WebSocket>();

  app.get('/api/ws', { websocket: true, config: { permission: 'public', audit: false } }, async (socket, request) => {
    // A client sends `resume` the moment the socket opens, before its token is checked: hold those frames.
    const early: RawData[] = [];
    const hold = (raw: RawData) => early.push(raw);
    socket.on('message', hold);
    const token = (request.query as { token?: string }).token ?? request.headers.authtoken;
    const auth = typeof token === 'string' ? await deps.sessions.resolve(token) : null;
    socket.off('message', hold);
    if (!auth) {
      socket.close(WS_INVALID_TOKEN, 'invalid token');
      return;
    }
    if (socket.readyState !== socket.OPEN) return;
    sockets.add(socket);
    attach(socket, auth, early);
  });

  function attach(socket: WebSocket, auth: AuthContext, early: RawData[]) {
    const send = (frame: ServerFrame) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
    };
    let resuming = false;
    // The client has every event up to `floor` (its resume point). Events can reach this socket out
    // of id order (concurrent publishers, several instances), so duplicates are found by id, not by
    // a high-water mark that would drop a late, smaller id.
    let floor = 0;
    let newest = 0;
    const sent = new Set<number>();
    const queued: BusEvent[] = [];
    let alive = true;

    const deliver = (event: BusEvent) => {
      if (event.id <= floor || sent.has(event.id)) return;
      sent.add(event.id);
      if (sent.size > 2000) sent.delete(sent.values().next().value!);
      newest = Math.max(newest, event.id);
      send({ type: 'event', id: event.id, name: event.name, payload: event.payload, at: event.at });
      if (event.name === 'session.revoked' && (event.payload as { sessionId?: string }).sessionId === auth.sessionId) {
        socket.close(WS_INVALID_TOKEN, 'session revoked');
      }
    };
    const unsubscribe = deps.bus.subscribe((event) => {
      if (event.enterpriseId !== auth.enterpriseId) return;
      if (event.userId && event.userId !== auth.userId) return;
      if (resuming) queued.push(event);
      else deliver(event);
    });

    const heartbeat = setInterval(() => {
      if (!alive) {
        socket.terminate();
        return;
      }
      alive = false;
      socket.ping();
    }, realtimeTimings.pingMs);
    socket.on('pong', () => {
      alive = true;
    });

    const receive = async (raw: RawData) => {
      alive = true;
      let frame;
      try {
        frame = clientFrame.parse(JSON.parse(raw.toString()));
      } catch {
        return;
      }
      if (frame.type === 'ping') {
        send({ type: 'pong' });
        return;
      }
      resuming = true;
      try {
        const latest = await deps.bus.lastId();
        const since = frame.since ?? latest;
        const missed: BusEvent[] = [];
        // Everything after `since`, page by page, so a long absence loses nothing.
        for (let cursor = since; frame.since !== undefined;) {
          const page = await deps.bus.since(auth.enterpriseId, auth.userId, cursor, REPLAY_PAGE);
          missed.push(...page);
          if (page.length < REPLAY_PAGE || missed.length >= MAX_REPLAY) break;
          cursor = page.at(-1)!.id;
        }
        // No await from here on: events that arrived meanwhile are queued and go out before `ready`.
        floor = Math.max(floor, since);
        for (const event of missed) deliver(event);
        for (const event of queued.splice(0)) deliver(event);
        send({ type: 'ready', lastEventId: Math.max(newest, floor, latest) });
      } finally {
        resuming = false;
      }
    };
    const handle = (raw: RawData) =>
      receive(raw).catch((error: unknown) => {
        app.log.error({ err: error }, 'realtime frame failed');
        socket.close(1011, 'server error');
      });
    socket.on('message', handle);
    for (const raw of early) void handle(raw);

    socket.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      sockets.delete(socket);
    });
  }

  app.addHook('onClose', async () => {
    for (const socket of sockets) socket.close(1001, 'server shutting down');
  });
}
