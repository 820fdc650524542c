import { messages } from '@parley/contracts/messages';
import type { FieldErrors } from '../../../lib/form-validation';

/*
 * The login page's two forms, checked as the contracts' `loginBody` and `verifyBody` check them,
 * with the same messages (from `contracts/messages.ts`), but without zod: zod would add ~27 kB
 * gzip to the first page a newcomer loads (docs/decisions/003). The server still validates with
 * the schemas. `login-validation.test.ts` runs these checks and the schemas over the same values
 * and fails when they disagree, so a change to the contract shows up there.
 */

/** zod's `z.email()` pattern (zod/v4/core/regexes.ts), as `loginBody.email` uses it. */
const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
/** zod's `z.uuid()` pattern (any RFC 9562 version, nil and max), as `loginBody.captchaId` uses it. */
const uuidPattern =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
/** `verifyBody.securityCode`: six digits, or a recovery code like 'ab12-cd34'. */
const securityCodePattern = /^(\d{6}|[a-zA-Z0-9]{4}-[a-zA-Z0-9]{4})$/;
/** The text of `verifyBody.securityCode` (a literal in `contracts/sign-in.ts`, not in `messages`). */
export const securityCodeMessage = 'Enter the 6-digit code from your authenticator app';

export interface LoginCredentials {
  email: string;
  password: string;
  captcha: string;
  captchaId: string;
}

/**
 * The first message per field, in the order of `loginBody`'s fields. A missing or malformed
 * `captchaId` (a hidden field) is reported on `captcha`, the input the user can act on.
 */
export function validateLoginCredentials({ email, password, captcha, captchaId }: LoginCredentials): FieldErrors {
  const errors: FieldErrors = {};
  const trimmedEmail = email.trim();
  if (trimmedEmail === '') errors.email = messages.fieldMandatory;
  else if (trimmedEmail.length > 254 || !emailPattern.test(trimmedEmail)) errors.email = messages.invalidEmail;
  // The schema checks the length before trimming; its string-level message covers both checks.
  if (password.length > 256 || password.trim() === '') errors.password = messages.fieldMandatory;
  const trimmedCaptcha = captcha.trim();
  if (!uuidPattern.test(captchaId) || trimmedCaptcha === '' || trimmedCaptcha.length > 16) {
    errors.captcha = messages.captchaRequired;
  }
  return errors;
}

/**
 * `verifyBody` for the security-code step. The challenge comes from the server; should it ever be
 * empty or too long, the submit is refused as the schema refuses it (with zod's English texts,
 * which no field shows).
 */
export function validateSecurityCode({
  challengeId,
  securityCode,
}: {
  challengeId: string;
  securityCode: string;
}): FieldErrors {
  const errors: FieldErrors = {};
  if (challengeId.length < 1) errors.challengeId = 'Too small: expected string to have >=1 characters';
  else if (challengeId.length > 200) errors.challengeId = 'Too big: expected string to have <=200 characters';
  if (!securityCodePattern.test(securityCode.trim())) errors.securityCode = securityCodeMessage;
  return errors;
}
