import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '@parley/contracts/admin';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import { addRoute } from '../../platform/http';
import { createMailOutboxRepository } from './mail-outbox.repository';

type Row = Awaited<ReturnType<ReturnType<typeof createMailOutboxRepository>['get']>> & {};
const toMail = (row: Row) => ({
  id: row.id,
  to: row.to,
  subject: row.subject,
  text: row.text,
  html: row.html,
  createdAt: row.createdAt.toISOString(),
});

/** The mail outbox an admin reads when no SMTP server is configured. */
export function mailOutboxFeature(app: FastifyInstance, deps: { db: Db }) {
  const repository = createMailOutboxRepository(deps.db);
  const tag = 'Mail outbox';
  addRoute(app, adminRoutes.outbox, { permission: 'ENTERPRISE.MANAGE', tag }, async ({ session, query }) => {
    const rows = await repository.list(session().enterpriseId, query.from, query.perPage);
    return { mails: rows.slice(0, query.perPage).map(toMail), more: rows.length > query.perPage };
  });
  addRoute(app, adminRoutes.outboxMail, { permission: 'ENTERPRISE.MANAGE', tag }, async ({ session, params }) => {
    const row = await repository.get(session().enterpriseId, params.id);
    if (!row) throw new AppError('NOT_FOUND');
    return toMail(row);
  });
}
