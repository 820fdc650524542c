import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { clientFrame, type ServerFrame } from '@parley/contracts/realtime';
import { realtimeTimings, WS_INVALID_TOKEN } from '@parley/contracts/constants';
import type { EventBus, BusEvent } from './bus';
import type { SessionsService, AuthContext } from '../sessions';

/**
 * The one websocket at /api/ws, authenticated by the session token (`?token=`). An invalid or
 * revoked token closes with 4001. A client sends `{type:'resume', since}` to receive what it
 * missed, then live events; `{type:'ping'}` is answered with `{type:'pong'}`.
 */
export function registerRealtimeSocket(app: FastifyInstance, deps: { bus: EventBus; sessions: SessionsService }) {
  const sockets = new Set<WebSocket>();

  app.get('/api/ws', { websocket: true, config: { permission: 'public', audit: false } }, async (socket, request) => {
    const token = (request.query as { token?: string }).token ?? request.headers.authtoken;
    const auth = typeof token === 'string' ? await deps.sessions.resolve(token) : null;
    if (!auth) {
      socket.close(WS_INVALID_TOKEN, 'invalid token');
      return;
    }
    sockets.add(socket);
    attach(socket, auth);
  });

  function attach(socket: WebSocket, auth: AuthContext) {
    const send = (frame: ServerFrame) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
    };
    let resuming = false;
    let lastSent = 0;
    const queued: BusEvent[] = [];
    let alive = true;

    const deliver = (event: BusEvent) => {
      if (event.id <= lastSent) return;
      lastSent = event.id;
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

    socket.on('message', async (raw) => {
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
        const missed = await deps.bus.since(auth.enterpriseId, auth.userId, frame.since);
        if (lastSent < frame.since) lastSent = frame.since;
        for (const event of missed) deliver(event);
        for (const event of queued.splice(0)) deliver(event);
        send({ type: 'ready', lastEventId: Math.max(lastSent, await deps.bus.lastId()) });
      } finally {
        resuming = false;
      }
    });

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
