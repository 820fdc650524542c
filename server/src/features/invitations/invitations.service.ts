import { INVITATION_DAYS, type Invitation, type InvitationStatus } from '@parley/contracts/invitations';
import type { LoginResult, SessionUser } from '@parley/contracts/account';
import { roles as roleNames, isRoleId } from '@parley/contracts/permissions';
import type { Config } from '../../config';
import { AppError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import { hashPassword } from '../../platform/passwords';
import { randomToken, sha256 } from '../../platform/secrets';
import type { SessionsService } from '../../platform/sessions';
import type { InvitationRow, InvitationsRepository } from './invitations.repository';
import { isUniqueViolation } from '../../db/postgres-errors';

const INVITATION_MS = INVITATION_DAYS * 24 * 60 * 60 * 1000;

export interface InvitationsServiceDeps {
  repository: InvitationsRepository;
  mailer: Mailer;
  sessions: Pick<SessionsService, 'create'>;
  /** The signed-in user's shape, as the account feature builds it for sign-in. */
  sessionUser: (userId: string) => Promise<SessionUser>;
  config: Pick<Config, 'publicUrl' | 'title' | 'scryptLogN'>;
}

function statusOf(row: Pick<InvitationRow, 'status' | 'expiresAt'>, now = new Date()): InvitationStatus {
  return row.status === 'pending' && row.expiresAt <= now ? 'expired' : row.status;
}

function toInvitation(row: InvitationRow): Invitation {
  return {
    id: row.id,
    emailId: row.email,
    roles: row.roles,
    status: statusOf(row),
    invitedBy: row.invitedBy,
    expiresAt: row.expiresAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Invitations (platform §7.3): invite by email with roles, resend, revoke, and accept from the mailed link. */
export function createInvitationsService(deps: InvitationsServiceDeps) {
  const { repository, mailer, sessions, config } = deps;

  async function sendMail(enterpriseId: string, email: string, roles: number[], inviterName: string, token: string) {
    const enterpriseName = await repository.enterpriseName(enterpriseId);
    const url = `${config.publicUrl}/invitation-accept?token=${encodeURIComponent(token)}`;
    const roleList = roles.map((role) => (isRoleId(role) ? roleNames[role] : String(role))).join(', ');
    await mailer.send({
      enterpriseId,
      to: email,
      subject: `You are invited to join ${enterpriseName} on ${config.title}`,
      text: `Hello,\n\n${inviterName} has invited you to join ${enterpriseName} on ${config.title} (roles: ${roleList}). To set your name and password, open this link:\n${url}\n\nThe link is valid for ${INVITATION_DAYS} days and can be used once.`,
    });
  }

  async function load(enterpriseId: string, id: string) {
    const row = await repository.get(enterpriseId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** The pending invitation behind a link, or the clear reason it cannot be used. */
  async function usable(token: string) {
    const row = await repository.findByTokenHash(sha256(token));
    if (!row) throw new AppError('INVITATION_INVALID');
    const status = statusOf(row);
    if (status === 'accepted') throw new AppError('INVITATION_USED');
    if (status === 'revoked') throw new AppError('INVITATION_REVOKED');
    if (status === 'expired') throw new AppError('INVITATION_EXPIRED');
    return row;
  }

  return {
    async invite(auth: { enterpriseId: string; userId: string }, input: { emailId: string; roles: number[] }) {
      const email = input.emailId.toLowerCase();
      if (await repository.emailRegistered(email))
        throw new AppError('INVITATION_EMAIL_REGISTERED', {
          fieldErrors: { emailId: 'A user with this email already exists' },
        });
      if (await repository.hasPending(auth.enterpriseId, email))
        throw new AppError('INVITATION_ALREADY_PENDING', {
          fieldErrors: { emailId: 'This email already has a pending invitation' },
        });
      const token = randomToken();
      const id = await repository.create({
        enterpriseId: auth.enterpriseId,
        email,
        roles: input.roles,
        tokenHash: sha256(token),
        invitedBy: auth.userId,
        expiresAt: new Date(Date.now() + INVITATION_MS),
      });
      const row = await load(auth.enterpriseId, id);
      await sendMail(auth.enterpriseId, email, input.roles, row.invitedBy ?? 'Your administrator', token);
      return toInvitation(row);
    },

    async list(enterpriseId: string, from: number, perPage: number) {
      const rows = await repository.list(enterpriseId, from, perPage);
      return { invitations: rows.slice(0, perPage).map(toInvitation), more: rows.length > perPage };
    },

    /** A new link and a new expiry; the old link stops working. Works for pending and expired invitations. */
    async resend(enterpriseId: string, id: string) {
      const row = await load(enterpriseId, id);
      if (row.status !== 'pending') throw new AppError('INVITATION_NOT_PENDING');
      if (await repository.emailRegistered(row.email)) throw new AppError('INVITATION_EMAIL_REGISTERED');
      const token = randomToken();
      await repository.renew(enterpriseId, id, sha256(token), new Date(Date.now() + INVITATION_MS));
      await sendMail(enterpriseId, row.email, row.roles, row.invitedBy ?? 'Your administrator', token);
      return toInvitation(await load(enterpriseId, id));
    },

    async revoke(enterpriseId: string, id: string) {
      await load(enterpriseId, id);
      if (!(await repository.revoke(enterpriseId, id))) throw new AppError('INVITATION_NOT_PENDING');
      return {};
    },

    async preview(token: string) {
      const row = await usable(token);
      return {
        emailId: row.email,
        enterpriseName: row.enterpriseName,
        invitedBy: row.invitedBy ?? 'Your administrator',
      };
    },

    async accept(
      input: { token: string; name: string; password: string },
      client: { ip?: string; userAgent?: string },
    ): Promise<{ result: LoginResult; user: { id: string; enterpriseId: string } }> {
      const row = await usable(input.token);
      if (await repository.emailRegistered(row.email)) throw new AppError('INVITATION_EMAIL_REGISTERED');
      const passwordHash = await hashPassword(input.password, config.scryptLogN);
      let userId: string | null;
      try {
        userId = await repository.accept(row.id, {
          enterpriseId: row.enterpriseId,
          email: row.email,
          name: input.name,
          passwordHash,
          roles: row.roles,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('INVITATION_EMAIL_REGISTERED');
        throw error;
      }
      if (!userId) throw new AppError('INVITATION_USED');
      const { token } = await sessions.create({ userId, enterpriseId: row.enterpriseId, ...client });
      return {
        result: { state: 'signedIn', token, user: await deps.sessionUser(userId) },
        user: { id: userId, enterpriseId: row.enterpriseId },
      };
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
