import type { FastifyInstance } from 'fastify';
import { usersRoutes } from '@parley/contracts/users';
import { addRoute } from '../../platform/http';
import type { UsersService } from './users.service';

export function registerUsersRoutes(app: FastifyInstance, deps: { users: UsersService }) {
  const { users } = deps;
  const tag = 'Users';
  const permission = 'USERS.MANAGE';

  addRoute(app, usersRoutes.list, { permission, tag }, async ({ session, query }) => users.list(session(), query));
  addRoute(app, usersRoutes.get, { permission, tag }, async ({ session, params }) => users.get(session(), params.id));
  addRoute(app, usersRoutes.create, { permission, tag, audit: 'user.create', message: 'User created' }, async (c) =>
    users.create(c.session(), c.body),
  );
  addRoute(app, usersRoutes.updateRoles, { permission, tag, audit: 'user.updateRoles' }, async (c) =>
    users.updateRoles(c.session(), c.params.id, c.body),
  );
  addRoute(app, usersRoutes.resetPassword, { permission, tag, audit: 'user.resetPassword' }, async (c) =>
    users.resetPassword(c.session(), c.params.id, c.body),
  );
  addRoute(app, usersRoutes.deactivate, { permission, tag, audit: 'user.deactivate' }, async (c) =>
    users.setState(c.session(), c.params.id, 2),
  );
  addRoute(app, usersRoutes.activate, { permission, tag, audit: 'user.activate' }, async (c) =>
    users.setState(c.session(), c.params.id, 1),
  );
  addRoute(app, usersRoutes.remove, { permission, tag, audit: 'user.delete' }, async (c) =>
    users.remove(c.session(), c.params.id, c.query.isValidate),
  );
  addRoute(app, usersRoutes.rolePermissions, { permission: 'ROLES.MANAGE', tag: 'Roles' }, async ({ session }) =>
    users.rolePermissionMatrix(session()),
  );
}
