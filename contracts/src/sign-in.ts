import { z } from 'zod';
import { defineRoute } from './envelope';
import { messages } from './messages';
import { featureFlags, permissions } from './permissions';

/**
 * Signing in: the schemas and calls the login page needs, apart from the rest of `account.ts`, so
 * that the login page's JS carries only these (docs/decisions/003).
 */
const text = () => z.string({ error: messages.fieldMandatory });
export const required = (field = text()) => field.trim().min(1, messages.fieldMandatory);
export const emailField = z
  .string({ error: messages.fieldMandatory })
  .trim()
  .min(1, messages.fieldMandatory)
  .max(254, messages.invalidEmail)
  .pipe(z.email(messages.invalidEmail));
export const captchaField = z
  .string({ error: messages.captchaRequired })
  .trim()
  .min(1, messages.captchaRequired)
  .max(16);

export const appConfig = z.object({
  title: z.string(),
  hideSignup: z.boolean(),
  enableAds: z.boolean(),
  adBannerUrl: z.string().nullable(),
});
export type AppConfig = z.infer<typeof appConfig>;

export const captchaPurposes = ['login', 'forgetPassword', 'signup'] as const;
export type CaptchaPurpose = (typeof captchaPurposes)[number];
/** An image to copy, or (the accessible alternative) a short arithmetic question in plain text. */
export const captchaKinds = ['image', 'text'] as const;
export type CaptchaKind = (typeof captchaKinds)[number];
export const captchaQuery = z.object({
  purpose: z.enum(captchaPurposes).default('login'),
  kind: z.enum(captchaKinds).default('image'),
});
export const captchaData = z.object({
  captchaId: z.uuid(),
  /** The image as a base64 data URL; empty for a text question. */
  captcha: z.string(),
  /** The question to answer, for kind=text. */
  question: z.string().optional(),
});

export const sessionUser = z.object({
  uId: z.uuid(),
  userName: z.string(),
  name: z.string(),
  emailId: z.string(),
  profilePic: z.string().nullable(),
  roles: z.array(z.number().int()),
  permissions: z.array(z.enum(permissions)),
  twoFactorAuth: z.boolean(),
  artifactsEnabled: z.boolean(),
  enterprise: z.object({
    id: z.uuid(),
    name: z.string(),
    title: z.string(),
    twoFactAuthEnterpriseLevel: z.boolean(),
    recordExternalCampaigns: z.boolean(),
  }),
  flags: z.record(z.enum(featureFlags), z.boolean()),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginBody = z.object({
  email: emailField,
  password: required(text().max(256)),
  captchaId: z.uuid({ error: messages.captchaRequired }),
  captcha: captchaField,
  removeExistingSession: z.boolean().default(false),
});
export type LoginBody = z.input<typeof loginBody>;

const signedIn = z.object({ state: z.literal('signedIn'), token: z.string(), user: sessionUser });
export const loginResult = z.discriminatedUnion('state', [
  signedIn,
  z.object({ state: z.literal('twoFactor'), challengeId: z.string() }),
  z.object({
    state: z.literal('enrolTwoFactor'),
    challengeId: z.string(),
    secret: z.string(),
    otpauthUrl: z.string(),
    qrCode: z.string(),
  }),
]);
export type LoginResult = z.infer<typeof loginResult>;

export const verifyBody = z.object({
  challengeId: z.string().min(1).max(200),
  securityCode: z
    .string()
    .trim()
    .regex(/^(\d{6}|[a-zA-Z0-9]{4}-[a-zA-Z0-9]{4})$/, 'Enter the 6-digit code from your authenticator app'),
});

export const signInRoutes = {
  appConfig: defineRoute({
    method: 'GET',
    path: '/api/app-config',
    summary: 'Public console settings',
    data: appConfig,
  }),
  captcha: defineRoute({
    method: 'GET',
    path: '/api/account/captcha',
    summary: 'A new single-use captcha: an image, or a text question (kind=text)',
    query: captchaQuery,
    data: captchaData,
  }),
  login: defineRoute({
    method: 'POST',
    path: '/api/account/login',
    summary: 'Sign in with email, password and captcha',
    body: loginBody,
    data: loginResult,
  }),
  verify: defineRoute({
    method: 'POST',
    path: '/api/account/login/verify',
    summary: 'Finish sign-in with a two-factor code',
    body: verifyBody,
    data: loginResult,
  }),
} as const;
