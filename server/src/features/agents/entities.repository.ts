import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agentEntities, agentIntents, agents, type EntityValueRow } from '../../db/schema/agents';
import { containsPattern } from '../../db/like-pattern';

/** Custom entities. Every query is scoped by the caller's enterprise: another tenant's ids find nothing. */
export function createEntitiesRepository(db: Db) {
  const selection = {
    id: agentEntities.id,
    agentId: agentEntities.agentId,
    name: agentEntities.name,
    values: agentEntities.values,
    updatedAt: agentEntities.updatedAt,
  };
  const scope = (enterpriseId: string, agentId: string) =>
    and(eq(agentEntities.enterpriseId, enterpriseId), eq(agentEntities.agentId, agentId));

  return {
    async agentExists(enterpriseId: string, agentId: string) {
      const [row] = await db
        .select({ id: agents.id })
        .from(agents)
        .where(and(eq(agents.enterpriseId, enterpriseId), eq(agents.id, agentId)))
        .limit(1);
      return row !== undefined;
    },
    /** One page plus one row, newest update first, to tell whether more follow. */
    async list(enterpriseId: string, agentId: string, options: { searchterm?: string; from: number; perPage: number }) {
      return db
        .select(selection)
        .from(agentEntities)
        .where(
          and(
            scope(enterpriseId, agentId),
            options.searchterm ? ilike(agentEntities.name, containsPattern(options.searchterm)) : undefined,
          ),
        )
        .orderBy(desc(agentEntities.updatedAt), desc(agentEntities.id))
        .limit(options.perPage + 1)
        .offset(options.from);
    },
    async get(enterpriseId: string, agentId: string, id: string) {
      const [row] = await db
        .select(selection)
        .from(agentEntities)
        .where(and(scope(enterpriseId, agentId), eq(agentEntities.id, id)))
        .limit(1);
      return row;
    },
    async nameTaken(enterpriseId: string, agentId: string, name: string, exceptId?: string) {
      const [row] = await db
        .select({ id: agentEntities.id })
        .from(agentEntities)
        .where(
          and(
            scope(enterpriseId, agentId),
            sql`lower(${agentEntities.name}) = ${name.toLowerCase()}`,
            exceptId ? sql`${agentEntities.id} <> ${exceptId}` : undefined,
          ),
        )
        .limit(1);
      return row !== undefined;
    },
    async create(enterpriseId: string, agentId: string, values: { name: string; values: EntityValueRow[] }) {
      const [row] = await db
        .insert(agentEntities)
        .values({ enterpriseId, agentId, ...values })
        .returning({ id: agentEntities.id });
      return row!.id;
    },
    async update(
      enterpriseId: string,
      agentId: string,
      id: string,
      values: { name: string; values: EntityValueRow[] },
    ) {
      const rows = await db
        .update(agentEntities)
        .set({ ...values, updatedAt: new Date() })
        .where(and(scope(enterpriseId, agentId), eq(agentEntities.id, id)))
        .returning({ id: agentEntities.id });
      return rows.length === 1;
    },
    async remove(enterpriseId: string, agentId: string, id: string) {
      const rows = await db
        .delete(agentEntities)
        .where(and(scope(enterpriseId, agentId), eq(agentEntities.id, id)))
        .returning({ id: agentEntities.id });
      return rows.length === 1;
    },
    /** Names of the intents of the agent whose entity_ids contain `entityId` (up to `limit`), and how many. */
    async usedBy(enterpriseId: string, agentId: string, entityId: string, limit: number) {
      const where = and(
        eq(agentIntents.enterpriseId, enterpriseId),
        eq(agentIntents.agentId, agentId),
        sql`${entityId} = any(${agentIntents.entityIds})`,
      );
      const rows = await db
        .select({ name: agentIntents.name, total: sql<number>`count(*) over ()` })
        .from(agentIntents)
        .where(where)
        .orderBy(sql`lower(${agentIntents.name})`)
        .limit(limit);
      return { names: rows.map((row) => row.name), total: Number(rows[0]?.total ?? 0) };
    },
  };
}

export type EntitiesRepository = ReturnType<typeof createEntitiesRepository>;
export type EntityRow = NonNullable<Awaited<ReturnType<EntitiesRepository['get']>>>;
