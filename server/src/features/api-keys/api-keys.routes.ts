import type { FastifyInstance } from 'fastify';
import { apiKeyRoutes } from '@parley/contracts/api-keys';
import { addRoute } from '../../platform/http';
import type { ApiKeysService } from './api-keys.service';

/**
 * INTEGRATIONS.MANAGE, not ENTERPRISE.MANAGE: a key is a credential for machines that integrate
 * with Parley, managed beside the other integration credentials (platform §3.8).
 */
const permission = 'INTEGRATIONS.MANAGE';

export function registerApiKeyRoutes(app: FastifyInstance, deps: { apiKeys: ApiKeysService }) {
  const { apiKeys } = deps;
  const tag = 'API keys';
  addRoute(app, apiKeyRoutes.list, { permission, tag }, async ({ session }) => apiKeys.list(session().enterpriseId));
  addRoute(app, apiKeyRoutes.create, { permission, tag, audit: 'apiKey.create' }, async ({ session, body }) =>
    apiKeys.create(session(), body),
  );
  addRoute(app, apiKeyRoutes.revoke, { permission, tag, audit: 'apiKey.revoke' }, async ({ session, params }) =>
    apiKeys.revoke(session().enterpriseId, params.id),
  );
}
