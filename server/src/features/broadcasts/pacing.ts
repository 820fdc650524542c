/**
 * Paces sends so that no window of one second (and, for smoothness, no tenth of a second) holds
 * more than the rate: a sliding-window log per window, kept as a ring of the last `limit` send
 * moments. A send may go when the oldest of those is a whole window old. Unlike a token bucket,
 * which lets a full bucket and its refill through in the same second, this bounds every window,
 * however it falls on the calendar.
 */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

class SlidingWindow {
  private readonly moments: number[];
  private next = 0;
  private count = 0;
  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {
    this.moments = new Array<number>(limit).fill(0);
  }
  /** Milliseconds to wait before one more send fits in every window ending at `now`. */
  waitAt(now: number): number {
    if (this.count < this.limit) return 0;
    const oldest = this.moments[this.next]!;
    return Math.max(0, oldest + this.windowMs - now);
  }
  record(now: number) {
    this.moments[this.next] = now;
    this.next = (this.next + 1) % this.limit;
    if (this.count < this.limit) this.count += 1;
  }
}

export interface RateLimiter {
  /** The messages per second (0: unpaced). */
  readonly rate: number;
  /** Resolves when one more send fits the rate, and counts it. Callers take one at a time. */
  take(): Promise<void>;
}

/** A limiter of `rate` sends per second; 0 (or less) lets everything through at once. */
export function createRateLimiter(rate: number, clock: Clock = systemClock): RateLimiter {
  if (!(rate > 0)) return { rate: 0, take: async () => undefined };
  const windows = [new SlidingWindow(rate, 1000)];
  // A second's messages spread over its tenths instead of leaving in one burst.
  if (rate >= 10) windows.push(new SlidingWindow(Math.ceil(rate / 10), 100));
  let queue: Promise<void> = Promise.resolve();
  async function takeOne() {
    for (;;) {
      const now = clock.now();
      const wait = Math.max(...windows.map((window) => window.waitAt(now)));
      if (wait <= 0) {
        for (const window of windows) window.record(now);
        return;
      }
      await clock.sleep(wait);
    }
  }
  return {
    rate,
    take() {
      // Concurrent callers are served in order.
      const turn = queue.then(takeOne);
      queue = turn.catch(() => undefined);
      return turn;
    },
  };
}
