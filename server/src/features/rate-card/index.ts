import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { RateCard } from '../../platform/messaging/broadcast-ports';

/** The rate card: price per message by country and template category (issue 8, the estimate). */
export function rateCardFeature(app: FastifyInstance, deps: { db: Db }): { rates: RateCard } {
  // PLACEHOLDER (helper H2 builds this feature)
  void app;
  void deps;
  return {
    rates: {
      estimate: async () => ({ currencySymbol: '₹', estimatedRate: 0, unpriced: 0, byCountry: [] }),
    },
  };
}
