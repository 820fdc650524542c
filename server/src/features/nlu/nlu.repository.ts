import { and, asc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agentEntities, agentIntents, agents } from '../../db/schema/agents';
import { enterprises } from '../../db/schema/platform';
import {
  agentConversationMessages,
  agentModels,
  agentSessions,
  type ModelEntityRow,
  type ModelIntentRow,
  type OtherIntentRow,
} from '../../db/schema/nlu';
import type { Jobs } from '../../platform/jobs';
import type { TrainingReport } from '@parley/contracts/nlu';
import type { ConversationState } from './engine/types';

export const TRAIN_JOB = 'nlu.train';
export interface TrainJobData {
  agentId: string;
  enterpriseId: string;
}

export type AgentRow = typeof agents.$inferSelect;
export type ModelRow = typeof agentModels.$inferSelect;

export interface ConversationMessageValues {
  sessionId: string;
  userMessage: string;
  intentIdentified: boolean;
  intent: string | null;
  confidence: number;
  utterance: string | null;
  botResponse: string;
  emotion: string;
  otherIntent: OtherIntentRow[];
}

/**
 * A conversation idle for this long forgets what it was filling: a week, so an operator can come
 * back to a Try-it conversation the next day, while abandoned ones do not pile up.
 */
export const SESSION_IDLE_MS = 7 * 24 * 3600_000;

