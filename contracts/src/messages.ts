/** User-facing texts quoted verbatim from the spec (platform §2, §4, §5, §8). */
export const messages = {
  welcome: (title: string) => `Welcome To ${title}!`,
  sessionExpired: 'Session Expired! Please login',
  sessionExpiredAgain: 'Session Expired,Please Login Again!',
  accessDenied: 'Access Denied',
  networkBack: 'Network is Back!',
  networkOffline: 'Network is offline,Please Turn On Internet!',
  somethingWentWrong: 'Something went wrong',
  forgotFailed: 'Something Went Wrong !!',
  forgotSent: 'An email has been sent with instruction on how to reset the password.',
  resetDone: 'Thank you, Your Password has Been Reset.',
  fieldMandatory: 'This field is mandatory.',
  /** The one phrasing of 'required' where the spec gives no text of its own (engagement §5: '{label} is required'). */
  required: (label: string) => `${label} is required`,
  /** A required field whose label the message cannot name (engagement §5: 'This field is required'). */
  fieldRequired: 'This field is required',
  invalidEmail: 'Please enter a valid email address',
  captchaRequired: 'Please enter captcha.',
  passwordTooShort: 'Your Password must be atleast 8 characters long',
  passwordMismatch: 'Your passwords do not match. Please try again.',
  loggedOut: 'You have been signed out',
  comingSoon: 'This screen is coming soon',
} as const;

/** Toast timings (platform §8): 8 s default. */
export const TOAST_MS = 8000;
