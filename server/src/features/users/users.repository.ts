import { and, asc, count, eq, ilike, isNull, gt, ne, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { enterprises, sessions, users } from '../../db/schema/platform';
import { endResetCodes } from '../../platform/one-time-codes';
import { departments, departmentUsers, userProfiles } from '../../db/schema/enterprise-admin';
import { containsPattern } from '../../db/like-pattern';

export interface UserListFilter {
  name?: string;
  state?: number;
  from: number;
  perPage: number;
}

const summaryColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  roles: users.roles,
  state: users.state,
  createdAt: users.createdAt,
  totpSecretEnc: users.totpSecretEnc,
};
export type UserRow = { id: string; name: string; email: string; roles: number[]; state: number; createdAt: Date };

/** Every query is scoped by the caller's enterprise: another tenant's id is simply not found. */
export function createUsersRepository(db: Db) {
  return {
    async list(enterpriseId: string, filter: UserListFilter) {
      const pattern = filter.name ? containsPattern(filter.name) : undefined;
      return db
        .select(summaryColumns)
        .from(users)
        .where(
          and(
            eq(users.enterpriseId, enterpriseId),
            filter.state !== undefined ? eq(users.state, filter.state) : undefined,
            pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
          ),
        )
        .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
        .limit(filter.perPage + 1)
        .offset(filter.from);
    },

    async find(enterpriseId: string, id: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ ...summaryColumns, passwordHash: users.passwordHash, chatPermissions: userProfiles.chatPermissions })
        .from(users)
        .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
        .where(and(eq(users.enterpriseId, enterpriseId), eq(users.id, id)))
        .limit(1);
      return row ?? null;
    },

    async emailTaken(email: string) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return row !== undefined;
    },

    async insert(values: { enterpriseId: string; name: string; email: string; passwordHash: string; roles: number[] }) {
      const [row] = await db
        .insert(users)
        .values({ ...values, state: 1 })
        .onConflictDoNothing()
        .returning(summaryColumns);
      return row ?? null;
    },

    /**
     * Runs `work` with the enterprise row locked, so two admins demoting each other at the same
     * time cannot both pass the last-administrator check.
     */
    async withEnterpriseLock<T>(enterpriseId: string, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.select({ id: enterprises.id }).from(enterprises).where(eq(enterprises.id, enterpriseId)).for('update');
        return work(tx);
      });
    },

    /** Active Administrators of the enterprise other than `exceptUserId`. */
    async otherActiveAdmins(tx: DbOrTx, enterpriseId: string, exceptUserId: string) {
      const [row] = await tx
        .select({ value: count() })
        .from(users)
        .where(
          and(
            eq(users.enterpriseId, enterpriseId),
            eq(users.state, 1),
            sql`1 = any(${users.roles})`,
            ne(users.id, exceptUserId),
          ),
        );
      return Number(row?.value ?? 0);
    },

    async update(
      tx: DbOrTx,
      enterpriseId: string,
      id: string,
      values: Partial<{ roles: number[]; state: number; passwordHash: string }>,
    ) {
      const [row] = await tx
        .update(users)
        .set(values)
        .where(and(eq(users.enterpriseId, enterpriseId), eq(users.id, id)))
        .returning(summaryColumns);
      return row ?? null;
    },

    /** Ends the user's password-reset links not used yet: a password set by an admin replaces them. */
    endResetLinks: (tx: DbOrTx, userId: string) => endResetCodes(tx, userId),

    async saveChatPermissions(tx: DbOrTx, enterpriseId: string, userId: string, chat: Record<string, boolean>) {
      await tx
        .insert(userProfiles)
        .values({ userId, enterpriseId, chatPermissions: chat })
        .onConflictDoUpdate({ target: userProfiles.userId, set: { chatPermissions: chat, updatedAt: new Date() } });
    },

    async deleteImpact(enterpriseId: string, userId: string) {
      const managed = await db
        .select({ id: departments.id, name: departments.name })
        .from(departments)
        .where(and(eq(departments.enterpriseId, enterpriseId), eq(departments.managerId, userId)))
        .orderBy(asc(departments.name));
      const [member] = await db
        .select({ value: count() })
        .from(departmentUsers)
        .where(and(eq(departmentUsers.enterpriseId, enterpriseId), eq(departmentUsers.userId, userId)));
      const [open] = await db
        .select({ value: count() })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
      return {
        departmentsManaged: managed,
        departmentsMember: Number(member?.value ?? 0),
        openSessions: Number(open?.value ?? 0),
      };
    },

    async remove(tx: DbOrTx, enterpriseId: string, id: string) {
      const rows = await tx
        .delete(users)
        .where(and(eq(users.enterpriseId, enterpriseId), eq(users.id, id)))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    async enterpriseSettings(enterpriseId: string) {
      const [row] = await db
        .select({ settings: enterprises.settings })
        .from(enterprises)
        .where(eq(enterprises.id, enterpriseId));
      return row?.settings ?? {};
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
