import type { FastifyInstance } from 'fastify';
import { sandboxRoutes as routes } from '@parley/contracts/channels';
import type { Permission } from '@parley/contracts/permissions';
import { addRoute } from '../../platform/http';
import type { SandboxService } from './sandbox.service';

/** Whoever may see channels or send templates may look at the Sandbox phone and reply on it. */
const permission: readonly Permission[] = ['CHANNELS.VIEW', 'CHANNELS.MANAGE', 'MSG_TEMPLATES'];

export function registerSandboxRoutes(app: FastifyInstance, deps: { sandbox: SandboxService }) {
  const { sandbox } = deps;
  const tag = 'Sandbox phone';
  addRoute(app, routes.channels, { permission, tag }, async ({ session }) => sandbox.channels(session().enterpriseId));
  addRoute(app, routes.conversations, { permission, tag }, async ({ session, params }) =>
    sandbox.conversations(session().enterpriseId, params.id),
  );
  addRoute(app, routes.thread, { permission, tag }, async ({ session, params }) =>
    sandbox.thread(session().enterpriseId, params.id, params.phone),
  );
  addRoute(
    app,
    routes.reply,
    { permission, tag, audit: 'sandbox.reply', message: 'Reply sent' },
    async ({ session, params, body }) => sandbox.reply(session().enterpriseId, params.id, params.phone, body),
  );
}
