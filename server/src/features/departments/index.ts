import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { createDepartmentsRepository } from './departments.repository';
import { createDepartmentsService } from './departments.service';
import { registerDepartmentsRoutes } from './departments.routes';

/** Departments of an enterprise and the users mapped to them (platform §7.3). */
export function departmentsFeature(app: FastifyInstance, deps: { db: Db }) {
  const departments = createDepartmentsService({ repository: createDepartmentsRepository(deps.db) });
  registerDepartmentsRoutes(app, { departments });
  return departments;
}
