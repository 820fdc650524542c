import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateCard } from '../../db/schema/broadcasts';

export interface RateRow {
  country: string;
  category: string;
  currency: string;
  rate: number;
}

/** The rate card of one enterprise: price per message by dial code and template category. */
export function createRateCardRepository(db: Db) {
  const columns = {
    country: rateCard.country,
    category: rateCard.category,
    currency: rateCard.currency,
    rate: rateCard.rate,
  };
  const toRow = (row: { country: string; category: string; currency: string; rate: string }): RateRow => ({
    ...row,
    rate: Number(row.rate),
  });

  return {
    async list(enterpriseId: string): Promise<RateRow[]> {
      const rows = await db
        .select(columns)
        .from(rateCard)
        .where(eq(rateCard.enterpriseId, enterpriseId))
        .orderBy(asc(rateCard.country), asc(rateCard.category));
      return rows.map(toRow);
    },

    /** The rates of one category (and the card's currency, from any of its rows). */
    async forCategory(enterpriseId: string, category: string): Promise<{ currency: string | null; rates: RateRow[] }> {
      const [any] = await db
        .select({ currency: rateCard.currency })
        .from(rateCard)
        .where(eq(rateCard.enterpriseId, enterpriseId))
        .limit(1);
      if (!any) return { currency: null, rates: [] };
      const rows = await db
        .select(columns)
        .from(rateCard)
        .where(and(eq(rateCard.enterpriseId, enterpriseId), eq(rateCard.category, category)));
      return { currency: any.currency, rates: rows.map(toRow) };
    },

    /** Replaces the enterprise's card in one transaction: nobody ever reads half a card. */
    async replace(
      enterpriseId: string,
      currency: string,
      rates: { country: string; category: string; rate: number }[],
    ) {
      await db.transaction(async (tx) => {
        await tx.delete(rateCard).where(eq(rateCard.enterpriseId, enterpriseId));
        if (rates.length > 0)
          await tx.insert(rateCard).values(
            rates.map((rate) => ({
              enterpriseId,
              country: rate.country,
              category: rate.category,
              currency,
              rate: rate.rate.toString(),
            })),
          );
      });
    },
  };
}

export type RateCardRepository = ReturnType<typeof createRateCardRepository>;
