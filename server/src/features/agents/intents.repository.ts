import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  agentEntities,
  agentIntents,
  agentStories,
  agents,
  type IntentParameterRow,
  type IntentUtteranceRow,
} from '../../db/schema/agents';
import { containsPattern } from '../../db/like-pattern';

export interface IntentValues {
  name: string;
  utterances: IntentUtteranceRow[];
  responses: { response: string }[];
  parameters: IntentParameterRow[];
  entityIds: string[];
  handoff: boolean;
}

/** Intents of a story. Every query is scoped by the caller's enterprise, the agent and the story. */
export function createIntentsRepository(db: Db) {
  const scope = (enterpriseId: string, agentId: string, storyId: string) =>
    and(
      eq(agentIntents.enterpriseId, enterpriseId),
      eq(agentIntents.agentId, agentId),
      eq(agentIntents.storyId, storyId),
    );

  return {
    /** True when the story belongs to this agent of this enterprise. */
    async storyExists(enterpriseId: string, agentId: string, storyId: string) {
      const [row] = await db
        .select({ id: agentStories.id })
        .from(agentStories)
        .innerJoin(agents, eq(agents.id, agentStories.agentId))
        .where(
          and(
            eq(agents.enterpriseId, enterpriseId),
            eq(agentStories.enterpriseId, enterpriseId),
            eq(agentStories.agentId, agentId),
            eq(agentStories.id, storyId),
          ),
        )
        .limit(1);
      return row !== undefined;
    },
    async list(
      enterpriseId: string,
      agentId: string,
      storyId: string,
      options: { name?: string; from: number; perPage: number },
    ) {
      return db
        .select({
          id: agentIntents.id,
          name: agentIntents.name,
          storyId: agentIntents.storyId,
          phraseCount: sql<number>`jsonb_array_length(${agentIntents.utterances})::int`,
          handoff: agentIntents.handoff,
          updatedAt: agentIntents.updatedAt,
        })
        .from(agentIntents)
        .where(
          and(
            scope(enterpriseId, agentId, storyId),
            options.name ? ilike(agentIntents.name, containsPattern(options.name)) : undefined,
          ),
        )
        .orderBy(asc(sql`lower(${agentIntents.name})`), asc(agentIntents.id))
        .limit(options.perPage + 1)
        .offset(options.from);
    },
    async get(enterpriseId: string, agentId: string, storyId: string, id: string) {
      const [row] = await db
        .select()
        .from(agentIntents)
        .where(and(scope(enterpriseId, agentId, storyId), eq(agentIntents.id, id)))
        .limit(1);
      return row;
    },
    async nameTaken(agentId: string, name: string, exceptId?: string) {
      const [row] = await db
        .select({ id: agentIntents.id })
        .from(agentIntents)
        .where(
          and(
            eq(agentIntents.agentId, agentId),
            sql`lower(${agentIntents.name}) = ${name.toLowerCase()}`,
            exceptId ? sql`${agentIntents.id} <> ${exceptId}` : undefined,
          ),
        )
        .limit(1);
      return row !== undefined;
    },
    /** Names of the given custom entities of this agent, by id (unknown ids are absent). */
    async customEntityNames(enterpriseId: string, agentId: string, ids: string[]) {
      const uuids = ids.filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
      if (uuids.length === 0) return new Map<string, string>();
      const rows = await db
        .select({ id: agentEntities.id, name: agentEntities.name })
        .from(agentEntities)
        .where(
          and(
            eq(agentEntities.enterpriseId, enterpriseId),
            eq(agentEntities.agentId, agentId),
            inArray(agentEntities.id, uuids),
          ),
        );
      return new Map(rows.map((row) => [row.id, row.name]));
    },
    /** The agent's intent of that name (any story) is marked to hand the customer to people. */
    async isHandoff(enterpriseId: string, agentId: string, name: string) {
      const [row] = await db
        .select({ handoff: agentIntents.handoff })
        .from(agentIntents)
        .where(
          and(
            eq(agentIntents.enterpriseId, enterpriseId),
            eq(agentIntents.agentId, agentId),
            sql`lower(${agentIntents.name}) = lower(${name})`,
          ),
        )
        .limit(1);
      return row?.handoff === true;
    },
    async create(enterpriseId: string, agentId: string, storyId: string, values: IntentValues) {
      const [row] = await db
        .insert(agentIntents)
        .values({ enterpriseId, agentId, storyId, ...values })
        .returning({ id: agentIntents.id });
      return row!.id;
    },
    async update(enterpriseId: string, agentId: string, storyId: string, id: string, values: IntentValues) {
      const rows = await db
        .update(agentIntents)
        .set({ ...values, updatedAt: new Date() })
        .where(and(scope(enterpriseId, agentId, storyId), eq(agentIntents.id, id)))
        .returning({ id: agentIntents.id });
      return rows.length === 1;
    },
    async remove(enterpriseId: string, agentId: string, storyId: string, id: string) {
      const rows = await db
        .delete(agentIntents)
        .where(and(scope(enterpriseId, agentId, storyId), eq(agentIntents.id, id)))
        .returning({ id: agentIntents.id });
      return rows.length === 1;
    },
  };
}

export type IntentsRepository = ReturnType<typeof createIntentsRepository>;
export type IntentRow = NonNullable<Awaited<ReturnType<IntentsRepository['get']>>>;
