import { describe, expect, it } from 'vitest';
import { createRateLimiter, type Clock } from './pacing';

/** A clock that only moves when the limiter sleeps. */
function fakeClock(start = 1_700_000_000_500): Clock & { slept: number[] } {
  let now = start;
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
  };
}

/** The most sends in any window of `windowMs` (every window starting at a send). */
function busiestWindow(moments: number[], windowMs: number) {
  let most = 0;
  let start = 0;
  for (let end = 0; end < moments.length; end += 1) {
    while (moments[end]! - moments[start]! >= windowMs) start += 1;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

describe('the broadcast rate limiter', () => {
  it('never lets more than the rate through in any one-second window, nor in any calendar second', async () => {
    const clock = fakeClock();
    const limiter = createRateLimiter(80, clock);
    const moments: number[] = [];
    for (let index = 0; index < 800; index += 1) {
      await limiter.take();
      moments.push(clock.now());
    }
    expect(busiestWindow(moments, 1000)).toBe(80);
    const perSecond = new Map<number, number>();
    for (const moment of moments)
      perSecond.set(Math.floor(moment / 1000), (perSecond.get(Math.floor(moment / 1000)) ?? 0) + 1);
    expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(80);
    // 800 messages at 80 a second take about ten seconds, not less.
    expect(moments.at(-1)! - moments[0]!).toBeGreaterThanOrEqual(9000);
    expect(moments.at(-1)! - moments[0]!).toBeLessThan(10_500);
  });

  it('spreads a second’s messages over its tenths instead of one burst', async () => {
    const clock = fakeClock();
    const limiter = createRateLimiter(80, clock);
    const moments: number[] = [];
    for (let index = 0; index < 160; index += 1) {
      await limiter.take();
      moments.push(clock.now());
    }
    expect(busiestWindow(moments, 100)).toBeLessThanOrEqual(8);
  });

  it('keeps the bound at 1,000 a second and for small rates', async () => {
    for (const rate of [1, 3, 1000]) {
      const clock = fakeClock();
      const limiter = createRateLimiter(rate, clock);
      const moments: number[] = [];
      for (let index = 0; index < rate * 3; index += 1) {
        await limiter.take();
        moments.push(clock.now());
      }
      expect(busiestWindow(moments, 1000)).toBeLessThanOrEqual(rate);
    }
  });

  it('serves callers that wait at the same time in order, within the rate', async () => {
    const clock = fakeClock();
    const limiter = createRateLimiter(10, clock);
    const moments: number[] = [];
    await Promise.all(Array.from({ length: 30 }, () => limiter.take().then(() => moments.push(clock.now()))));
    expect(moments).toHaveLength(30);
    expect(busiestWindow(moments, 1000)).toBeLessThanOrEqual(10);
  });

  it('lets everything through at once when unpaced (rate 0)', async () => {
    const clock = fakeClock();
    const limiter = createRateLimiter(0, clock);
    for (let index = 0; index < 5000; index += 1) await limiter.take();
    expect(clock.slept).toEqual([]);
  });
});
