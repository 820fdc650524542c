import type { FastifyInstance } from 'fastify';
import { invitationRoutes } from '@parley/contracts/invitations';
import { addRoute } from '../../platform/http';
import type { InvitationsService } from './invitations.service';

export function registerInvitationsRoutes(
  app: FastifyInstance,
  deps: { invitations: InvitationsService; authRateLimitPerMinute: number },
) {
  const { invitations } = deps;
  const tag = 'Invitations';
  const permission = 'USERS.MANAGE';
  const limited = deps.authRateLimitPerMinute;

  addRoute(
    app,
    invitationRoutes.create,
    { permission, tag, audit: 'invitations.create', message: 'Invitation sent' },
    async ({ session, body }) => invitations.invite(session(), body),
  );
  addRoute(app, invitationRoutes.list, { permission, tag }, async ({ session, query }) =>
    invitations.list(session().enterpriseId, query.from, query.perPage),
  );
  addRoute(
    app,
    invitationRoutes.resend,
    { permission, tag, audit: 'invitations.resend', message: 'Invitation sent again' },
    async ({ session, params }) => invitations.resend(session().enterpriseId, params.id),
  );
  addRoute(
    app,
    invitationRoutes.revoke,
    { permission, tag, audit: 'invitations.revoke', message: 'Invitation revoked' },
    async ({ session, params }) => invitations.revoke(session().enterpriseId, params.id),
  );
  addRoute(
    app,
    invitationRoutes.preview,
    { permission: 'public', tag, rateLimitPerMinute: limited * 3 },
    async ({ params }) => invitations.preview(params.token),
  );
  addRoute(
    app,
    invitationRoutes.accept,
    { permission: 'public', tag, audit: 'invitations.accept', rateLimitPerMinute: limited },
    async (context) => {
      const { result, user } = await invitations.accept(context.body, {
        ip: context.ip,
        userAgent: context.userAgent,
      });
      context.request.auditActor = { enterpriseId: user.enterpriseId, userId: user.id };
      return result;
    },
  );
}
