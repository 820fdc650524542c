/**
 * Error codes of the platform and of signing in: the part of the catalogue the login page needs.
 * Feature codes live in `errors.ts`, so that they never weigh on the login page's JS.
 */
export const coreErrors = {
  VALIDATION: { code: 1400, http: 400, message: 'Please check the highlighted fields' },
  UNAUTHENTICATED: { code: 1401, http: 401, message: 'Session Expired! Please login' },
  FORBIDDEN: { code: 1403, http: 403, message: 'Access Denied' },
  NOT_FOUND: { code: 1404, http: 404, message: 'Not found' },
  RATE_LIMITED: { code: 1429, http: 429, message: 'Too many attempts. Please wait a minute and try again.' },
  PAYLOAD_TOO_LARGE: { code: 1413, http: 413, message: 'The file is larger than allowed' },
  REQUEST_TOO_LARGE: {
    code: 1414,
    http: 413,
    message: 'This request is too large. Shorten the text and try again.',
  },
  UNSUPPORTED_MEDIA: { code: 1415, http: 415, message: 'This file type is not allowed' },
  SHUTTING_DOWN: { code: 1503, http: 503, message: 'The server is restarting. Please try again in a moment.' },
  INTERNAL: { code: 1500, http: 500, message: 'Something went wrong' },

  CAPTCHA_INVALID: { code: 2001, http: 400, message: 'Invalid captcha. Please try again.' },
  LOGIN_INVALID: { code: 2002, http: 401, message: 'Invalid email or password' },
  /** Too many wrong passwords for this email from this address (docs/decisions/011): a delay, not a lock. */
  SIGN_IN_THROTTLED: {
    code: 2003,
    http: 429,
    message: 'Too many failed sign-ins from here. Please wait a moment and try again, or reset your password.',
  },
  ACCOUNT_INACTIVE: { code: 2004, http: 403, message: 'Your account is not active' },
  TWO_FACTOR_INVALID: { code: 2005, http: 401, message: 'Invalid security code' },
  TWO_FACTOR_CHALLENGE_EXPIRED: {
    code: 2006,
    http: 401,
    message: 'Your sign-in took too long. Please sign in again.',
  },
  TWO_FACTOR_NOT_ENROLLED: { code: 2007, http: 409, message: 'Two-factor authentication is not enabled' },
  TWO_FACTOR_ALREADY_ENABLED: { code: 2008, http: 409, message: 'Two-factor authentication is already enabled' },
  TWO_FACTOR_REQUIRED_BY_ENTERPRISE: {
    code: 2009,
    http: 409,
    message: 'Your enterprise requires two-factor authentication',
  },
  SIGNUP_DISABLED: { code: 2010, http: 403, message: 'Access Denied' },
  EMAIL_TAKEN: { code: 2011, http: 409, message: 'This email is already registered' },
  ACTIVATION_INVALID: { code: 2012, http: 400, message: 'This activation link is invalid or has expired' },
  RESET_LINK_INVALID: { code: 2013, http: 400, message: 'This reset link is invalid or has expired' },
  PASSWORD_MISMATCH: { code: 2014, http: 400, message: 'Your passwords do not match. Please try again.' },
  PASSWORD_TOO_SHORT: { code: 2015, http: 400, message: 'Your Password must be atleast 8 characters long' },
  CURRENT_PASSWORD_WRONG: { code: 2016, http: 400, message: 'Your current password is not correct' },

  FILE_EMPTY: { code: 3001, http: 400, message: 'The file is empty' },
} as const;

export type CoreErrorKey = keyof typeof coreErrors;
