import type { FastifyInstance } from 'fastify';
import { rateCardRoutes as routes } from '@parley/contracts/broadcasts';
import { addRoute } from '../../platform/http';
import type { RateCardService } from './rate-card.service';

const tag = 'Rate card';

export function registerRateCardRoutes(app: FastifyInstance, deps: { rateCard: RateCardService }) {
  const { rateCard } = deps;
  // Whoever sends a broadcast sees the prices; only billing administrators change them.
  addRoute(app, routes.get, { permission: 'CHAT.HANDLE', tag }, async ({ session }) =>
    rateCard.get(session().enterpriseId),
  );
  addRoute(
    app,
    routes.save,
    { permission: 'ENTERPRISE.MANAGE_BILLING', tag, audit: 'rateCard.save', message: 'Rate card saved' },
    async ({ session, body }) => rateCard.save(session().enterpriseId, body),
  );
}
