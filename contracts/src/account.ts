import { z } from 'zod';
import { defineRoute, emptyData } from './envelope';
import { messages } from './messages';
import { PASSWORD_MIN_LENGTH } from './constants';
import { roleIds } from './permissions';
import { captchaField, emailField, required, sessionUser, signInRoutes } from './sign-in';

export * from './sign-in';

const text = () => z.string({ error: messages.fieldMandatory });
/** Password rules of platform §5 (reset password), used for every new password. */
export const newPasswordField = z
  .string({ error: messages.fieldMandatory })
  .min(1, messages.fieldMandatory)
  .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort)
  .max(128, 'Your Password must be at most 128 characters long');

function withConfirmation<T extends z.ZodObject<{ password: z.ZodType; confirmPassword: z.ZodType }>>(schema: T) {
  return schema.refine((value) => value.password === value.confirmPassword, {
    message: messages.passwordMismatch,
    path: ['confirmPassword'],
  });
}

export const signupBody = withConfirmation(
  z.object({
    name: required(text().max(120)),
    enterpriseName: required(text().max(120)),
    emailId: emailField,
    password: newPasswordField,
    confirmPassword: text().min(1, messages.fieldMandatory),
  }),
);
export type SignupBody = z.input<typeof signupBody>;

export const recoverBody = z.object({
  emailId: emailField,
  captchaId: z.uuid({ error: messages.captchaRequired }),
  captcha: captchaField,
});

export const resetPasswordBody = withConfirmation(
  z.object({
    uId: z.uuid(),
    eId: z.uuid(),
    resetCode: z.string().min(1).max(200),
    password: newPasswordField,
    confirmPassword: text().min(1, messages.fieldMandatory),
  }),
);

export const changePasswordBody = withConfirmation(
  z.object({
    currentPassword: text().min(1, messages.fieldMandatory).max(256),
    password: newPasswordField,
    confirmPassword: text().min(1, messages.fieldMandatory),
  }),
);

export const twoFactorSetup = z.object({ secret: z.string(), otpauthUrl: z.string(), qrCode: z.string() });
export const twoFactorCode = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
});

export const sessionInfo = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  current: z.boolean(),
});

const messageOnly = z.object({ message: z.string() });

export const accountRoutes = {
  ...signInRoutes,
  logout: defineRoute({
    method: 'POST',
    path: '/api/account/logout',
    summary: 'End the current session',
    data: emptyData,
  }),
  me: defineRoute({ method: 'GET', path: '/api/account/me', summary: 'The signed-in user', data: sessionUser }),
  signup: defineRoute({
    method: 'POST',
    path: '/api/account/signup',
    summary: 'Create an enterprise and its administrator',
    body: signupBody,
    data: messageOnly,
  }),
  activate: defineRoute({
    method: 'POST',
    path: '/api/account/activate/:id',
    summary: 'Activate a signed-up account',
    params: z.object({ id: z.string().min(1).max(200) }),
    data: messageOnly,
  }),
  recover: defineRoute({
    method: 'POST',
    path: '/api/account/recover',
    summary: 'Send a password-reset mail',
    body: recoverBody,
    data: messageOnly,
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/api/account/reset-password',
    summary: 'Set a new password from a reset link',
    body: resetPasswordBody,
    data: messageOnly,
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/api/account/change-password',
    summary: 'Change the password and sign out every other session',
    body: changePasswordBody,
    data: messageOnly,
  }),
  twoFactorSetup: defineRoute({
    method: 'POST',
    path: '/api/account/two-factor/setup',
    summary: 'Start two-factor enrolment',
    data: twoFactorSetup,
  }),
  twoFactorEnable: defineRoute({
    method: 'POST',
    path: '/api/account/two-factor/enable',
    summary: 'Confirm enrolment with a code',
    body: twoFactorCode,
    data: messageOnly,
  }),
  twoFactorDisable: defineRoute({
    method: 'POST',
    path: '/api/account/two-factor/disable',
    summary: 'Turn two-factor off with a current code',
    body: twoFactorCode,
    data: messageOnly,
  }),
  sessions: defineRoute({
    method: 'GET',
    path: '/api/account/sessions',
    summary: 'My open sessions',
    data: z.object({ sessions: z.array(sessionInfo) }),
  }),
  revokeSession: defineRoute({
    method: 'DELETE',
    path: '/api/account/sessions/:id',
    summary: 'Sign out one of my sessions',
    params: z.object({ id: z.uuid() }),
    data: emptyData,
  }),
} as const;

export const assignableRoles = roleIds;
