import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { createEnterpriseProfileRepository } from './enterprise-profile.repository';
import { createEnterpriseProfileService, type EnterpriseProfileServiceDeps } from './enterprise-profile.service';
import { registerEnterpriseProfileRoutes } from './enterprise-profile.routes';

/** The enterprise's details, timezone list and two-factor for everyone (platform §2.2 Enterprise Details, §7.3). */
export function enterpriseProfileFeature(
  app: FastifyInstance,
  deps: { db: Db } & Omit<EnterpriseProfileServiceDeps, 'repository'>,
) {
  const enterpriseProfile = createEnterpriseProfileService({
    ...deps,
    repository: createEnterpriseProfileRepository(deps.db),
  });
  registerEnterpriseProfileRoutes(app, { enterpriseProfile });
}
