import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { OutboundHttp } from '../../platform/outbound-http';
import type { SecretBox } from '../../platform/secrets';
import { registerIntegrationRoutes } from './integrations.routes';
import { registerGenAiConfigRoutes } from './genai-configs.routes';
import { createIntegrationsService } from './integrations.service';

/** Integrations (platform §3.8 auth configs, §7.3 appiyo_authconfig): CRUD, masked secrets, GenAI test,
 * and the GenAI configurations agent designers list and create. */
export function integrationsFeature(
  app: FastifyInstance,
  deps: { db: Db; secrets: SecretBox; outbound: OutboundHttp },
) {
  const integrations = createIntegrationsService(deps);
  registerIntegrationRoutes(app, { integrations });
  registerGenAiConfigRoutes(app, { integrations });
  return integrations;
}
