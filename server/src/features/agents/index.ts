import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { Config } from '../../config';
import type { FileStore } from '../../platform/files';
import { registerAgentRoutes } from './agents.routes';
import { registerAgentSettingsRoutes } from './agent-settings.routes';
import { registerStoryRoutes } from './stories.routes';
import { registerIntentRoutes } from './intents.routes';
import { registerEntityRoutes } from './entities.routes';
import { createIntentsRepository } from './intents.repository';
import type { AgentTrainer } from './agents.service';

/** What the agents feature needs from the integrations feature (injected in app.ts). */
export interface GenAiConfigLookup {
  /** True when `id` is a GenAI integration (authType 5) of the enterprise. */
  isGenAiConfig(enterpriseId: string, id: string): Promise<boolean>;
}

export interface AgentsDeps {
  db: Db;
  files: FileStore;
  config: Pick<Config, 'analyticsUrl'>;
  genAiConfigs: GenAiConfigLookup;
  /** Starts training (the NLU feature's job); without one, Train answers the honest pending message. */
  trainer: AgentTrainer;
}

/**
 * The agent designer (agents.md §2–§9): agents, their configuration, knowledge base and prompt,
 * stories and intents, custom and system entities. Every route needs NLP.EDIT.
 */
export function agentsFeature(app: FastifyInstance, deps: AgentsDeps) {
  registerAgentRoutes(app, deps);
  registerAgentSettingsRoutes(app, deps);
  registerStoryRoutes(app, deps);
  registerIntentRoutes(app, deps);
  registerEntityRoutes(app, deps);
  const intents = createIntentsRepository(deps.db);
  return {
    /** Whether the operator marked the agent's intent of that name as a handoff (read live: no retraining). */
    isHandoffIntent: (enterpriseId: string, agentId: string, intentName: string) =>
      intents.isHandoff(enterpriseId, agentId, intentName),
  };
}
