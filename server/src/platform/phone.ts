import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

/**
 * A customer's phone number in E.164 (+919876543210), or null when it is not a valid number.
 * Numbers without a country code are read in `defaultRegion` (config PARLEY_DEFAULT_PHONE_REGION,
 * India by default); `00` and `+` prefixes, spaces, dashes, dots and brackets are accepted.
 * One normaliser for the customer form and the CSV import, so the same person is one customer.
 */
export function normalizePhone(input: string, defaultRegion: string): string | null {
  const text = input.trim();
  if (text === '' || text.length > 40) return null;
  const international = text.startsWith('00') ? `+${text.slice(2)}` : text;
  const parsed = parsePhoneNumberFromString(international, defaultRegion as CountryCode);
  return parsed?.isValid() ? parsed.number : null;
}
