import { randomInt } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { eq, lt } from 'drizzle-orm';
import type { CaptchaKind, CaptchaPurpose } from '@parley/contracts/sign-in';
import type { Db } from '../db/client';
import { captchas } from '../db/schema/platform';
import { AppError } from './errors';
import { safeEqual, sha256 } from './secrets';

/** The module itself renders a given text (untyped in its .d.ts). */
type RenderText = (text: string, options: svgCaptcha.ConfigObject) => string;

const TTL_MS = 10 * 60 * 1000;
const NUMBER_WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
];

/**
 * The accessible alternative to the image: a small sum in words, phrased one of several ways, that
 * a screen reader reads aloud. A script can solve it, as OCR can solve the image; neither is the
 * defence against guessing passwords, the sign-in throttle is (docs/decisions/011).
 */
function textQuestion(): { question: string; answer: number } {
  const a = randomInt(2, 10);
  const b = randomInt(1, a);
  const shapes = [
    () => ({ question: `What is ${NUMBER_WORDS[a]} plus ${NUMBER_WORDS[b]}?`, answer: a + b }),
    () => ({ question: `Add ${NUMBER_WORDS[b]} to ${NUMBER_WORDS[a]}. What number do you get?`, answer: a + b }),
    () => ({ question: `What is ${NUMBER_WORDS[a]} minus ${NUMBER_WORDS[b]}?`, answer: a - b }),
    () => ({ question: `Take ${NUMBER_WORDS[b]} away from ${NUMBER_WORDS[a]}. What is left?`, answer: a - b }),
  ];
  return shapes[randomInt(shapes.length)]!();
}

/** An answer as typed: digits, or the number in words ('seven'). */
function normaliseAnswer(answer: string) {
  const typed = answer.trim().toLowerCase();
  const word = NUMBER_WORDS.indexOf(typed);
  return word >= 0 ? String(word) : typed;
}

/**
 * Single-use captchas bound to one purpose (a captcha fetched for the forgot-password form does not
 * sign in): svg-captcha images sent as a base64 data URL, or a text question.
 */
export function createCaptchaService(deps: { db: Db; testAnswer?: string }) {
  const { db } = deps;
  return {
    async issue(purpose: CaptchaPurpose, kind: CaptchaKind = 'image') {
      let answer: string;
      let image = '';
      let question: string | undefined;
      if (kind === 'text') {
        const made = textQuestion();
        answer = String(made.answer);
        question = made.question;
      } else {
        const made = deps.testAnswer
          ? { text: deps.testAnswer, data: (svgCaptcha as unknown as RenderText)(deps.testAnswer, { noise: 2 }) }
          : svgCaptcha.create({ size: 5, noise: 2, ignoreChars: '0oO1iIlL', background: '#f4f6fb' });
        answer = made.text;
        image = `data:image/svg+xml;base64,${Buffer.from(made.data).toString('base64')}`;
      }
      await db.delete(captchas).where(lt(captchas.expiresAt, new Date()));
      const [row] = await db
        .insert(captchas)
        .values({ answerHash: sha256(answer.toLowerCase()), purpose, expiresAt: new Date(Date.now() + TTL_MS) })
        .returning({ id: captchas.id });
      return { captchaId: row!.id, captcha: image, ...(question ? { question } : {}) };
    },
    /**
     * Consumes the captcha whatever the answer; throws CAPTCHA_INVALID when wrong, used, expired or
     * issued for another purpose.
     */
    async check(captchaId: string, answer: string, purpose: CaptchaPurpose) {
      const [row] = await db.delete(captchas).where(eq(captchas.id, captchaId)).returning();
      if (
        !row ||
        row.purpose !== purpose ||
        row.expiresAt < new Date() ||
        !safeEqual(row.answerHash, sha256(normaliseAnswer(answer)))
      ) {
        throw new AppError('CAPTCHA_INVALID', { fieldErrors: { captcha: 'Invalid captcha. Please try again.' } });
      }
    },
  };
}
export type CaptchaService = ReturnType<typeof createCaptchaService>;
