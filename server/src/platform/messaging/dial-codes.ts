import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { currencySymbols } from '@parley/contracts/broadcasts';

/**
 * Pricing by dial code, one rule for the rate card's estimate and the campaign report's cost:
 * the countries' calling codes and the non-geographic ones. Calling codes are prefix-free
 * (ITU E.164), so a number's code is the one of its 1–3 first digits in this set.
 */
export const callingCodes: ReadonlySet<string> = new Set([
  ...getCountries().map((country) => getCountryCallingCode(country) as string),
  ...['800', '808', '870', '878', '881', '882', '883', '888', '979'],
]);

/** The dial code of an E.164 number or prefix ('+919876543210' → '91'), or null when it has none. */
export function dialCode(phone: string): string | null {
  const digits = phone.startsWith('+') ? phone.slice(1) : phone;
  for (let length = 1; length <= 3; length += 1) {
    const prefix = digits.slice(0, length);
    if (callingCodes.has(prefix)) return prefix;
  }
  return parsePhoneNumberFromString(`+${digits}`)?.countryCallingCode ?? null;
}

/** The symbol of a rate card's currency (INR's when the card has none or an unknown one). */
export const currencySymbolOf = (currency: string | null): string =>
  currency && currency in currencySymbols
    ? currencySymbols[currency as keyof typeof currencySymbols]
    : currencySymbols.INR;
