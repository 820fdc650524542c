/** Query keys of the sign-in pages. */
export const authKeys = {
  all: ['auth'] as const,
  appConfig: () => ['auth', 'app-config'] as const,
  captcha: (purpose: CaptchaPurpose) => ['auth', 'captcha', purpose] as const,
  activation: (id: string) => ['auth', 'activation', id] as const,
};

export type CaptchaPurpose = 'login' | 'forgetPassword' | 'signup';
