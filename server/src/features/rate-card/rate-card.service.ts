import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { z } from 'zod';
import { currencySymbols, type rateCardBody } from '@parley/contracts/broadcasts';
import { AppError } from '../../platform/errors';
import type { CostEstimate, RateCard } from '../../platform/messaging/broadcast-ports';
import type { RateCardRepository } from './rate-card.repository';

type Card = z.output<typeof rateCardBody>;

export const rateCardTexts = {
  duplicate: (country: string, category: string) => `The rate for +${country} ${category} is given twice`,
  unknownCountry: 'unknown',
} as const;

/** Country calling codes are prefix-free (ITU E.164), so a number's code is the one of its 1–3 first digits in this set. */
const callingCodes = new Set(getCountries().map((country) => getCountryCallingCode(country) as string));

/** The dial code of an E.164 number ('+919876543210' → '91'), or null when it has none. */
export function dialCode(phone: string): string | null {
  const digits = phone.startsWith('+') ? phone.slice(1) : phone;
  for (let length = 1; length <= 3; length += 1) {
    const prefix = digits.slice(0, length);
    if (callingCodes.has(prefix)) return prefix;
  }
  // Non-geographic codes (800, 870, 882, ...) are not any country's: libphonenumber knows them.
  return parsePhoneNumberFromString(`+${digits}`)?.countryCallingCode ?? null;
}

const symbolOf = (currency: string | null) =>
  currency && currency in currencySymbols
    ? currencySymbols[currency as keyof typeof currencySymbols]
    : currencySymbols.INR;

export function createRateCardService(deps: { repository: RateCardRepository }) {
  const { repository } = deps;

  async function get(enterpriseId: string): Promise<Card> {
    const rows = await repository.list(enterpriseId);
    return {
      currency: (rows[0]?.currency ?? 'INR') as Card['currency'],
      rates: rows.map(({ country, category, rate }) => ({
        country,
        category: category as Card['rates'][number]['category'],
        rate,
      })),
    };
  }

  return {
    get,

    async save(enterpriseId: string, card: Card): Promise<Card> {
      const seen = new Map<string, number>();
      const fieldErrors: Record<string, string> = {};
      card.rates.forEach((rate, index) => {
        const key = `${rate.country}|${rate.category}`;
        if (seen.has(key)) fieldErrors[`rates.${index}.country`] = rateCardTexts.duplicate(rate.country, rate.category);
        else seen.set(key, index);
      });
      if (Object.keys(fieldErrors).length > 0)
        throw new AppError('VALIDATION', { message: Object.values(fieldErrors)[0], fieldErrors });
      await repository.replace(enterpriseId, card.currency, card.rates);
      return get(enterpriseId);
    },

    /** The RateCard port the broadcast's pre-send check and estimate read. */
    rates: {
      async estimate(enterpriseId, category, recipients): Promise<CostEstimate> {
        const counts = new Map<string, number>();
        if (Array.isArray(recipients)) {
          for (const phone of recipients as readonly string[]) {
            const code = dialCode(phone) ?? rateCardTexts.unknownCountry;
            counts.set(code, (counts.get(code) ?? 0) + 1);
          }
        } else if ('byPrefix' in recipients) {
          for (const { prefix, count } of recipients.byPrefix) {
            const code = dialCode(prefix) ?? rateCardTexts.unknownCountry;
            counts.set(code, (counts.get(code) ?? 0) + count);
          }
        } else {
          const { country, count } = recipients as { country: string; count: number };
          const code = country.replace(/\D/g, '') || rateCardTexts.unknownCountry;
          if (count > 0) counts.set(code, count);
        }
        const card = await repository.forCategory(enterpriseId, category.toUpperCase());
        const priceOf = new Map(card.rates.map((rate) => [rate.country, rate.rate]));
        /** In millionths (the card's scale), so that sums of prices add up exactly. */
        let totalMicros = 0;
        let unpriced = 0;
        const byCountry = [...counts.entries()]
          .map(([country, count]) => {
            const rate = priceOf.get(country) ?? null;
            if (rate === null) unpriced += count;
            else totalMicros += Math.round(rate * 1_000_000) * count;
            return { country, recipients: count, rate };
          })
          .sort((a, b) => b.recipients - a.recipients || a.country.localeCompare(b.country));
        return {
          currencySymbol: symbolOf(card.currency),
          estimatedRate: Math.round(totalMicros / 10_000) / 100,
          unpriced,
          byCountry,
        };
      },
    } satisfies RateCard,
  };
}

export type RateCardService = ReturnType<typeof createRateCardService>;
