import type { FastifyInstance } from 'fastify';
import { genAiConfigRoutes } from '@parley/contracts/integrations';
import { addRoute } from '../../platform/http';
import type { IntegrationsService } from './integrations.service';

/**
 * The GenAI configurations of agents.md §2.9: the list behind Select Configuration and Create
 * Configuration. Open to agent designers (NLP.EDIT), who are not integration administrators.
 */
export function registerGenAiConfigRoutes(app: FastifyInstance, deps: { integrations: IntegrationsService }) {
  const { integrations } = deps;
  const permission = 'NLP.EDIT';
  const tag = 'Integrations';
  addRoute(app, genAiConfigRoutes.list, { permission, tag }, async ({ session }) =>
    integrations.listGenAi(session().enterpriseId),
  );
  addRoute(app, genAiConfigRoutes.create, { permission, tag, audit: 'integration.create' }, async ({ session, body }) =>
    integrations.createGenAi(session().enterpriseId, body),
  );
}
