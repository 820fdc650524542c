import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { agents, type AgentPromptConfigRow } from '../../../db/schema/agents';
import type { OutboundHttp } from '../../../platform/outbound-http';
import { createEntityExtractor } from '../engine/entity-extractor';
import type { GenAiCredentialsLookup } from '../nlu.service';
import {
  extractVariablesOffline,
  extractVariablesWithLlm,
  type CollectVariable,
  type TranscriptMessage,
} from './collect-data';

/** One variable found in the conversation, under its name in the prompt form. */
export interface FoundVariable {
  name: string;
  value: string;
}

/** The variables a prompt agent collects, or none: not a prompt agent, the switch off, or no variable. */
function variablesOf(row: { type: string | null; promptConfig: AgentPromptConfigRow | null } | undefined) {
  const config = row?.promptConfig;
  if (row?.type !== 'prompt' || !config?.extractData) return [];
  return (config.userData ?? []).filter((variable) => variable.name.trim() !== '');
}

/**
 * Collect data after conversation (agents.md §2.8) for the conversation runtime: whether an agent
 * collects at all, and the variables of its prompt form read from a finished conversation: by the
 * GenAI endpoint of the prompt's configuration when it has one (not the offline configuration),
 * otherwise by the engine's system-entity extractors. Only variables found are answered.
 */
export function createDataCollector(deps: {
  db: Db;
  outbound: OutboundHttp;
  genAi: GenAiCredentialsLookup;
  /** Region whose day/month order dates and local phone numbers are read in. */
  region?: string;
}) {
  const select = { type: agents.type, promptConfig: agents.promptConfig, language: agents.language };
  const agentOf = async (db: DbOrTx, enterpriseId: string, agentId: string) =>
    (
      await db
        .select(select)
        .from(agents)
        .where(and(eq(agents.enterpriseId, enterpriseId), eq(agents.id, agentId)))
        .limit(1)
    )[0];

  return {
    /** True when the agent is a prompt agent with the switch on and variables (read in the caller's transaction). */
    async collects(tx: DbOrTx, enterpriseId: string, agentId: string): Promise<boolean> {
      return variablesOf(await agentOf(tx, enterpriseId, agentId)).length > 0;
    },

    /**
     * The agent's variables found in the transcript, in the form's order; null when the agent no
     * longer collects (deleted, or the switch turned off since). A failing GenAI endpoint throws
     * (NLU_GENAI_FAILED), so the job tries again later.
     */
    async collect(input: {
      enterpriseId: string;
      agentId: string;
      transcript: readonly TranscriptMessage[];
      /** The enterprise's timezone and the conversation's last moment: "tomorrow" is read from there. */
      timeZone: string;
      at: Date;
    }): Promise<FoundVariable[] | null> {
      const agent = await agentOf(deps.db, input.enterpriseId, input.agentId);
      const variables: CollectVariable[] = variablesOf(agent);
      if (!agent || variables.length === 0) return null;
      const configurationId = agent.promptConfig?.openaiKey ?? null;
      const credentials = configurationId
        ? await deps.genAi.genAiCredentials(input.enterpriseId, configurationId)
        : null;
      const extractor = createEntityExtractor([], { language: agent.language === 'hi' ? 'hi' : 'en' });
      const values = credentials
        ? await extractVariablesWithLlm({
            outbound: deps.outbound,
            credentials,
            transcript: input.transcript,
            variables,
          })
        : extractVariablesOffline({
            transcript: input.transcript,
            variables,
            extract: (text, only, context) => extractor.extract(text, only, context),
            context: { now: input.at, timeZone: input.timeZone, region: deps.region ?? 'IN' },
          });
      return variables.flatMap(({ name }) => {
        const value = values[name];
        return value === null || value === undefined ? [] : [{ name, value }];
      });
    },
  };
}

export type DataCollector = ReturnType<typeof createDataCollector>;
