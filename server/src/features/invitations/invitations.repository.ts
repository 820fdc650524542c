import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { enterprises, users } from '../../db/schema/platform';
import { invitations } from '../../db/schema/enterprise-admin';

const inviter = alias(users, 'inviter');

/** Admin queries are scoped by the caller's enterprise; the public ones find a row by its token hash only. */
export function createInvitationsRepository(db: Db) {
  const selection = {
    id: invitations.id,
    enterpriseId: invitations.enterpriseId,
    email: invitations.email,
    roles: invitations.roles,
    status: invitations.status,
    expiresAt: invitations.expiresAt,
    acceptedAt: invitations.acceptedAt,
    createdAt: invitations.createdAt,
    invitedBy: inviter.name,
  };
  const base = () => db.select(selection).from(invitations).leftJoin(inviter, eq(inviter.id, invitations.invitedBy));

  return {
    async emailRegistered(email: string) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
        .limit(1);
      return row !== undefined;
    },
    async hasPending(enterpriseId: string, email: string) {
      const [row] = await db
        .select({ id: invitations.id })
        .from(invitations)
        .where(
          and(
            eq(invitations.enterpriseId, enterpriseId),
            sql`lower(${invitations.email}) = ${email.toLowerCase()}`,
            eq(invitations.status, 'pending'),
            gt(invitations.expiresAt, new Date()),
          ),
        )
        .limit(1);
      return row !== undefined;
    },
    async create(values: typeof invitations.$inferInsert) {
      const [row] = await db.insert(invitations).values(values).returning({ id: invitations.id });
      return row!.id;
    },
    async list(enterpriseId: string, from: number, perPage: number) {
      return base()
        .where(eq(invitations.enterpriseId, enterpriseId))
        .orderBy(desc(invitations.createdAt), desc(invitations.id))
        .limit(perPage + 1)
        .offset(from);
    },
    async get(enterpriseId: string, id: string) {
      const [row] = await base()
        .where(and(eq(invitations.enterpriseId, enterpriseId), eq(invitations.id, id)))
        .limit(1);
      return row;
    },
    async renew(enterpriseId: string, id: string, tokenHash: string, expiresAt: Date) {
      await db
        .update(invitations)
        .set({ tokenHash, expiresAt })
        .where(and(eq(invitations.enterpriseId, enterpriseId), eq(invitations.id, id)));
    },
    async revoke(enterpriseId: string, id: string) {
      const rows = await db
        .update(invitations)
        .set({ status: 'revoked' })
        .where(
          and(eq(invitations.enterpriseId, enterpriseId), eq(invitations.id, id), eq(invitations.status, 'pending')),
        )
        .returning({ id: invitations.id });
      return rows.length === 1;
    },
    async findByTokenHash(tokenHash: string) {
      const [row] = await db
        .select({ ...selection, enterpriseName: enterprises.name })
        .from(invitations)
        .innerJoin(enterprises, eq(enterprises.id, invitations.enterpriseId))
        .leftJoin(inviter, eq(inviter.id, invitations.invitedBy))
        .where(eq(invitations.tokenHash, tokenHash))
        .limit(1);
      return row;
    },
    async enterpriseName(enterpriseId: string) {
      const [row] = await db
        .select({ name: enterprises.name })
        .from(enterprises)
        .where(eq(enterprises.id, enterpriseId))
        .limit(1);
      return row?.name ?? '';
    },
    /**
     * Marks a pending invitation accepted and creates its user, in one transaction: a second accept
     * (or a race) finds the invitation no longer pending and creates nothing.
     */
    async accept(
      invitationId: string,
      user: { enterpriseId: string; email: string; name: string; passwordHash: string; roles: number[] },
    ) {
      return db.transaction(async (tx) => {
        const claimed = await tx
          .update(invitations)
          .set({ status: 'accepted', acceptedAt: new Date() })
          .where(and(eq(invitations.id, invitationId), eq(invitations.status, 'pending')))
          .returning({ id: invitations.id });
        if (claimed.length !== 1) return null;
        const [row] = await tx
          .insert(users)
          .values({ ...user, state: 1 })
          .returning({ id: users.id });
        return row!.id;
      });
    },
  };
}

export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>;
export type InvitationRow = NonNullable<Awaited<ReturnType<InvitationsRepository['get']>>>;
