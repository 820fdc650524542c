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

/** One-time recovery codes: 8 codes of `xxxx-xxxx` (lower-case letters and digits), shown once. */
export const RECOVERY_CODE_COUNT = 8;
export const recoveryCodePattern = /^[a-z0-9]{4}-[a-z0-9]{4}$/;
export const recoveryCodes = z.object({ message: z.string(), recoveryCodes: z.array(z.string()) });

/** Name and picture of the signed-in user; profilePic is the id of an uploaded jpeg/png file, or null to remove it. */
export const profileBody = z.object({
  name: required(text().trim().max(120, 'The name must be at most 120 characters long')),
  profilePic: z.uuid({ error: 'Upload a jpeg or png picture' }).nullable(),
});
export type ProfileBody = z.input<typeof profileBody>;

/** The five named notification sounds (platform §8). */
export const notificationSounds = ['chime', 'bell', 'pop', 'ding', 'alert'] as const;
export type NotificationSound = (typeof notificationSounds)[number];
export const notificationSoundLabels: Record<NotificationSound, string> = {
  chime: 'Chime',
  bell: 'Bell',
  pop: 'Pop',
  ding: 'Ding',
  alert: 'Alert',
};
export const soundTypes = ['new_chat', 'new_message'] as const;

/**
 * Notification and audio settings (platform §3.4, PUT /e/enterprise/profile/audio). `volume` is a
 * percent 0–100, stored as given; players scale it to 0–1 (volume / 100).
 */
export const audioSound = z.object({
  type: z.enum(soundTypes, { error: 'Choose new_chat or new_message' }),
  sound: z.enum(notificationSounds, { error: 'Choose one of the notification sounds' }),
  repeat: z
    .number({ error: 'Repeat must be a number' })
    .int('Repeat must be a whole number')
    .min(1, 'Repeat must be between 1 and 5')
    .max(5, 'Repeat must be between 1 and 5'),
  volume: z
    .number({ error: 'Volume must be a number' })
    .int('Volume must be a whole number')
    .min(0, 'Volume must be between 0 and 100')
    .max(100, 'Volume must be between 0 and 100'),
});
export type AudioSound = z.infer<typeof audioSound>;
export const preferences = z.object({
  enablePushNotification: z.boolean({ error: 'Choose on or off' }),
  enableChatNotification: z.boolean({ error: 'Choose on or off' }),
  audioSettings: z.object({
    enable: z.boolean({ error: 'Choose on or off' }),
    sounds: z
      .array(audioSound)
      .max(2)
      .refine((sounds) => new Set(sounds.map((sound) => sound.type)).size === sounds.length, {
        message: 'Each sound type can be set once',
      }),
  }),
});
export type Preferences = z.infer<typeof preferences>;
export const defaultPreferences: Preferences = {
  enablePushNotification: true,
  enableChatNotification: true,
  audioSettings: {
    enable: true,
    sounds: [
      { type: 'new_chat', sound: 'chime', repeat: 1, volume: 80 },
      { type: 'new_message', sound: 'pop', repeat: 1, volume: 80 },
    ],
  },
};

export const sessionInfo = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  current: z.boolean(),
});

const messageOnly = z.object({ message: z.string() });
/**
 * `activationPath` is given only when this install shows the activation link on screen instead of
 * mailing it (no SMTP_URL, docs/decisions/012).
 */
export const signupResult = z.object({ message: z.string(), activationPath: z.string().optional() });
export type SignupResult = z.infer<typeof signupResult>;

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
    data: signupResult,
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
    summary: 'Confirm enrolment with a code; answers the recovery codes once',
    body: twoFactorCode,
    data: recoveryCodes,
  }),
  twoFactorRecoveryCodes: defineRoute({
    method: 'POST',
    path: '/api/account/two-factor/recovery-codes',
    summary: 'Replace the recovery codes (needs a current code); answers the new codes once',
    body: twoFactorCode,
    data: recoveryCodes,
  }),
  updateProfile: defineRoute({
    method: 'PUT',
    path: '/api/account/profile',
    summary: 'Change my name and picture',
    body: profileBody,
    data: sessionUser,
  }),
  preferences: defineRoute({
    method: 'GET',
    path: '/api/account/preferences',
    summary: 'My notification and sound settings',
    data: preferences,
  }),
  updatePreferences: defineRoute({
    method: 'PUT',
    path: '/api/account/preferences',
    summary: 'Change my notification and sound settings',
    body: preferences,
    data: preferences,
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
