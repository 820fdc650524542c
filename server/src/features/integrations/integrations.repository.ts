import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { integrations } from '../../db/schema/enterprise-admin';

export type IntegrationRow = typeof integrations.$inferSelect;

export function createIntegrationsRepository(db: Db) {
  return {
    async list(enterpriseId: string, filter: { name?: string; authType?: number; from: number; perPage: number }) {
      return db
        .select()
        .from(integrations)
        .where(
          and(
            eq(integrations.enterpriseId, enterpriseId),
            filter.name ? ilike(integrations.name, `%${filter.name.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
            filter.authType ? eq(integrations.authType, filter.authType) : undefined,
          ),
        )
        .orderBy(asc(sql`lower(${integrations.name})`), asc(integrations.id))
        .limit(filter.perPage + 1)
        .offset(filter.from);
    },
    async listGenAi(enterpriseId: string) {
      return db
        .select({ id: integrations.id, name: integrations.name, settings: integrations.settings })
        .from(integrations)
        .where(and(eq(integrations.enterpriseId, enterpriseId), eq(integrations.authType, 5)))
        .orderBy(asc(sql`lower(${integrations.name})`), asc(integrations.id))
        .limit(1000);
    },
    async get(enterpriseId: string, id: string) {
      const [row] = await db
        .select()
        .from(integrations)
        .where(and(eq(integrations.id, id), eq(integrations.enterpriseId, enterpriseId)));
      return row;
    },
    async insert(values: typeof integrations.$inferInsert) {
      const [row] = await db.insert(integrations).values(values).returning();
      return row!;
    },
    async update(
      enterpriseId: string,
      id: string,
      values: Pick<IntegrationRow, 'name' | 'authType' | 'settings' | 'secretsEnc'>,
    ) {
      const [row] = await db
        .update(integrations)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(integrations.id, id), eq(integrations.enterpriseId, enterpriseId)))
        .returning();
      return row;
    },
    async remove(enterpriseId: string, id: string) {
      const rows = await db
        .delete(integrations)
        .where(and(eq(integrations.id, id), eq(integrations.enterpriseId, enterpriseId)))
        .returning({ id: integrations.id });
      return rows.length > 0;
    },
  };
}
