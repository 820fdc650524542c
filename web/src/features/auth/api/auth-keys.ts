import type { CaptchaKind, CaptchaPurpose } from '@parley/contracts/sign-in';

/** Query keys of the sign-in pages. */
export const authKeys = {
  all: ['auth'] as const,
  appConfig: () => ['auth', 'app-config'] as const,
  captcha: (purpose: CaptchaPurpose, kind: CaptchaKind) => ['auth', 'captcha', purpose, kind] as const,
  activation: (id: string) => ['auth', 'activation', id] as const,
};

export type { CaptchaKind, CaptchaPurpose } from '@parley/contracts/sign-in';
