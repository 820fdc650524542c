import path from 'node:path';
import { z } from 'zod';
import { featureFlags } from '@parley/contracts/permissions';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((value) => value === '1' || value === 'true' || value === 'yes');

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    PARLEY_DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.url().optional(),
    REDIS_URL: z.url().optional(),
    SMTP_URL: z.url().optional(),
    MAIL_FROM: z.string().default('Parley <no-reply@parley.local>'),
    PARLEY_SECRET_KEY: z.string().min(16).optional(),
    PUBLIC_URL: z.url().optional(),
    PARLEY_TITLE: z.string().min(1).default('Parley'),
    PARLEY_HIDE_SIGNUP: booleanFlag,
    /**
     * How a self-signed-up enterprise gets its activation link: `mail`, or `screen` (shown on the
     * sign-up page: no email verification). Default: `screen` without SMTP_URL on a loopback-only
     * install, else `mail` (docs/decisions/012).
     */
    PARLEY_SIGNUP_ACTIVATION: z.enum(['mail', 'screen']).optional(),
    /** Comma-separated feature flags switched off for every enterprise (platform §6). */
    PARLEY_FEATURES_OFF: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.enum(featureFlags))),
    /**
     * Comma-separated addresses or CIDR ranges that outbound calls (integration tests) may reach
     * although they are private or loopback, e.g. `127.0.0.1,10.0.0.0/8`. Empty: public addresses only.
     */
    PARLEY_OUTBOUND_ALLOW: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      ),
    /**
     * Base URLs of messaging vendors' APIs, overriding the documented ones, as JSON:
     * `{"metaCloud":"http://127.0.0.1:4010"}` (keys: metaCloud, metaGraphVideo, kaleyra, kaleyraV2,
     * routeMobile, sinch, sinchAuth, karixRcm). For fake vendor servers in tests and staging.
     */
    PARLEY_VENDOR_BASE_URLS: z
      .string()
      .default('{}')
      .transform((value, context) => {
        try {
          const parsed = JSON.parse(value) as unknown;
          if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
            const entries = Object.entries(parsed as Record<string, unknown>).filter(
              (entry): entry is [string, string] => typeof entry[1] === 'string',
            );
            return Object.fromEntries(entries.map(([key, url]) => [key, url.replace(/\/+$/, '')]));
          }
        } catch {
          // reported below
        }
        context.addIssue({ code: 'custom', message: 'must be a JSON object of vendor key to URL' });
        return z.NEVER;
      }),
    /** Seconds the Sandbox waits before each simulated status (sent, delivered, read) and before approving a template. */
    PARLEY_SANDBOX_DELAY_SECONDS: z.coerce.number().min(0).max(60).default(2),
    /** scrypt cost as log2(N); 17 (N = 131072) in production. Tests may lower it. */
    PASSWORD_SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
    /** Requests per minute per address on each sign-in route. */
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
    /** Test seam: every captcha's text is this value. Refused in production. */
    CAPTCHA_TEST_ANSWER: z.string().min(1).max(16).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    PARLEY_SEED_DEMO: booleanFlag.default(true),
    PARLEY_WEB_DIST: z.string().optional(),
    /** An image shown as a banner across the console (platform §2.8, enableAds). */
    PARLEY_AD_BANNER_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** Base address of the analytics service whose pages the agent tabs embed (agents.md §2.2). */
    PARLEY_ANALYTICS_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** Region of phone numbers written without a country code (ISO 3166 alpha-2; customers, imports). */
    PARLEY_DEFAULT_PHONE_REGION: z
      .string()
      .regex(/^[A-Z]{2}$/, 'a two-letter region code such as IN or US')
      .default('IN'),
    /**
     * Sends broadcasts as fast as the vendor answers, ignoring each broadcast's messages per second
     * (the benchmark's switch; never in production use: vendors throttle or block an account over its rate).
     */
    PARLEY_BROADCAST_UNPACED: booleanFlag,
    /** Check every response against its contract with zod (default everywhere but production). */
    PARLEY_STRICT_RESPONSES: z.enum(['1', '0', 'true', 'false']).optional(),
  })
  .refine((env) => !(env.NODE_ENV === 'production' && env.CAPTCHA_TEST_ANSWER), {
    message: 'CAPTCHA_TEST_ANSWER must not be set when NODE_ENV=production',
    path: ['CAPTCHA_TEST_ANSWER'],
  });

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  secretKey?: string;
  publicUrl: string;
  title: string;
  hideSignup: boolean;
  signupActivation: 'mail' | 'screen';
  featuresOff: Env['PARLEY_FEATURES_OFF'];
  outboundAllow: string[];
  vendorBaseUrls: Record<string, string>;
  sandboxDelaySeconds: number;
  scryptLogN: number;
  authRateLimitPerMinute: number;
  captchaTestAnswer?: string;
  logLevel: Env['LOG_LEVEL'];
  seedDemo: boolean;
  webDist: string;
  strictResponses: boolean;
  adBannerUrl?: string;
  analyticsUrl?: string;
  defaultPhoneRegion: string;
  /** PARLEY_BROADCAST_UNPACED: broadcasts ignore their messages per second (benchmark). */
  broadcastUnpaced?: boolean;
}

/** Only someone at this machine can reach the console: it listens on, and is addressed by, loopback. */
function loopbackOnly(env: { HOST: string; PUBLIC_URL?: string }) {
  const loopback = (host: string) => ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host.toLowerCase());
  return loopback(env.HOST) && (!env.PUBLIC_URL || loopback(new URL(env.PUBLIC_URL).hostname));
}

/** Reads and validates the environment; throws a readable error listing every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const host = env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST;
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    // Relative to where the user ran npm (INIT_CWD), not the server workspace npm switches into.
    dataDir: path.resolve(source.INIT_CWD ?? process.cwd(), env.PARLEY_DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    secretKey: env.PARLEY_SECRET_KEY,
    publicUrl: (env.PUBLIC_URL ?? `http://${host}:${env.PORT}`).replace(/\/$/, ''),
    title: env.PARLEY_TITLE,
    hideSignup: env.PARLEY_HIDE_SIGNUP,
    signupActivation: env.PARLEY_SIGNUP_ACTIVATION ?? (env.SMTP_URL || !loopbackOnly(env) ? 'mail' : 'screen'),
    featuresOff: env.PARLEY_FEATURES_OFF,
    outboundAllow: env.PARLEY_OUTBOUND_ALLOW,
    vendorBaseUrls: env.PARLEY_VENDOR_BASE_URLS,
    sandboxDelaySeconds: env.PARLEY_SANDBOX_DELAY_SECONDS,
    scryptLogN: env.PASSWORD_SCRYPT_LOG_N,
    authRateLimitPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
    captchaTestAnswer: env.CAPTCHA_TEST_ANSWER,
    logLevel: env.LOG_LEVEL,
    seedDemo: env.PARLEY_SEED_DEMO,
    adBannerUrl: env.PARLEY_AD_BANNER_URL,
    analyticsUrl: env.PARLEY_ANALYTICS_URL?.replace(/\/$/, ''),
    defaultPhoneRegion: env.PARLEY_DEFAULT_PHONE_REGION,
    broadcastUnpaced: env.PARLEY_BROADCAST_UNPACED,
    strictResponses:
      env.PARLEY_STRICT_RESPONSES === undefined
        ? env.NODE_ENV !== 'production'
        : env.PARLEY_STRICT_RESPONSES === '1' || env.PARLEY_STRICT_RESPONSES === 'true',
    webDist: path.resolve(env.PARLEY_WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
  };
}
