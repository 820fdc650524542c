import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { RateCard } from '../../platform/messaging/broadcast-ports';
import { createRateCardRepository } from './rate-card.repository';
import { registerRateCardRoutes } from './rate-card.routes';
import { createRateCardService } from './rate-card.service';

/** The rate card: price per message by country and template category (issue 8, the estimate). */
export function rateCardFeature(app: FastifyInstance, deps: { db: Db }): { rates: RateCard } {
  const rateCard = createRateCardService({ repository: createRateCardRepository(deps.db) });
  registerRateCardRoutes(app, { rateCard });
  return { rates: rateCard.rates };
}
