import type { z } from 'zod';

export type FieldErrors = Record<string, string>;

/**
 * Runs a contracts schema over form values and returns the first message per field, keyed by
 * the top-level field name. `aliases` moves messages of hidden fields onto a visible one
 * (e.g. a missing captchaId is shown on the captcha input).
 */
export function validateWithSchema(
  schema: z.ZodType,
  values: unknown,
  aliases: Record<string, string> = {},
): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const first = issue.path[0];
    if (first === undefined) continue;
    const field = aliases[String(first)] ?? String(first);
    if (errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/** Server field errors mapped onto the form's fields. */
export function mapFieldErrors(
  fieldErrors: FieldErrors | undefined,
  aliases: Record<string, string> = {},
): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, message] of Object.entries(fieldErrors ?? {})) {
    const target = aliases[field] ?? field;
    if (errors[target] === undefined) errors[target] = message;
  }
  return errors;
}
