import svgCaptcha from 'svg-captcha';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { captchas } from '../db/schema/platform';
import { AppError } from './errors';
import { safeEqual, sha256 } from './secrets';

/** The module itself renders a given text (untyped in its .d.ts). */
type RenderText = (text: string, options: svgCaptcha.ConfigObject) => string;

const TTL_MS = 10 * 60 * 1000;

/** Single-use captcha images (svg-captcha, sent as a base64 data URL). */
export function createCaptchaService(deps: { db: Db; testAnswer?: string }) {
  const { db } = deps;
  return {
    async issue(purpose: string) {
      const made = deps.testAnswer
        ? { text: deps.testAnswer, data: (svgCaptcha as unknown as RenderText)(deps.testAnswer, { noise: 2 }) }
        : svgCaptcha.create({ size: 5, noise: 2, ignoreChars: '0oO1iIlL', background: '#f4f6fb' });
      await db.delete(captchas).where(lt(captchas.expiresAt, new Date()));
      const [row] = await db
        .insert(captchas)
        .values({ answerHash: sha256(made.text.toLowerCase()), purpose, expiresAt: new Date(Date.now() + TTL_MS) })
        .returning({ id: captchas.id });
      return { captchaId: row!.id, captcha: `data:image/svg+xml;base64,${Buffer.from(made.data).toString('base64')}` };
    },
    /** Consumes the captcha whatever the answer; throws CAPTCHA_INVALID when wrong, used or expired. */
    async check(captchaId: string, answer: string) {
      const [row] = await db.delete(captchas).where(eq(captchas.id, captchaId)).returning();
      if (!row || row.expiresAt < new Date() || !safeEqual(row.answerHash, sha256(answer.trim().toLowerCase()))) {
        throw new AppError('CAPTCHA_INVALID', { fieldErrors: { captcha: 'Invalid captcha. Please try again.' } });
      }
    },
  };
}
export type CaptchaService = ReturnType<typeof createCaptchaService>;
