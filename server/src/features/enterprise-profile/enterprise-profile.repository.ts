import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { enterprises, files, users, type EnterpriseSettings } from '../../db/schema/platform';

export function createEnterpriseProfileRepository(db: Db) {
  return {
    async findEnterprise(enterpriseId: string) {
      const [row] = await db.select().from(enterprises).where(eq(enterprises.id, enterpriseId));
      return row;
    },

    async updateEnterprise(enterpriseId: string, values: { name?: string; settings: EnterpriseSettings }) {
      const [row] = await db.update(enterprises).set(values).where(eq(enterprises.id, enterpriseId)).returning();
      return row;
    },

    /** A file of the enterprise; another tenant's id finds nothing. */
    async findFile(enterpriseId: string, id: string) {
      const [row] = await db
        .select()
        .from(files)
        .where(and(eq(files.id, id), eq(files.enterpriseId, enterpriseId)));
      return row;
    },

    /** Active users of the enterprise who have not enrolled in two-factor. */
    async countNotEnrolled(enterpriseId: string) {
      const [row] = await db
        .select({ value: count() })
        .from(users)
        .where(and(eq(users.enterpriseId, enterpriseId), eq(users.state, 1), isNull(users.totpSecretEnc)));
      return row?.value ?? 0;
    },

    async findUser(enterpriseId: string, userId: string) {
      const [row] = await db
        .select({ totpSecretEnc: users.totpSecretEnc })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.enterpriseId, enterpriseId)));
      return row;
    },
  };
}

export type EnterpriseProfileRepository = ReturnType<typeof createEnterpriseProfileRepository>;
