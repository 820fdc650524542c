import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys } from '../../db/schema/enterprise-admin';
import { enterprises } from '../../db/schema/platform';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export function createApiKeysRepository(db: Db) {
  return {
    async list(enterpriseId: string) {
      return db
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.enterpriseId, enterpriseId))
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
    },

    async insert(values: typeof apiKeys.$inferInsert) {
      const [row] = await db.insert(apiKeys).values(values).returning();
      return row!;
    },

    /** Marks the key revoked; the row (revoked or not) when it belongs to the enterprise. */
    async revoke(enterpriseId: string, id: string) {
      const [row] = await db
        .update(apiKeys)
        .set({ revokedAt: new Date() })
        .where(and(eq(apiKeys.id, id), eq(apiKeys.enterpriseId, enterpriseId), isNull(apiKeys.revokedAt)))
        .returning();
      if (row) return { row, changed: true };
      const [existing] = await db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.id, id), eq(apiKeys.enterpriseId, enterpriseId)));
      return existing ? { row: existing, changed: false } : null;
    },

    /** A live key by the hash of its secret, with its enterprise's settings. */
    async findLive(keyHash: string) {
      const [row] = await db
        .select({ key: apiKeys, settings: enterprises.settings })
        .from(apiKeys)
        .innerJoin(enterprises, eq(enterprises.id, apiKeys.enterpriseId))
        .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
        .limit(1);
      return row;
    },

    async touch(id: string, at: Date) {
      await db.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, id));
    },
  };
}
