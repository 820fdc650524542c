import { coreErrors } from '@parley/contracts/core-errors';
import { messages } from '@parley/contracts/messages';
import { ApiError } from './api-client';
import { NETWORK_ERROR_CODE } from './error-text';

/**
 * The text for a failed action: the server's specific message (wrong current password, invalid
 * captcha...) or, for an unexpected failure, the given fallback (the spec uses
 * 'Something Went Wrong !!' for forgot- and change-password).
 */
export function describeFailure(failure: unknown, fallback: string = messages.somethingWentWrong): string {
  if (
    failure instanceof ApiError &&
    failure.code !== coreErrors.INTERNAL.code &&
    failure.code !== NETWORK_ERROR_CODE &&
    failure.httpStatus < 500
  ) {
    return failure.message;
  }
  if (failure instanceof ApiError && failure.code === NETWORK_ERROR_CODE) return failure.message;
  return fallback;
}
