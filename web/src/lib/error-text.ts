import { coreErrors } from '@parley/contracts/core-errors';
import { messages } from '@parley/contracts/messages';

/** The one place the web turns an error code into the text a user reads (STYLE.md, errors). */
const textByCode = new Map<number, string>(Object.values(coreErrors).map((entry) => [entry.code, entry.message]));

/** Network failure (no HTTP answer at all). */
export const NETWORK_ERROR_CODE = 0;

export function errorTextForCode(code: number, serverMessage?: string): string {
  if (code === NETWORK_ERROR_CODE) {
    return typeof navigator !== 'undefined' && navigator.onLine === false
      ? messages.networkOffline
      : messages.somethingWentWrong;
  }
  // A validation failure's message is the first field's own message (e.g. 'Prompt is Mandatory').
  if (code === coreErrors.VALIDATION.code && serverMessage) return serverMessage;
  // A sign-in delay's message says how many seconds are left (docs/decisions/011).
  if (code === coreErrors.SIGN_IN_THROTTLED.code && serverMessage) return serverMessage;
  return textByCode.get(code) ?? (serverMessage || messages.somethingWentWrong);
}
