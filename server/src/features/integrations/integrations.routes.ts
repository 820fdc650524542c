import type { FastifyInstance } from 'fastify';
import { integrationRoutes } from '@parley/contracts/integrations';
import { addRoute } from '../../platform/http';
import type { IntegrationsService } from './integrations.service';

export function registerIntegrationRoutes(app: FastifyInstance, deps: { integrations: IntegrationsService }) {
  const { integrations } = deps;
  const permission = 'INTEGRATIONS.MANAGE';
  const tag = 'Integrations';
  addRoute(app, integrationRoutes.list, { permission, tag }, async ({ session, query }) =>
    integrations.list(session().enterpriseId, query),
  );
  addRoute(app, integrationRoutes.get, { permission, tag }, async ({ session, params }) =>
    integrations.get(session().enterpriseId, params.id),
  );
  addRoute(app, integrationRoutes.create, { permission, tag, audit: 'integration.create' }, async ({ session, body }) =>
    integrations.create(session().enterpriseId, body),
  );
  addRoute(
    app,
    integrationRoutes.update,
    { permission, tag, audit: 'integration.update' },
    async ({ session, params, body }) => integrations.update(session().enterpriseId, params.id, body),
  );
  addRoute(
    app,
    integrationRoutes.remove,
    { permission, tag, audit: 'integration.delete' },
    async ({ session, params }) => integrations.remove(session().enterpriseId, params.id),
  );
  addRoute(app, integrationRoutes.test, { permission, tag, audit: 'integration.test' }, async ({ session, params }) =>
    integrations.test(session().enterpriseId, params.id),
  );
}
