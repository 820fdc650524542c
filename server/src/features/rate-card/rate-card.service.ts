import type { z } from 'zod';
import type { rateCardBody } from '@parley/contracts/broadcasts';
import { AppError } from '../../platform/errors';
import type { CostEstimate, RateCard } from '../../platform/messaging/broadcast-ports';
import { currencySymbolOf, dialCode } from '../../platform/messaging/dial-codes';
import type { RateCardRepository } from './rate-card.repository';

/** The rule lives in platform/ (the campaign report prices by it too); re-exported for callers here. */
export { dialCode };

type Card = z.output<typeof rateCardBody>;

export const rateCardTexts = {
  duplicate: (country: string, category: string) => `The rate for +${country} ${category} is given twice`,
  unknownCountry: 'unknown',
} as const;

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
          currencySymbol: currencySymbolOf(card.currency),
          estimatedRate: Math.round(totalMicros / 10_000) / 100,
          unpriced,
          byCountry,
        };
      },
    } satisfies RateCard,
  };
}

export type RateCardService = ReturnType<typeof createRateCardService>;
