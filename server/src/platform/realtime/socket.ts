import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { clientFrame, REALTIME_PROTOCOL, type ServerFrame } from '@parley/contracts/realtime';
import { realtimeTimings, WS_INVALID_TOKEN } from '@parley/contracts/constants';
import type { EventBus, BusEvent } from './bus';
import type { SessionsService, AuthContext } from '../sessions';

/**
 * The session token of a websocket upgrade: offered as the second subprotocol after `parley`
 * (the web client's way), or, from clients older than that, the `?token=` query parameter or the
 * authtoken header. The logs never show it (platform/logging.ts redacts the URL).
 */
export function socketToken(request: FastifyRequest): string | undefined {
  const offered = request.headers['sec-websocket-protocol'];
  if (typeof offered === 'string') {
    const protocols = offered.split(',').map((protocol) => protocol.trim());
    if (protocols[0] === REALTIME_PROTOCOL && protocols[1]) return protocols[1];
  }
  const query = (request.query as { token?: unknown }).token;
  if (typeof query === 'string') return query;
  const header = request.headers.authtoken;
  return typeof header === 'string' ? header : undefined;
}

/** Answers the `parley` subprotocol when offered (the token beside it is never echoed). */
export function chooseProtocol(protocols: Set<string>): string | false {
  return protocols.has(REALTIME_PROTOCOL) ? REALTIME_PROTOCOL : false;
}

/**
 * The one websocket at /api/ws, authenticated by the session token (see socketToken). An invalid or
 * revoked token closes with 4001. A client sends `{type:'resume', since}` to receive what it
 * missed, then live events; `{type:'ping'}` is answered with `{type:'pong'}`.
 */
const REPLAY_PAGE = 500;
const MAX_REPLAY = 20_000;

/**
 * Decides which of the topics a socket asks for its user may receive (features register theirs:
 * the conversations feature answers for `chat:` topics). Topics nobody answers for are refused.
 */
export type TopicAuthorizer = (auth: AuthContext, topics: readonly string[]) => Promise<readonly string[]>;

/** Ids a socket remembers having sent (see createRecentIds). */
const RECENT_IDS = 256;

/**
 * The ids a socket sent last, to drop an event that comes a second time. That happens only around a
 * resume: an event replayed from the database and then emitted live, or sent live and replayed again
 * while the client's resume was in flight; the resume itself checks its replay against the events
 * queued meanwhile. So the last RECENT_IDS are enough, in a fixed ring of numbers: 2 KB a socket,
 * where a Set of the last 2,000 grew to 40 KB on every console of a busy queue.
 */
function createRecentIds() {
  const ids = new Float64Array(RECENT_IDS);
  let next = 0;
  let stored = 0;
  let newest = 0;
  return {
    has(id: number) {
      // Live events mostly come in id order: one newer than all sent was not sent.
      if (id > newest) return false;
      for (let index = 0; index < stored; index += 1) if (ids[index] === id) return true;
      return false;
    },
    add(id: number) {
      ids[next] = id;
      next = (next + 1) % RECENT_IDS;
      stored = Math.min(stored + 1, RECENT_IDS);
      newest = Math.max(newest, id);
    },
    newest: () => newest,
  };
}

/** A signed-in socket as the fan-out sees it. */
interface Listener {
  auth: AuthContext;
  topics: ReadonlySet<string>;
  /** `frame` serialises the event, once for all the sockets it reaches. */
  offer(event: BusEvent, frame: () => Buffer): void;
}

/** An event frame as it goes on the wire (a text frame: sent as bytes, encoded once). */
const eventFrame = (event: BusEvent) =>
  Buffer.from(
    JSON.stringify({
      type: 'event',
      id: event.id,
      name: event.name,
      payload: event.payload,
      at: event.at,
    } satisfies ServerFrame),
  );

/**
 * Offers per turn of the event loop. Sending a frame costs a system call (about 20 µs on the bench
 * machine), so a fan-out to 5,000 consoles held the loop for some 100 ms, and each of the twenty
 * database round trips of the next customer message that fell into one waited for it. In turns of
 * about 2 ms the answers come in between; the fan-out as a whole takes as long as before.
 */
const OFFERS_PER_TURN = 100;

/**
 * Who listens to what: sockets by enterprise, by user and by topic, so that an event is handed only
 * to the sockets it may concern (one agent's counts among 5,000 consoles asks one socket, not all)
 * and serialised once however many sockets receive it. Events go out in the order they came, each
 * to all its sockets before the next, a few hundred sockets per turn of the event loop.
 */
