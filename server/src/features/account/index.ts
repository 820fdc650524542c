import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { createAccountRepository } from './account.repository';
import { createAccountService, type AccountServiceDeps } from './account.service';
import { registerAccountRoutes, type AccountRoutesDeps } from './account.routes';

/** Sign-in, sign-up, password recovery, two-factor and own sessions (platform §2.5, §4.5, §7.6). */
export function accountFeature(
  app: FastifyInstance,
  deps: { db: Db } & Omit<AccountServiceDeps, 'repository'> & Omit<AccountRoutesDeps, 'account'>,
) {
  const account = createAccountService({ ...deps, repository: createAccountRepository(deps.db) });
  registerAccountRoutes(app, { ...deps, account });
  return account;
}
