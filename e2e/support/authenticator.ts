import { generate } from 'otplib';

const PERIOD_SECONDS = 30;
/** Never hand out the previous step's code this close to a step boundary (it would expire in flight). */
const SAFETY_SECONDS = 5;

/**
 * An authenticator app for one two-factor secret. The server accepts the codes of the previous,
 * current and next 30-s time step, but each step only once (a code whose time step was already
 * used is refused), so this app hands out the earliest step that is still unused and safely
 * inside the window; when none is left it waits for the next time step (at most one).
 */
export class Authenticator {
  private lastStep = Number.NEGATIVE_INFINITY;

  constructor(readonly secret: string) {}

  async nextCode(): Promise<string> {
    for (;;) {
      const now = Date.now() / 1000;
      const current = Math.floor(now / PERIOD_SECONDS);
      const secondsLeft = (current + 1) * PERIOD_SECONDS - now;
      const window = [...(secondsLeft > SAFETY_SECONDS ? [current - 1] : []), current, current + 1];
      const step = window.find((candidate) => candidate > this.lastStep);
      if (step !== undefined) {
        this.lastStep = step;
        return generate({ secret: this.secret, epoch: step * PERIOD_SECONDS });
      }
      // Every step the server would accept now has been used: wait for the next time step.
      await new Promise((resolve) => setTimeout(resolve, Math.ceil(secondsLeft * 1000) + 100));
    }
  }

  /** Six digits that are none of the codes the server accepts right now. */
  async wrongCode(): Promise<string> {
    const current = Math.floor(Date.now() / 1000 / PERIOD_SECONDS);
    const valid = await Promise.all(
      [current - 1, current, current + 1, current + 2].map((step) =>
        generate({ secret: this.secret, epoch: step * PERIOD_SECONDS }),
      ),
    );
    for (let candidate = 0; ; candidate += 111111) {
      const code = String(candidate % 1_000_000).padStart(6, '0');
      if (!valid.includes(code)) return code;
    }
  }
}
