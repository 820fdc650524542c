import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { endResetCodes } from '../../platform/one-time-codes';
import {
  enterprises,
  files,
  loginChallenges,
  oneTimeCodes,
  signInFailures,
  users,
  type EnterpriseSettings,
} from '../../db/schema/platform';
import { userProfiles, type UserPreferences } from '../../db/schema/enterprise-admin';

export type UserRow = typeof users.$inferSelect;
export type EnterpriseRow = typeof enterprises.$inferSelect;

export function createAccountRepository(db: Db) {
  return {
    transaction: <T>(work: (tx: DbOrTx) => Promise<T>) => db.transaction(work),

    async findUserByEmail(email: string) {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
        .limit(1);
      return row;
    },
    async findUser(id: string) {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    async findUserWithEnterprise(id: string) {
      const [row] = await db
        .select({ user: users, enterprise: enterprises })
        .from(users)
        .innerJoin(enterprises, eq(enterprises.id, users.enterpriseId))
        .where(eq(users.id, id))
        .limit(1);
      return row;
    },
    async findEnterprise(id: string) {
      const [row] = await db.select().from(enterprises).where(eq(enterprises.id, id)).limit(1);
      return row;
    },
    async createEnterprise(tx: DbOrTx, name: string, settings: EnterpriseSettings = {}) {
      const [row] = await tx.insert(enterprises).values({ name, settings }).returning();
      return row!;
    },
    async createUser(tx: DbOrTx, values: typeof users.$inferInsert) {
      const [row] = await tx.insert(users).values(values).returning();
      return row!;
    },
    async updateUser(id: string, values: Partial<typeof users.$inferInsert>, tx: DbOrTx = db) {
      await tx.update(users).set(values).where(eq(users.id, id));
    },
    /** The failed sign-ins counted for this email from this address (null: none), and until when they wait. */
    async findSignInFailures(accountKey: string, clientKey: string) {
      const [row] = await db
        .select({ blockedUntil: signInFailures.blockedUntil })
        .from(signInFailures)
        .where(and(eq(signInFailures.accountKey, accountKey), eq(signInFailures.clientKey, clientKey)))
        .limit(1);
      return row ?? null;
    },
    /**
     * Counts one more failed sign-in for this email from this address (a count whose last failure is
     * older than `windowMs` starts again) and returns the new count.
     */
    async recordSignInFailure(accountKey: string, clientKey: string, windowMs: number) {
      const now = new Date();
      // Counts past the window are gone before the upsert, so the one it meets is still running.
      await db.delete(signInFailures).where(lt(signInFailures.lastFailureAt, new Date(now.getTime() - windowMs)));
      const [row] = await db
        .insert(signInFailures)
        .values({ accountKey, clientKey, failures: 1, lastFailureAt: now })
        .onConflictDoUpdate({
          target: [signInFailures.accountKey, signInFailures.clientKey],
          set: {
            failures: sql`${signInFailures.failures} + 1`,
            lastFailureAt: now,
          },
        })
        .returning({ failures: signInFailures.failures });
      return row!.failures;
    },
    async blockSignIn(accountKey: string, clientKey: string, until: Date) {
      await db
        .update(signInFailures)
        .set({ blockedUntil: until })
        .where(and(eq(signInFailures.accountKey, accountKey), eq(signInFailures.clientKey, clientKey)));
    },
    /** Forgets the failed sign-ins of this email: from one address, or from all (a new password). */
    async clearSignInFailures(accountKey: string, clientKey?: string, tx: DbOrTx = db) {
      await tx
        .delete(signInFailures)
        .where(
          clientKey === undefined
            ? eq(signInFailures.accountKey, accountKey)
            : and(eq(signInFailures.accountKey, accountKey), eq(signInFailures.clientKey, clientKey)),
        );
    },
    /** Records a used TOTP time step; false when that step (or a later one) was already used. */
    async claimTotpStep(userId: string, step: number) {
      const rows = await db
        .update(users)
        .set({ totpLastStep: step })
        .where(and(eq(users.id, userId), sql`(${users.totpLastStep} is null or ${users.totpLastStep} < ${step})`))
        .returning({ id: users.id });
      return rows.length === 1;
    },

    /** A file of this enterprise (undefined for another tenant's id). */
    async findFile(enterpriseId: string, id: string) {
      const [row] = await db
        .select({ id: files.id, contentType: files.contentType })
        .from(files)
        .where(and(eq(files.id, id), eq(files.enterpriseId, enterpriseId)))
        .limit(1);
      return row;
    },
    async findProfile(userId: string) {
      const [row] = await db.select().from(userProfiles).where(eq(userProfiles.userId, userId)).limit(1);
      return row;
    },
    async savePreferences(userId: string, enterpriseId: string, preferences: UserPreferences) {
      await db
        .insert(userProfiles)
        .values({ userId, enterpriseId, preferences })
        .onConflictDoUpdate({ target: userProfiles.userId, set: { preferences, updatedAt: new Date() } });
    },
    async saveRecoveryCodes(userId: string, enterpriseId: string, hashes: string[], tx: DbOrTx = db) {
      await tx
        .insert(userProfiles)
        .values({ userId, enterpriseId, recoveryCodeHashes: hashes })
        .onConflictDoUpdate({
          target: userProfiles.userId,
          set: { recoveryCodeHashes: hashes, updatedAt: new Date() },
        });
    },
    /** Removes one unused recovery code; false when it is not (or no longer) there, even under concurrency. */
    async consumeRecoveryCode(userId: string, hash: string) {
      const rows = await db
        .update(userProfiles)
        .set({ recoveryCodeHashes: sql`array_remove(${userProfiles.recoveryCodeHashes}, ${hash})` })
        .where(and(eq(userProfiles.userId, userId), sql`${hash} = any(${userProfiles.recoveryCodeHashes})`))
        .returning({ userId: userProfiles.userId });
      return rows.length === 1;
    },

    async createChallenge(values: typeof loginChallenges.$inferInsert) {
      await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, new Date()));
      await db.insert(loginChallenges).values(values);
    },
    async findChallenge(tokenHash: string) {
      const [row] = await db.select().from(loginChallenges).where(eq(loginChallenges.tokenHash, tokenHash)).limit(1);
      return row;
    },
    async bumpChallengeAttempts(id: string) {
      await db
        .update(loginChallenges)
        .set({ attempts: sql`${loginChallenges.attempts} + 1` })
        .where(eq(loginChallenges.id, id));
    },
    async deleteChallenge(id: string) {
      await db.delete(loginChallenges).where(eq(loginChallenges.id, id));
    },

    async createCode(values: typeof oneTimeCodes.$inferInsert, tx: DbOrTx = db) {
      await tx.insert(oneTimeCodes).values(values);
    },
    /** Ends every reset link of this user not used yet (a new link, a used link or a new password). */
    endResetCodes: (userId: string, tx: DbOrTx = db) => endResetCodes(tx, userId),
    /** Marks a valid, unused code as used and returns it (single use even under concurrency). */
    async consumeCode(kind: 'activate' | 'reset', codeHash: string, tx: DbOrTx = db) {
      const [row] = await tx
        .update(oneTimeCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(oneTimeCodes.codeHash, codeHash),
            eq(oneTimeCodes.kind, kind),
            isNull(oneTimeCodes.usedAt),
            gt(oneTimeCodes.expiresAt, new Date()),
          ),
        )
        .returning();
      return row;
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
