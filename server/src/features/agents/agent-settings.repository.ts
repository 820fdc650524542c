import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import {
  agentDocuments,
  agents,
  type AgentKnowledgeConfigRow,
  type AgentPromptConfigRow,
} from '../../db/schema/agents';

export type AgentSettingsRow = Pick<
  typeof agents.$inferSelect,
  | 'id'
  | 'type'
  | 'entityExtractRetries'
  | 'outOfScopeMessage'
  | 'modelType'
  | 'confidenceThreshold'
  | 'language'
  | 'genAiIntegrationId'
  | 'promptConfig'
  | 'knowledgeConfig'
>;
export type AgentDocumentRow = typeof agentDocuments.$inferSelect;

/** SQL of an agent's configuration, knowledge base, prompt and documents; every query by enterprise. */
export function createAgentSettingsRepository(db: Db) {
  const byAgent = (enterpriseId: string, id: string) => and(eq(agents.id, id), eq(agents.enterpriseId, enterpriseId));
  const settingsColumns = {
    id: agents.id,
    type: agents.type,
    entityExtractRetries: agents.entityExtractRetries,
    outOfScopeMessage: agents.outOfScopeMessage,
    modelType: agents.modelType,
    confidenceThreshold: agents.confidenceThreshold,
    language: agents.language,
    genAiIntegrationId: agents.genAiIntegrationId,
    promptConfig: agents.promptConfig,
    knowledgeConfig: agents.knowledgeConfig,
  };

  return {
    transaction: <T>(work: (tx: DbOrTx) => Promise<T>) => db.transaction(work),

    async getAgent(enterpriseId: string, id: string): Promise<AgentSettingsRow | undefined> {
      const [row] = await db.select(settingsColumns).from(agents).where(byAgent(enterpriseId, id));
      return row;
    },

    async updateConfig(
      enterpriseId: string,
      id: string,
      values: Pick<
        AgentSettingsRow,
        | 'entityExtractRetries'
        | 'outOfScopeMessage'
        | 'modelType'
        | 'confidenceThreshold'
        | 'language'
        | 'genAiIntegrationId'
      >,
    ) {
      const [row] = await db
        .update(agents)
        .set({ ...values, updatedAt: new Date() })
        .where(byAgent(enterpriseId, id))
        .returning(settingsColumns);
      return row;
    },

    async updateKnowledge(enterpriseId: string, id: string, knowledgeConfig: AgentKnowledgeConfigRow) {
      const [row] = await db
        .update(agents)
        .set({ knowledgeConfig, updatedAt: new Date() })
        .where(byAgent(enterpriseId, id))
        .returning(settingsColumns);
      return row;
    },

    async updatePrompt(enterpriseId: string, id: string, promptConfig: AgentPromptConfigRow) {
      const [row] = await db
        .update(agents)
        .set({ promptConfig, updatedAt: new Date() })
        .where(byAgent(enterpriseId, id))
        .returning(settingsColumns);
      return row;
    },

    /** Uploaded documents of an agent, oldest first. */
    async listDocuments(enterpriseId: string, agentId: string) {
      return db
        .select()
        .from(agentDocuments)
        .where(and(eq(agentDocuments.agentId, agentId), eq(agentDocuments.enterpriseId, enterpriseId)))
        .orderBy(asc(agentDocuments.createdAt), asc(agentDocuments.id));
    },

    /** One document of the agent, among the enterprise's own only. */
    async getDocument(enterpriseId: string, agentId: string, documentId: string) {
      const [row] = await db
        .select()
        .from(agentDocuments)
        .where(
          and(
            eq(agentDocuments.id, documentId),
            eq(agentDocuments.agentId, agentId),
            eq(agentDocuments.enterpriseId, enterpriseId),
          ),
        );
      return row;
    },

    async countDocuments(enterpriseId: string, agentId: string) {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(agentDocuments)
        .where(and(eq(agentDocuments.agentId, agentId), eq(agentDocuments.enterpriseId, enterpriseId)));
      return Number(row?.count ?? 0);
    },

    async insertDocuments(
      tx: DbOrTx,
      rows: {
        enterpriseId: string;
        agentId: string;
        fileId: string;
        fileName: string;
        size: number;
        createdAt: Date;
      }[],
    ) {
      if (rows.length === 0) return [];
      return tx.insert(agentDocuments).values(rows).returning();
    },

    /**
     * Deletes the document, and with it its knowledge passages and source row (the knowledge
     * base's tables, decision 024); undefined when it is not this agent's. The caller removes its
     * stored file.
     */
    async removeDocument(enterpriseId: string, agentId: string, documentId: string) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .delete(agentDocuments)
          .where(
            and(
              eq(agentDocuments.id, documentId),
              eq(agentDocuments.agentId, agentId),
              eq(agentDocuments.enterpriseId, enterpriseId),
            ),
          )
          .returning();
        if (row) {
          await tx.execute(
            sql`delete from knowledge_passages where enterprise_id = ${enterpriseId} and agent_id = ${agentId} and source_id = ${documentId}`,
          );
          await tx.execute(
            sql`delete from knowledge_sources where enterprise_id = ${enterpriseId} and agent_id = ${agentId} and source_id = ${documentId}`,
          );
        }
        return row;
      });
    },
  };
}
export type AgentSettingsRepository = ReturnType<typeof createAgentSettingsRepository>;
