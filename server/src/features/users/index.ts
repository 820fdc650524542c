import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { createUsersRepository } from './users.repository';
import { createUsersService, type UsersServiceDeps } from './users.service';
import { registerUsersRoutes } from './users.routes';

/** Users of an enterprise and the role → permission matrix (platform §6, §7.3 Users). */
export function usersFeature(app: FastifyInstance, deps: { db: Db } & Omit<UsersServiceDeps, 'repository'>) {
  const users = createUsersService({ ...deps, repository: createUsersRepository(deps.db) });
  registerUsersRoutes(app, { users });
  return users;
}
