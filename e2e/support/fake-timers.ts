import type { BrowserContext, Page } from '@playwright/test';

/**
 * A page clock the test moves by hand: setTimeout and setInterval of 250 ms or more, in every page of
 * the context, run only when `runTimersFor` says time has passed (shorter ones stay real, so tools
 * injected into the page, like the accessibility check, keep working). Playwright's own `page.clock` stopped taking effect with
 * Debian's Chromium 156.0.8078.108 (checked 2026-11-27: Date.now() and timers stay real after
 * `clock.install()`, while init scripts still run), so the stories that wait out a countdown bring
 * their own.
 */
export async function installFakeTimers(context: BrowserContext) {
  await context.addInitScript(() => {
    interface Timer {
      id: number;
      at: number;
      every: number | null;
      run: () => void;
    }
    let now = 0;
    let nextId = 1;
    const timers = new Map<number, Timer>();
    const real = { setTimeout: window.setTimeout, setInterval: window.setInterval, clear: window.clearTimeout };
    const FAKED_FROM_MS = 250;
    const schedule = (handler: TimerHandler, ms: number | undefined, repeat: boolean, args: unknown[]) => {
      const delay = Math.max(0, Number(ms) || 0);
      if (delay < FAKED_FROM_MS)
        return repeat ? real.setInterval(handler, delay, ...args) : real.setTimeout(handler, delay, ...args);
      // Fake ids count down from -1, so they never meet the browser's own (positive) ones.
      const id = -nextId++;
      const run = () => (typeof handler === 'function' ? (handler as (...a: unknown[]) => void)(...args) : undefined);
      timers.set(id, { id, at: now + delay, every: repeat ? Math.max(1, delay) : null, run });
      return id;
    };
    const clear = (id?: number) => {
      if (id === undefined) return;
      if (id < 0) timers.delete(id);
      else real.clear(id);
    };
    Object.assign(window, {
      setTimeout: (handler: TimerHandler, ms?: number, ...args: unknown[]) => schedule(handler, ms, false, args),
      setInterval: (handler: TimerHandler, ms?: number, ...args: unknown[]) => schedule(handler, ms, true, args),
      clearTimeout: clear,
      clearInterval: clear,
      __runTimersFor: (ms: number) => {
        const end = now + ms;
        for (;;) {
          const due = [...timers.values()]
            .filter((timer) => timer.at <= end)
            .sort((a, b) => a.at - b.at || a.id - b.id)[0];
          if (!due) break;
          now = due.at;
          if (due.every === null) timers.delete(due.id);
          else due.at += due.every;
          due.run();
        }
        now = end;
      },
    });
  });
}

/** Moves the page's fake clock on by `ms`, running the timers that come due, in order. */
export async function runTimersFor(page: Page, ms: number) {
  await page.evaluate(
    (duration) => (window as unknown as { __runTimersFor(ms: number): void }).__runTimersFor(duration),
    ms,
  );
}
