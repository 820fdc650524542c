import type { FastifyInstance } from 'fastify';
import { enterpriseProfileRoutes } from '@parley/contracts/enterprise-profile';
import { addRoute } from '../../platform/http';
import type { EnterpriseProfileService } from './enterprise-profile.service';

export function registerEnterpriseProfileRoutes(
  app: FastifyInstance,
  deps: { enterpriseProfile: EnterpriseProfileService },
) {
  const { enterpriseProfile } = deps;
  const tag = 'Enterprise profile';
  const permission = 'ENTERPRISE.MANAGE';

  addRoute(app, enterpriseProfileRoutes.get, { permission, tag }, async ({ session }) =>
    enterpriseProfile.get(session().enterpriseId),
  );
  addRoute(
    app,
    enterpriseProfileRoutes.update,
    { permission, tag, audit: 'enterprise.profile.update', message: 'Enterprise details saved' },
    async ({ session, body }) => enterpriseProfile.update(session().enterpriseId, body),
  );
  addRoute(
    app,
    enterpriseProfileRoutes.twoFactor,
    { permission, tag, audit: 'enterprise.twoFactor.update' },
    async ({ session, body }) => enterpriseProfile.setTwoFactor(session(), body.isEnabled),
  );
  addRoute(app, enterpriseProfileRoutes.timezones, { permission: 'authenticated', tag }, async () =>
    enterpriseProfile.listTimezones(),
  );
}
