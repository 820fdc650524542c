import { RealtimeClient, type RealtimeSocket } from './realtime-client';

/** A WebSocket stand-in the test drives by hand. */
class FakeSocket implements RealtimeSocket {
  static instances: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | undefined;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(
    readonly url: string,
    readonly protocols: string[] = [],
  ) {
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  /** Server side. */
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(frame: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code }));
  }
}

const latest = () => FakeSocket.instances.at(-1)!;

function createClient(token: () => string | null = () => 'tok') {
  const reload = vi.fn();
  const client = new RealtimeClient({
    getToken: token,
    createSocket: (url, protocols) => new FakeSocket(url, protocols),
    buildUrl: () => 'ws://test/api/ws',
    reload,
  });
  return { client, reload };
}

describe('RealtimeClient', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('connects with the token as subprotocol, not in the URL, and asks for live events only on the first connection', () => {
    const { client } = createClient();
    client.start();
    expect(latest().url).toBe('ws://test/api/ws');
    expect(latest().protocols).toEqual(['parley', 'tok']);
    latest().open();
    expect(latest().sent).toEqual([{ type: 'resume' }]);
    client.stop();
  });

  it("by default opens this host's /api/ws with the browser's WebSocket, the token in Sec-WebSocket-Protocol", () => {
    const opened: { url: string; protocols: unknown }[] = [];
    vi.stubGlobal(
      'WebSocket',
      class extends FakeSocket {
        constructor(url: string, protocols: string[]) {
          super(url, protocols);
          opened.push({ url, protocols });
        }
      },
    );
    try {
      const client = new RealtimeClient({ getToken: () => 'session-token-1', reload: vi.fn() });
      client.start();
      expect(opened).toEqual([
        { url: `ws://${window.location.host}/api/ws`, protocols: ['parley', 'session-token-1'] },
      ]);
      client.stop();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('reconnects 2000 ms after a drop, then every 3000 ms', () => {
    const { client } = createClient();
    client.start();
    latest().open();
    latest().drop();

    vi.advanceTimersByTime(1999);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);

    latest().drop(); // the reconnection attempt fails
    vi.advanceTimersByTime(2999);
    expect(FakeSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(3);

    latest().drop();
    vi.advanceTimersByTime(3000);
    expect(FakeSocket.instances).toHaveLength(4);

    latest().open(); // connected again: the next drop starts over at 2000 ms
    latest().drop();
    vi.advanceTimersByTime(2000);
    expect(FakeSocket.instances).toHaveLength(5);
    client.stop();
  });

  it('reloads the page on close code 4001 and does not reconnect', () => {
    const { client, reload } = createClient();
    client.start();
    latest().open();
    latest().drop(4001);
    expect(reload).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.instances).toHaveLength(1);
    client.stop();
  });

  it('pings every 30 s and reconnects after 2 unanswered pings', () => {
    const { client } = createClient();
    client.start();
    const first = latest();
    first.open();

    vi.advanceTimersByTime(30_000);
    expect(first.sent.at(-1)).toEqual({ type: 'ping' });
    first.receive({ type: 'pong' });
    vi.advanceTimersByTime(30_000);
    vi.advanceTimersByTime(30_000);
    expect(first.sent.filter((frame) => (frame as { type: string }).type === 'ping')).toHaveLength(3);
    expect(first.closedWith).toBeUndefined();

    vi.advanceTimersByTime(30_000); // two pings in a row without a pong
    expect(first.closedWith).toBeDefined();
    vi.advanceTimersByTime(2000);
    expect(FakeSocket.instances).toHaveLength(2);
    client.stop();
  });

  it('delivers events by name and resumes after the last one it saw', () => {
    const { client } = createClient();
    const mails = vi.fn();
    const all = vi.fn();
    client.on('mail.queued', mails);
    client.on('*', all);
    client.start();
    latest().open();
    latest().receive({ type: 'ready', lastEventId: 4 });
    latest().receive({ type: 'event', id: 5, name: 'mail.queued', payload: { id: 'm1' }, at: '2026-11-21T10:00:00Z' });
    latest().receive({ type: 'event', id: 5, name: 'mail.queued', payload: { id: 'm1' }, at: '2026-11-21T10:00:00Z' });
    latest().receive({ type: 'event', id: 6, name: 'system.notice', payload: {}, at: '2026-11-21T10:00:01Z' });

    expect(mails).toHaveBeenCalledTimes(1);
    expect(mails.mock.calls[0]?.[0]).toMatchObject({ id: 5, payload: { id: 'm1' } });
    expect(all).toHaveBeenCalledTimes(2);
    expect(client.getLastEventId()).toBe(6);

    latest().drop();
    vi.advanceTimersByTime(2000);
    latest().open();
    expect(latest().sent[0]).toEqual({ type: 'resume', since: 6 });
    client.stop();
  });

  it('treats the first replay as history, but delivers what a reconnection missed', () => {
    const { client } = createClient();
    const notices = vi.fn();
    client.on('system.notice', notices);
    client.start();
    latest().open();
    latest().receive({ type: 'event', id: 3, name: 'system.notice', payload: {}, at: '2026-11-21T09:00:00Z' });
    latest().receive({ type: 'ready', lastEventId: 3 });
    expect(notices).not.toHaveBeenCalled();
    expect(client.getLastEventId()).toBe(3);

    latest().drop();
    vi.advanceTimersByTime(2000);
    latest().open();
    expect(latest().sent[0]).toEqual({ type: 'resume', since: 3 });
    latest().receive({ type: 'event', id: 4, name: 'system.notice', payload: {}, at: '2026-11-21T09:01:00Z' });
    latest().receive({ type: 'ready', lastEventId: 4 });
    expect(notices).toHaveBeenCalledTimes(1);
    client.stop();
  });

  it('delivers a late event with a smaller id once', () => {
    const { client } = createClient();
    const all = vi.fn();
    client.on('*', all);
    client.start();
    latest().open();
    latest().receive({ type: 'ready', lastEventId: 0 });
    for (const id of [2, 1, 2]) {
      latest().receive({ type: 'event', id, name: 'mail.queued', payload: {}, at: '2026-11-21T09:00:00Z' });
    }
    expect(all.mock.calls.map(([event]) => event.id)).toEqual([2, 1]);
    expect(client.getLastEventId()).toBe(2);
    client.stop();
  });

  it('stops reconnecting once signed out', () => {
    let token: string | null = 'tok';
    const { client } = createClient(() => token);
    client.start();
    latest().open();
    token = null;
    latest().drop();
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.instances).toHaveLength(1);

    token = 'tok';
    client.start();
    latest().open();
    client.stop();
    expect(latest().closedWith).toBe(1000);
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.instances).toHaveLength(2);
  });
});
