import { parsePhoneNumberFromString, type CountryCode, type NumberType } from 'libphonenumber-js/max';
import { phoneMessages, type PhoneRefusal } from '@parley/contracts/phone';

/**
 * Number types that cannot receive WhatsApp or SMS messages, so cannot be a customer's number
 * (docs/decisions/015-phone-numbers.md). Kept: MOBILE, FIXED_LINE_OR_MOBILE (countries such as
 * the US where the number does not tell), VOIP and PERSONAL_NUMBER (both can hold a WhatsApp
 * account and receive SMS), and a valid number whose type the metadata does not know.
 */
const refusedTypes: Partial<Record<NonNullable<NumberType>, PhoneRefusal>> = {
  FIXED_LINE: 'landline',
  TOLL_FREE: 'serviceNumber',
  PREMIUM_RATE: 'serviceNumber',
  SHARED_COST: 'serviceNumber',
  UAN: 'serviceNumber',
  PAGER: 'serviceNumber',
  VOICEMAIL: 'serviceNumber',
};

export interface PhoneReading {
  /** E.164 (+919876543210), or null when the number is refused. */
  e164: string | null;
  /** Why it is refused: not a valid number at all, or one of a type that cannot be messaged. */
  problem: 'invalid' | PhoneRefusal | null;
}

/** The written number parsed, not yet validated. */
function parse(input: string, defaultRegion: string) {
  const text = input.trim();
  if (text === '' || text.length > 40) return undefined;
  const international = text.startsWith('00') ? `+${text.slice(2)}` : text;
  return parsePhoneNumberFromString(international, defaultRegion as CountryCode);
}

/**
 * Any valid phone number in E.164 (+919876543210), or null. Numbers without a country code are
 * read in `defaultRegion` (config PARLEY_DEFAULT_PHONE_REGION, India by default); `00` and `+`
 * prefixes, spaces, dashes, dots and brackets are accepted. For looking numbers up and for
 * replying to whoever wrote in; a number that becomes a customer's goes through readPhone.
 */
export function normalizePhone(input: string, defaultRegion: string): string | null {
  const parsed = parse(input, defaultRegion);
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * A number as a customer's messaging identity: valid (read as normalizePhone reads it) and of a
 * type that can receive WhatsApp or SMS. One rule for the customer form, the CSV import,
 * broadcasts and the blacklist, so the same number is refused everywhere with the same reason.
 */
export function readPhone(input: string, defaultRegion: string): PhoneReading {
  const parsed = parse(input, defaultRegion);
  // With the /max metadata a number has a type only when it is valid (isValid() is getType() !==
  // undefined there), so the type is worked out once; isValid() only for a number without one.
  const type = parsed?.getType();
  if (!parsed || (type === undefined && !parsed.isValid())) return { e164: null, problem: 'invalid' };
  const refusal = type ? refusedTypes[type] : undefined;
  if (refusal) return { e164: null, problem: refusal };
  return { e164: parsed.number, problem: null };
}

/** A customer's phone number in E.164, or null when it is invalid or cannot be messaged (readPhone). */
export function customerPhone(input: string, defaultRegion: string): string | null {
  return readPhone(input, defaultRegion).e164;
}

/**
 * Why readPhone refuses a number: the message for a type that cannot be messaged (a landline, a
 * service number), or `invalidMessage` (the caller's own text) for what is not a valid number.
 */
export function phoneProblemMessage(input: string, defaultRegion: string, invalidMessage: string): string {
  const { problem } = readPhone(input, defaultRegion);
  return problem && problem !== 'invalid' ? phoneMessages[problem] : invalidMessage;
}
