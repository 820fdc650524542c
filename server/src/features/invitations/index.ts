import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { createInvitationsRepository } from './invitations.repository';
import { createInvitationsService, type InvitationsServiceDeps } from './invitations.service';
import { registerInvitationsRoutes } from './invitations.routes';

/** Invitations by email with roles, and the public accept link (platform §7.3). */
export function invitationsFeature(
  app: FastifyInstance,
  deps: { db: Db; authRateLimitPerMinute: number } & Omit<InvitationsServiceDeps, 'repository'>,
) {
  const invitations = createInvitationsService({ ...deps, repository: createInvitationsRepository(deps.db) });
  registerInvitationsRoutes(app, { invitations, authRateLimitPerMinute: deps.authRateLimitPerMinute });
  return invitations;
}
