import type { FastifyInstance } from 'fastify';
import { departmentRoutes } from '@parley/contracts/departments';
import { addRoute } from '../../platform/http';
import type { DepartmentsService } from './departments.service';

export function registerDepartmentsRoutes(app: FastifyInstance, deps: { departments: DepartmentsService }) {
  const { departments } = deps;
  const tag = 'Departments';
  const permission = 'DEPARTMENTS.MANAGE';

  addRoute(app, departmentRoutes.list, { permission, tag }, async ({ session, query }) =>
    departments.list(session().enterpriseId, query),
  );
  addRoute(app, departmentRoutes.userOptions, { permission, tag }, async ({ session, query }) =>
    departments.userOptions(session().enterpriseId, query.name),
  );
  addRoute(app, departmentRoutes.get, { permission, tag }, async ({ session, params }) =>
    departments.get(session().enterpriseId, params.id),
  );
  addRoute(
    app,
    departmentRoutes.create,
    { permission, tag, audit: 'departments.create', message: 'Department created' },
    async ({ session, body }) => departments.create(session().enterpriseId, body),
  );
  addRoute(
    app,
    departmentRoutes.update,
    { permission, tag, audit: 'departments.update', message: 'Department updated' },
    async ({ session, params, body }) => departments.update(session().enterpriseId, params.id, body),
  );
  addRoute(
    app,
    departmentRoutes.remove,
    { permission, tag, audit: 'departments.delete', message: 'Department deleted' },
    async ({ session, params }) => departments.remove(session().enterpriseId, params.id),
  );
  addRoute(
    app,
    departmentRoutes.addUsers,
    { permission, tag, audit: 'departments.add_users', message: 'Users added' },
    async ({ session, params, body }) => departments.addUsers(session().enterpriseId, params.id, body.users),
  );
  addRoute(
    app,
    departmentRoutes.removeUsers,
    { permission, tag, audit: 'departments.remove_users', message: 'Users removed' },
    async ({ session, params, body }) => departments.removeUsers(session().enterpriseId, params.id, body.users),
  );
  addRoute(app, departmentRoutes.mappedUsers, { permission, tag }, async ({ session, params, query }) =>
    departments.mappedUsers(session().enterpriseId, params.id, query),
  );
}