/** The NLU feature's SQL: models, the agent's training columns, sessions and the conversation log. */
export function createNluRepository(db: Db) {
  const agentScope = (enterpriseId: string, id: string) =>
    and(eq(agents.enterpriseId, enterpriseId), eq(agents.id, id));

  async function getAgent(enterpriseId: string, id: string): Promise<AgentRow | undefined> {
    const [row] = await db.select().from(agents).where(agentScope(enterpriseId, id)).limit(1);
    return row;
  }

  return {
    getAgent,

    /** The enterprise's timezone from its profile (platform settings), or null when none was chosen. */
    async enterpriseTimeZone(enterpriseId: string): Promise<string | null> {
      const [row] = await db
        .select({ settings: enterprises.settings })
        .from(enterprises)
        .where(eq(enterprises.id, enterpriseId))
        .limit(1);
      return row?.settings.timezone ?? null;
    },

    /**
     * Marks the agent 'training' and queues the job in one transaction (both or neither). Answers
     * false when a training of this agent is already waiting or running. A 'training' status left
     * without a live job (the server stopped mid-training and the job is gone) may start again.
     */
    async startTraining(jobs: Jobs, enterpriseId: string, agentId: string, message: string): Promise<boolean> {
      const current = await getAgent(enterpriseId, agentId);
      if (!current) return false;
      const stale = current.trainingStatus === 'training' && !(await jobs.isPending(TRAIN_JOB, { agentId }));
      return db.transaction(async (tx) => {
        const updated = await tx
          .update(agents)
          .set({ trainingStatus: 'training', trainingMessage: message })
          .where(and(agentScope(enterpriseId, agentId), stale ? undefined : ne(agents.trainingStatus, 'training')))
          .returning({ id: agents.id });
        if (updated.length !== 1) return false;
        const data: TrainJobData = { agentId, enterpriseId };
        await jobs.send(TRAIN_JOB, data, { tx });
        return true;
      });
    },

    /** Intents (with phrases, responses, parameters) and custom entities, as training reads them. */
    async trainingInput(enterpriseId: string, agentId: string) {
      const intents = await db
        .select({
          name: agentIntents.name,
          utterances: agentIntents.utterances,
          responses: agentIntents.responses,
          parameters: agentIntents.parameters,
        })
        .from(agentIntents)
        .where(and(eq(agentIntents.enterpriseId, enterpriseId), eq(agentIntents.agentId, agentId)))
        .orderBy(asc(agentIntents.name));
      const entities = await db
        .select({ id: agentEntities.id, name: agentEntities.name, values: agentEntities.values })
        .from(agentEntities)
        .where(and(eq(agentEntities.enterpriseId, enterpriseId), eq(agentEntities.agentId, agentId)))
        .orderBy(asc(agentEntities.name));
      return { intents, entities };
    },

    async modelByJob(enterpriseId: string, agentId: string, jobId: string) {
      const [row] = await db
        .select({
          id: agentModels.id,
          phrases: agentModels.phrases,
          intents: agentModels.intents,
          report: agentModels.report,
        })
        .from(agentModels)
        .where(
          and(
            eq(agentModels.enterpriseId, enterpriseId),
            eq(agentModels.agentId, agentId),
            eq(agentModels.jobId, jobId),
          ),
        )
        .limit(1);
      return row;
    },

    async insertModel(values: {
      enterpriseId: string;
      agentId: string;
      modelType: string;
      language: string;
      bytes: Uint8Array | null;
      intents: ModelIntentRow[];
      entities: ModelEntityRow[];
      report: TrainingReport;
      phrases: number;
      jobId: string;
    }): Promise<string> {
      const [row] = await db.insert(agentModels).values(values).returning({ id: agentModels.id });
      return row!.id;
    },

    /**
     * The atomic swap: in one transaction the agent points at the new model and reads 'trained';
     * older models of the agent go (a request already holding one keeps it in memory).
     */
    async activate(enterpriseId: string, agentId: string, modelId: string, message: string) {
      return db.transaction(async (tx) => {
        const updated = await tx
          .update(agents)
          .set({ activeModelId: modelId, trainingStatus: 'trained', trainingMessage: message, trainedAt: new Date() })
          .where(agentScope(enterpriseId, agentId))
          .returning({ id: agents.id });
        if (updated.length !== 1) return false;
        await tx
          .delete(agentModels)
          .where(
            and(
              eq(agentModels.enterpriseId, enterpriseId),
              eq(agentModels.agentId, agentId),
              ne(agentModels.id, modelId),
            ),
          );
        return true;
      });
    },

    /** Training failed: the status and the reason; the active model (if any) keeps answering. */
    async fail(enterpriseId: string, agentId: string, message: string) {
      await db
        .update(agents)
        .set({ trainingStatus: 'failed', trainingMessage: message })
        .where(agentScope(enterpriseId, agentId));
    },

    async getModel(enterpriseId: string, modelId: string): Promise<ModelRow | undefined> {
      const [row] = await db
        .select()
        .from(agentModels)
        .where(and(eq(agentModels.enterpriseId, enterpriseId), eq(agentModels.id, modelId)))
        .limit(1);
      return row;
    },

    async modelReport(enterpriseId: string, modelId: string): Promise<TrainingReport | null> {
      const [row] = await db
        .select({ report: agentModels.report })
        .from(agentModels)
        .where(and(eq(agentModels.enterpriseId, enterpriseId), eq(agentModels.id, modelId)))
        .limit(1);
      return (row?.report as TrainingReport | null | undefined) ?? null;
    },

    /** The conversation's state, unless it was idle for longer than SESSION_IDLE_MS (then it starts fresh). */
    async loadSession(enterpriseId: string, agentId: string, sessionId: string): Promise<ConversationState | null> {
      const [row] = await db
        .select({ state: agentSessions.state })
        .from(agentSessions)
        .where(
          and(
            eq(agentSessions.enterpriseId, enterpriseId),
            eq(agentSessions.agentId, agentId),
            eq(agentSessions.sessionId, sessionId),
            gte(agentSessions.updatedAt, new Date(Date.now() - SESSION_IDLE_MS)),
          ),
        )
        .limit(1);
      return (row?.state as ConversationState | undefined) ?? null;
    },

    /**
     * Deletes the slot-filling state of conversations idle for longer than SESSION_IDLE_MS, in
     * batches (through the index on updated_at); answers how many. Their messages stay in the log.
     */
    async deleteIdleSessions(batch = 5_000): Promise<number> {
      const cutoff = new Date(Date.now() - SESSION_IDLE_MS);
      let deleted = 0;
      for (;;) {
        const idle = db
          .select({ agentId: agentSessions.agentId, sessionId: agentSessions.sessionId })
          .from(agentSessions)
          .where(lt(agentSessions.updatedAt, cutoff))
          .limit(batch);
        const rows = await db
          .delete(agentSessions)
          .where(sql`(${agentSessions.agentId}, ${agentSessions.sessionId}) IN ${idle}`)
          .returning({ sessionId: agentSessions.sessionId });
        deleted += rows.length;
        if (rows.length < batch) return deleted;
      }
    },

    /** The conversation's new state and the logged message, together: one statement (the state as a CTE). */
    async saveTurn(
      enterpriseId: string,
      agentId: string,
      state: ConversationState,
      message: ConversationMessageValues,
    ) {
      const session = db.$with('session').as(
        db
          .insert(agentSessions)
          .values({ enterpriseId, agentId, sessionId: message.sessionId, state, updatedAt: new Date() })
          .onConflictDoUpdate({
            target: [agentSessions.agentId, agentSessions.sessionId],
            set: { state, updatedAt: new Date() },
            where: eq(agentSessions.enterpriseId, enterpriseId),
          })
          .returning({ sessionId: agentSessions.sessionId }),
      );
      await db
        .with(session)
        .insert(agentConversationMessages)
        .values({ enterpriseId, agentId, ...message });
    },
  };
}

export type NluRepository = ReturnType<typeof createNluRepository>;
