import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agentIntents, agentStories, agents } from '../../db/schema/agents';

export interface StoryRow {
  id: string;
  name: string;
  agentId: string;
  parentId: string | null;
  intentCount: number;
}

/** Stories of an agent. Every query is scoped by the caller's enterprise and the agent. */
export function createStoriesRepository(db: Db) {
  return {
    async agentExists(enterpriseId: string, agentId: string) {
      const [row] = await db
        .select({ id: agents.id })
        .from(agents)
        .where(and(eq(agents.enterpriseId, enterpriseId), eq(agents.id, agentId)))
        .limit(1);
      return row !== undefined;
    },
    /** All stories of the agent (flat) with the number of intents directly inside each. */
    async list(enterpriseId: string, agentId: string): Promise<StoryRow[]> {
      const rows = await db
        .select({
          id: agentStories.id,
          name: agentStories.name,
          agentId: agentStories.agentId,
          parentId: agentStories.parentId,
          intentCount: sql<number>`count(${agentIntents.id})::int`,
        })
        .from(agentStories)
        .leftJoin(agentIntents, eq(agentIntents.storyId, agentStories.id))
        .where(and(eq(agentStories.enterpriseId, enterpriseId), eq(agentStories.agentId, agentId)))
        .groupBy(agentStories.id)
        .orderBy(asc(sql`lower(${agentStories.name})`), asc(agentStories.id));
      return rows.map((row) => ({ ...row, intentCount: Number(row.intentCount) }));
    },
    async nameTaken(agentId: string, name: string, exceptId?: string) {
      const [row] = await db
        .select({ id: agentStories.id })
        .from(agentStories)
        .where(
          and(
            eq(agentStories.agentId, agentId),
            sql`lower(${agentStories.name}) = ${name.toLowerCase()}`,
            exceptId ? sql`${agentStories.id} <> ${exceptId}` : undefined,
          ),
        )
        .limit(1);
      return row !== undefined;
    },
    async create(enterpriseId: string, agentId: string, values: { name: string; parentId: string | null }) {
      const [row] = await db
        .insert(agentStories)
        .values({ enterpriseId, agentId, ...values })
        .returning({ id: agentStories.id });
      return row!.id;
    },
    async update(enterpriseId: string, agentId: string, id: string, values: { name: string; parentId: string | null }) {
      const rows = await db
        .update(agentStories)
        .set({ ...values, updatedAt: new Date() })
        .where(
          and(eq(agentStories.enterpriseId, enterpriseId), eq(agentStories.agentId, agentId), eq(agentStories.id, id)),
        )
        .returning({ id: agentStories.id });
      return rows.length === 1;
    },
    /** Deletes the given stories (a story and its sub-stories); their intents go by FK cascade. */
    async remove(enterpriseId: string, agentId: string, ids: string[]) {
      return db.transaction(async (tx) => {
        const [counted] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(agentIntents)
          .where(and(eq(agentIntents.enterpriseId, enterpriseId), inArray(agentIntents.storyId, ids)));
        const rows = await tx
          .delete(agentStories)
          .where(
            and(
              eq(agentStories.enterpriseId, enterpriseId),
              eq(agentStories.agentId, agentId),
              inArray(agentStories.id, ids),
            ),
          )
          .returning({ id: agentStories.id });
        return { deleted: rows.length, deletedIntents: Number(counted?.count ?? 0) };
      });
    },
  };
}

export type StoriesRepository = ReturnType<typeof createStoriesRepository>;
