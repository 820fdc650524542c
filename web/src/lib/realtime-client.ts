import { WS_INVALID_TOKEN, realtimeTimings } from '@parley/contracts/constants';
import {
  REALTIME_PROTOCOL,
  type ClientFrame,
  type RealtimeEvent,
  type RealtimeEventName,
} from '@parley/contracts/realtime';

export type RealtimeListener = (event: RealtimeEvent) => void;

/** The part of the browser WebSocket this client uses (tests pass a fake). */
export interface RealtimeSocket {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface RealtimeClientOptions {
  /** The current session token; no token means signed out and no (re)connection. */
  getToken: () => string | null;
  /** Opens the socket; the session token travels as the second subprotocol, never in the URL. */
  createSocket?: (url: string, protocols: string[]) => RealtimeSocket;
  buildUrl?: () => string;
  /** Called when the server closes with 4001 (invalid token). */
  reload?: () => void;
}

const OPEN = 1;
const MAX_REMEMBERED_IDS = 2000;

function defaultUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/api/ws`;
}

/**
 * The console's one websocket (platform §4.4): resume from the last event id after every
 * (re)connection, ping every 30 s and reconnect after 2 unanswered pings, reconnect 2000 ms
 * after a drop and then every 3000 ms while signed in, reload on close code 4001.
 *
 * The server answers `resume` with the events after `since`, then `ready`. On the first
 * connection of a page (since 0) those are history the page has already loaded through its
 * queries, so they only move the event id; after a reconnection they are what was missed and
 * are delivered. Events are de-duplicated by id (they may arrive out of id order).
 */
export class RealtimeClient {
  private readonly getToken: () => string | null;
  private readonly createSocket: (url: string, protocols: string[]) => RealtimeSocket;
  private readonly buildUrl: () => string;
  private readonly reload: () => void;
  private readonly listeners = new Map<string, Set<RealtimeListener>>();
  /** Topics asked for by the page, with how many subscribers each has. */
  private readonly topics = new Map<string, number>();

  private socket: RealtimeSocket | null = null;
  private running = false;
  private lastEventId = 0;
  private readonly seenIds = new Set<number>();
  /** True from `start()` until the first `ready`: replayed events are history, not news. */
  private catchingUp = true;
  private unansweredPings = 0;
  private reconnectAttempts = 0;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: RealtimeClientOptions) {
    this.getToken = options.getToken;
    this.createSocket = options.createSocket ?? ((url, protocols) => new WebSocket(url, protocols));
    this.buildUrl = options.buildUrl ?? defaultUrl;
    this.reload = options.reload ?? (() => window.location.reload());
  }

  /** Connects if signed in; safe to call repeatedly. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.catchingUp = true;
    this.connect();
  }

  /** Closes the socket and stops reconnecting (sign-out). The last event id is forgotten. */
  stop(): void {
    this.running = false;
    this.clearTimers();
    const socket = this.detachSocket();
    socket?.close(1000, 'signed out');
    this.lastEventId = 0;
    this.seenIds.clear();
    this.reconnectAttempts = 0;
  }

  /** Listens to one event name, or to every event with '*'. Returns the unsubscribe function. */
  on(name: RealtimeEventName | '*', listener: RealtimeListener): () => void {
    let set = this.listeners.get(name);
    if (!set) {
      set = new Set();
      this.listeners.set(name, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  /**
   * Receives the events of these topics (a chat queue, one conversation) until the returned function
   * is called. The server checks each topic against the user's rights and ignores the others.
   */
  subscribe(topics: readonly string[]): () => void {
    for (const topic of topics) this.topics.set(topic, (this.topics.get(topic) ?? 0) + 1);
    this.sendTopics();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      for (const topic of topics) {
        const count = (this.topics.get(topic) ?? 0) - 1;
        if (count > 0) this.topics.set(topic, count);
        else this.topics.delete(topic);
      }
      this.sendTopics();
    };
  }

  private sendTopics(): void {
    this.send({ type: 'subscribe', topics: [...this.topics.keys()] });
  }

  getLastEventId(): number {
    return this.lastEventId;
  }

  isConnected(): boolean {
    return this.socket !== null && this.socket.readyState === OPEN;
  }

  private connect(): void {
    const token = this.getToken();
    if (!token) {
      this.running = false;
      return;
    }
    // In the Sec-WebSocket-Protocol header the token stays out of server, proxy and browser logs.
    const socket = this.createSocket(this.buildUrl(), [REALTIME_PROTOCOL, token]);
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.reconnectAttempts = 0;
      this.unansweredPings = 0;
      // First connection: live events only. Reconnection: everything after the last event seen.
      const topics = [...this.topics.keys()];
      this.send(
        this.catchingUp
          ? { type: 'resume', ...(topics.length ? { topics } : {}) }
          : { type: 'resume', since: this.lastEventId, ...(topics.length ? { topics } : {}) },
      );
      this.pingTimer = setInterval(() => this.heartbeat(), realtimeTimings.pingMs);
    };
    socket.onmessage = (message) => {
      if (this.socket !== socket) return;
      this.handleFrame(message.data);
    };
    socket.onerror = () => {
      // A close event always follows; reconnection is decided there.
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.detachSocket();
      this.clearPing();
      if (event.code === WS_INVALID_TOKEN) {
        this.running = false;
        this.clearTimers();
        this.reload();
        return;
      }
      this.scheduleReconnect();
    };
  }

  private heartbeat(): void {
    if (this.unansweredPings >= realtimeTimings.maxMissedPings) {
      const socket = this.detachSocket();
      this.clearPing();
      socket?.close(4000, 'heartbeat timeout');
      this.scheduleReconnect();
      return;
    }
    this.unansweredPings += 1;
    this.send({ type: 'ping' });
  }

  private scheduleReconnect(): void {
    if (!this.running || this.reconnectTimer !== null) return;
    const delay =
      this.reconnectAttempts === 0 ? realtimeTimings.reconnectInitialMs : realtimeTimings.reconnectIntervalMs;
    this.reconnectAttempts += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.running) return;
      this.connect();
    }, delay);
  }

  private handleFrame(raw: unknown): void {
    if (typeof raw !== 'string') return;
    let frame: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed === null || typeof parsed !== 'object') return;
      frame = parsed as Record<string, unknown>;
    } catch {
      return;
    }
    switch (frame.type) {
      case 'pong':
        this.unansweredPings = 0;
        return;
      case 'ready':
        if (typeof frame.lastEventId === 'number') this.lastEventId = Math.max(this.lastEventId, frame.lastEventId);
        this.catchingUp = false;
        return;
      case 'event': {
        if (typeof frame.id !== 'number' || typeof frame.name !== 'string') return;
        if (this.seenIds.has(frame.id)) return;
        this.seenIds.add(frame.id);
        if (this.seenIds.size > MAX_REMEMBERED_IDS) this.seenIds.delete(this.seenIds.values().next().value!);
        this.lastEventId = Math.max(this.lastEventId, frame.id);
        if (this.catchingUp) return;
        const event: RealtimeEvent = {
          type: 'event',
          id: frame.id,
          name: frame.name,
          payload: frame.payload,
          at: typeof frame.at === 'string' ? frame.at : new Date().toISOString(),
        };
        this.dispatch(event);
        return;
      }
      default:
        return;
    }
  }

  private dispatch(event: RealtimeEvent): void {
    for (const key of [event.name, '*']) {
      for (const listener of this.listeners.get(key) ?? []) {
        try {
          listener(event);
        } catch (error) {
          console.error(`Realtime listener for "${event.name}" failed`, error);
        }
      }
    }
  }

  private send(frame: ClientFrame): void {
    if (this.socket && this.socket.readyState === OPEN) this.socket.send(JSON.stringify(frame));
  }

  private detachSocket(): RealtimeSocket | null {
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onerror = null;
      socket.onclose = null;
    }
    return socket;
  }

  private clearPing(): void {
    if (this.pingTimer !== null) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  private clearTimers(): void {
    this.clearPing();
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }
}
