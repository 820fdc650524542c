import type { FastifyInstance } from 'fastify';
import { registerApiKeyRoutes } from './api-keys.routes';
import type { ApiKeysService } from './api-keys.service';

export { createApiKeysService, type ApiKeysService } from './api-keys.service';

/**
 * API keys (platform §7.3 apikey): create (shown once), list masked, revoke. The service is made
 * in app.ts before the auth hook, which resolves `x-api-key` requests with it.
 */
export function apiKeysFeature(app: FastifyInstance, deps: { apiKeys: ApiKeysService }) {
  registerApiKeyRoutes(app, deps);
}