function createFanOut() {
  const byEnterprise = new Map<string, Set<Listener>>();
  const byUser = new Map<string, Set<Listener>>();
  const byTopic = new Map<string, Set<Listener>>();
  const pending: { event: BusEvent; listeners: Iterator<Listener>; frame: () => Buffer }[] = [];
  let draining = false;

  const join = (index: Map<string, Set<Listener>>, key: string, listener: Listener) => {
    const members = index.get(key);
    if (members) members.add(listener);
    else index.set(key, new Set([listener]));
  };
  const leave = (index: Map<string, Set<Listener>>, key: string, listener: Listener) => {
    const members = index.get(key);
    if (!members) return;
    members.delete(listener);
    if (members.size === 0) index.delete(key);
  };

  /** Makes up to OFFERS_PER_TURN offers, oldest event first, and comes back for the rest. */
  function drain() {
    draining = true;
    let budget = OFFERS_PER_TURN;
    while (budget > 0 && pending.length > 0) {
      const { event, listeners, frame } = pending[0]!;
      // A Set's iterator skips members removed meanwhile (closed sockets) and survives the wait.
      const next = listeners.next();
      if (next.done) {
        pending.shift();
        continue;
      }
      const listener = next.value;
      if (listener.auth.enterpriseId !== event.enterpriseId) continue;
      if (event.topic && !listener.topics.has(event.topic)) continue;
      listener.offer(event, frame);
      budget -= 1;
    }
    if (pending.length > 0) setImmediate(drain);
    else draining = false;
  }

  return {
    add(listener: Listener) {
      join(byEnterprise, listener.auth.enterpriseId, listener);
      join(byUser, listener.auth.userId, listener);
      for (const topic of listener.topics) join(byTopic, topic, listener);
    },
    remove(listener: Listener) {
      leave(byEnterprise, listener.auth.enterpriseId, listener);
      leave(byUser, listener.auth.userId, listener);
      for (const topic of listener.topics) leave(byTopic, topic, listener);
    },
    /** Moves the listener's topics from `before` to its current set. */
    retopic(listener: Listener, before: ReadonlySet<string>) {
      for (const topic of before) if (!listener.topics.has(topic)) leave(byTopic, topic, listener);
      for (const topic of listener.topics) if (!before.has(topic)) join(byTopic, topic, listener);
    },
    deliver(event: BusEvent) {
      const candidates = event.userId
        ? byUser.get(event.userId)
        : event.topic
          ? byTopic.get(event.topic)
          : byEnterprise.get(event.enterpriseId);
      if (!candidates) return;
      let bytes: Buffer | undefined;
      pending.push({ event, listeners: candidates.values(), frame: () => (bytes ??= eventFrame(event)) });
      if (!draining) drain();
    },
  };
}

export function registerRealtimeSocket(
  app: FastifyInstance,
  deps: { bus: EventBus; sessions: SessionsService; authorizeTopics?: TopicAuthorizer },
) {
  const sockets = new Set<WebSocket>();
  const fanOut = createFanOut();
  const unsubscribe = deps.bus.subscribe((event) => fanOut.deliver(event));

  app.get('/api/ws', { websocket: true, config: { permission: 'public', audit: false } }, async (socket, request) => {
    // A client sends `resume` the moment the socket opens, before its token is checked: hold those frames.
    const early: RawData[] = [];
    const hold = (raw: RawData) => early.push(raw);
    socket.on('message', hold);
    const token = socketToken(request);
    const auth = token ? await deps.sessions.resolve(token) : null;
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
    const sent = createRecentIds();
    const queued: { event: BusEvent; frame: () => Buffer }[] = [];
    let alive = true;

    const deliver = (event: BusEvent, frame: () => Buffer) => {
      if (event.id <= floor || sent.has(event.id)) return;
      sent.add(event.id);
      if (socket.readyState === socket.OPEN) socket.send(frame(), { binary: false });
      if (event.name === 'session.revoked' && (event.payload as { sessionId?: string }).sessionId === auth.sessionId) {
        socket.close(WS_INVALID_TOKEN, 'session revoked');
      }
    };
    const listener: Listener = {
      auth,
      topics: new Set<string>(),
      offer(event, frame) {
        if (resuming) queued.push({ event, frame });
        else deliver(event, frame);
      },
    };
    fanOut.add(listener);
    const setTopics = async (asked: readonly string[] | undefined) => {
      if (asked === undefined) return;
      const unique = [...new Set(asked)];
      const allowed = unique.length && deps.authorizeTopics ? await deps.authorizeTopics(auth, unique) : [];
      const before = listener.topics;
      listener.topics = new Set(allowed);
      fanOut.retopic(listener, before);
    };

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
      if (frame.type === 'subscribe') {
        await setTopics(frame.topics);
        return;
      }
      resuming = true;
      try {
        await setTopics(frame.topics);
        const latest = await deps.bus.lastId();
        const since = frame.since ?? latest;
        const missed: BusEvent[] = [];
        // Everything after `since`, page by page, so a long absence loses nothing.
        for (let cursor = since; frame.since !== undefined;) {
          const page = await deps.bus.since(auth.enterpriseId, auth.userId, cursor, REPLAY_PAGE, [...listener.topics]);
          missed.push(...page);
          if (page.length < REPLAY_PAGE || missed.length >= MAX_REPLAY) break;
          cursor = page.at(-1)!.id;
        }
        // No await from here on: events that arrived meanwhile are queued and go out before `ready`.
        floor = Math.max(floor, since);
        for (const event of missed) deliver(event, () => eventFrame(event));
        const replayed = new Set(missed.map((event) => event.id));
        for (const { event, frame: bytes } of queued.splice(0)) if (!replayed.has(event.id)) deliver(event, bytes);
        send({ type: 'ready', lastEventId: Math.max(sent.newest(), floor, latest) });
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
      fanOut.remove(listener);
      sockets.delete(socket);
    });
  }

  app.addHook('onClose', async () => {
    unsubscribe();
    for (const socket of sockets) socket.close(1001, 'server shutting down');
  });
}
