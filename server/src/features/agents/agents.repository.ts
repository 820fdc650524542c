import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agentDocuments, agentEntities, agentIntents, agentStories, agents } from '../../db/schema/agents';
import { containsPattern } from '../../db/like-pattern';

export type AgentRow = typeof agents.$inferSelect;
export type AgentCounts = { storyCount: number; intentCount: number; entityCount: number };

export interface AgentValues {
  name: string;
  description: string;
  type: string;
}

/** Agents of one enterprise: every query is scoped by enterpriseId, so a foreign id finds nothing. */
export function createAgentsRepository(db: Db) {
  const scope = (enterpriseId: string, id: string) => and(eq(agents.enterpriseId, enterpriseId), eq(agents.id, id));

  return {
    /** Newest first; `limit` rows at most (the caller asks one more than a page to know about "more"). */
    async list(enterpriseId: string, options: { name?: string; from: number; limit: number }) {
      return db
        .select()
        .from(agents)
        .where(
          and(
            eq(agents.enterpriseId, enterpriseId),
            options.name ? ilike(agents.name, containsPattern(options.name)) : undefined,
          ),
        )
        .orderBy(desc(agents.createdAt), desc(agents.id))
        .limit(options.limit)
        .offset(options.from);
    },
    async get(enterpriseId: string, id: string) {
      const [row] = await db.select().from(agents).where(scope(enterpriseId, id)).limit(1);
      return row;
    },
    async counts(enterpriseId: string, id: string): Promise<AgentCounts> {
      const count = (table: typeof agentStories | typeof agentIntents | typeof agentEntities) =>
        sql<number>`(select count(*)::int from ${table} where ${table.agentId} = ${id} and ${table.enterpriseId} = ${enterpriseId})`;
      const [row] = await db
        .select({
          storyCount: count(agentStories),
          intentCount: count(agentIntents),
          entityCount: count(agentEntities),
        })
        .from(sql`(select 1) as one`);
      return {
        storyCount: Number(row?.storyCount ?? 0),
        intentCount: Number(row?.intentCount ?? 0),
        entityCount: Number(row?.entityCount ?? 0),
      };
    },
    async nameTaken(enterpriseId: string, name: string, exceptId?: string) {
      const [row] = await db
        .select({ id: agents.id })
        .from(agents)
        .where(
          and(
            eq(agents.enterpriseId, enterpriseId),
            sql`lower(${agents.name}) = ${name.toLowerCase()}`,
            exceptId ? sql`${agents.id} <> ${exceptId}` : undefined,
          ),
        )
        .limit(1);
      return row !== undefined;
    },
    async create(enterpriseId: string, values: AgentValues & { outOfScopeMessage: string; createdBy: string | null }) {
      const [row] = await db
        .insert(agents)
        .values({ enterpriseId, ...values })
        .returning({ id: agents.id });
      return row!.id;
    },
    async update(enterpriseId: string, id: string, values: AgentValues) {
      const rows = await db
        .update(agents)
        .set({ ...values, updatedAt: new Date() })
        .where(scope(enterpriseId, id))
        .returning({ id: agents.id });
      return rows.length === 1;
    },
    /** True when the agent has at least one intent with two or more training phrases. */
    async hasTrainableIntent(enterpriseId: string, id: string) {
      const [row] = await db
        .select({ id: agentIntents.id })
        .from(agentIntents)
        .where(
          and(
            eq(agentIntents.enterpriseId, enterpriseId),
            eq(agentIntents.agentId, id),
            sql`jsonb_array_length(${agentIntents.utterances}) >= 2`,
          ),
        )
        .limit(1);
      return row !== undefined;
    },
    /**
     * Deletes the agent and the stored files of its documents in one transaction (entities, stories,
     * intents and document rows cascade). Answers the deleted file rows' ids, or null when not found.
     */
    /** Deletes the agent (its documents go with it) and answers the stored files left to remove, or null. */
    async remove(enterpriseId: string, id: string) {
      return db.transaction(async (tx) => {
        const documents = await tx
          .select({ fileId: agentDocuments.fileId })
          .from(agentDocuments)
          .where(and(eq(agentDocuments.enterpriseId, enterpriseId), eq(agentDocuments.agentId, id)));
        const deleted = await tx.delete(agents).where(scope(enterpriseId, id)).returning({ id: agents.id });
        return deleted.length === 1 ? documents.map((document) => document.fileId) : null;
      });
    },
  };
}

export type AgentsRepository = ReturnType<typeof createAgentsRepository>;
