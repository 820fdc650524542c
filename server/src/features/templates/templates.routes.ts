import type { FastifyInstance } from 'fastify';
import { templateRoutes } from '@parley/contracts/templates';
import { addRoute } from '../../platform/http';
import type { TemplatesService } from './templates.service';

export function registerTemplateRoutes(app: FastifyInstance, deps: { templates: TemplatesService }) {
  const { templates } = deps;
  const permission = 'MSG_TEMPLATES';
  const tag = 'Message templates';
  // The broadcast screen (CHAT.HANDLE) chooses among APPROVED templates (engagement.md §7.2).
  const read = ['MSG_TEMPLATES', 'CHAT.HANDLE'] as const;
  addRoute(app, templateRoutes.list, { permission: read, tag }, async ({ session, query }) =>
    templates.list(session().enterpriseId, query),
  );
  addRoute(app, templateRoutes.get, { permission: read, tag }, async ({ session, params }) =>
    templates.get(session().enterpriseId, params.id),
  );
  addRoute(
    app,
    templateRoutes.create,
    { permission, tag, audit: 'template.create', message: 'Template submitted' },
    async ({ session, body }) => templates.create(session().enterpriseId, body),
  );
  addRoute(
    app,
    templateRoutes.update,
    { permission, tag, audit: 'template.update', message: 'Template submitted' },
    async ({ session, params, body }) => templates.update(session().enterpriseId, params.id, body),
  );
  addRoute(
    app,
    templateRoutes.remove,
    { permission, tag, audit: 'template.delete', message: 'Template deleted' },
    async ({ session, params }) => templates.remove(session().enterpriseId, params.id),
  );
  addRoute(app, templateRoutes.sync, { permission, tag, audit: 'template.sync' }, async ({ session, params }) =>
    templates.sync(session().enterpriseId, params.id),
  );
  addRoute(
    app,
    templateRoutes.setStatus,
    { permission, tag, audit: 'template.status.update' },
    async ({ session, params, body }) => templates.setStatus(session().enterpriseId, params.id, body),
  );
  addRoute(
    app,
    templateRoutes.testSend,
    { permission, tag, audit: 'template.testSend', message: 'Test message sent' },
    async ({ session, params, body }) => templates.testSend(session().enterpriseId, params.id, body),
  );
}
