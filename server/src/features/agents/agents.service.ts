import {
  readTrainingStatus,
  agentMessages,
  defaultAgentConfig,
  type AgentAnalytics,
  type AgentDetails,
  type AgentSummary,
  type AgentType,
  type TrainingStatus,
} from '@parley/contracts/agents';
import { AppError } from '../../platform/errors';
import type { FileStore } from '../../platform/files';
import { type AgentCounts, type AgentRow, type AgentsRepository } from './agents.repository';
import { isUniqueViolation } from '../../db/postgres-errors';

/** The most agents one list call answers (perPage -1 = "all", for the report's agent picker). */
const AGENT_LIST_MAX = 1000;

type AgentInput = { name: string; description: string; type: AgentType };
type TrainResult = { trainingStatus: TrainingStatus; trainMessage: string };

/**
 * Starts training an agent that passed the checks. app.ts passes the NLU feature's trainer, which
 * queues the 'nlu.train' job and answers 'training'.
 */
export interface AgentTrainer {
  start(agent: AgentDetails): Promise<TrainResult>;
}

function readType(value: string | null): AgentType {
  return value === 'prompt' ? 'prompt' : 'nlp';
}

function toSummary(row: AgentRow): AgentSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: readType(row.type),
    trainingStatus: readTrainingStatus(row.trainingStatus),
    trainingMessage: row.trainingMessage,
    trainedAt: row.trainedAt ? row.trainedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toDetails(row: AgentRow, counts: AgentCounts): AgentDetails {
  return {
    ...toSummary(row),
    eId: row.enterpriseId,
    config: {
      entityExtractRetries: row.entityExtractRetries,
      outOfScopeMessage: row.outOfScopeMessage,
      modelType: row.modelType as AgentDetails['config']['modelType'],
      confidenceThreshold: row.confidenceThreshold,
      language: row.language === 'hi' ? 'hi' : 'en',
      openaiKey: row.genAiIntegrationId,
    },
    promptConfig: row.promptConfig ?? { openaiKey: null, prompt: '', extractData: false, userData: [] },
    ...counts,
  };
}

/** The analytics frames of agents.md §2.2; the department id of call classification is fixed. */
export function analyticsUrls(base: string | undefined, enterpriseId: string, agentId: string): AgentAnalytics {
  if (!base)
    return {
      configured: false,
      callClassificationUrl: null,
      sentimentUrl: null,
      conversationUrl: null,
      hint: agentMessages.analyticsNotConfigured,
    };
  const eId = encodeURIComponent(enterpriseId);
  const id = encodeURIComponent(agentId);
  return {
    configured: true,
    callClassificationUrl: `${base}/call-classification?enterpriseId=${eId}&departmentId=0`,
    sentimentUrl: `${base}/sentiment-emotions?enterpriseId=${eId}&agentId=${id}`,
    conversationUrl: `${base}/conversation?enterpriseId=${eId}&agent_id=${id}`,
    hint: null,
  };
}

/** Agents (agents.md §2.1, §2.2, §7 "Agents"): list, details, create/update/delete, train, analytics. */
export function createAgentsService(deps: {
  repository: AgentsRepository;
  files: FileStore;
  analyticsUrl: string | undefined;
  trainer: AgentTrainer;
}) {
  const { repository, files, analyticsUrl } = deps;
  const { trainer } = deps;

  async function load(enterpriseId: string, id: string): Promise<AgentDetails> {
    const row = await repository.get(enterpriseId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return toDetails(row, await repository.counts(enterpriseId, id));
  }

  async function save<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      // Two requests racing past the check meet the unique index.
      if (isUniqueViolation(error))
        throw new AppError('AGENT_NAME_TAKEN', { fieldErrors: { name: agentMessages.nameTaken } });
      throw error;
    }
  }

  async function checkName(enterpriseId: string, name: string, exceptId?: string) {
    if (await repository.nameTaken(enterpriseId, name, exceptId))
      throw new AppError('AGENT_NAME_TAKEN', { fieldErrors: { name: agentMessages.nameTaken } });
  }

  return {
    async list(enterpriseId: string, query: { name?: string; from: number; perPage: number }) {
      const size = query.perPage === -1 ? AGENT_LIST_MAX : Math.min(query.perPage, AGENT_LIST_MAX);
      const rows = await repository.list(enterpriseId, {
        name: query.name || undefined,
        from: query.from,
        limit: size + 1,
      });
      return { agents: rows.slice(0, size).map(toSummary), more: rows.length > size };
    },
    get: load,
    async create(enterpriseId: string, userId: string | null, input: AgentInput) {
      await checkName(enterpriseId, input.name);
      const id = await save(() =>
        repository.create(enterpriseId, {
          name: input.name,
          description: input.description,
          type: input.type,
          outOfScopeMessage: defaultAgentConfig.outOfScopeMessage,
          createdBy: userId,
        }),
      );
      return load(enterpriseId, id);
    },
    async update(enterpriseId: string, id: string, input: AgentInput) {
      await load(enterpriseId, id);
      await checkName(enterpriseId, input.name, id);
      await save(() => repository.update(enterpriseId, id, input));
      return load(enterpriseId, id);
    },
    async remove(enterpriseId: string, id: string) {
      const agent = await load(enterpriseId, id);
      if (agent.storyCount > 0 || agent.intentCount > 0) throw new AppError('AGENT_HAS_CONTENT');
      const fileIds = await repository.remove(enterpriseId, id);
      if (fileIds === null) throw new AppError('NOT_FOUND');
      await files.remove(enterpriseId, fileIds);
      return { id };
    },
    /**
     * Checks that there is something to train, then hands the agent to the trainer. An NLP agent
     * needs an intent with at least two training phrases; a prompt agent trains its knowledge base.
     */
    async train(enterpriseId: string, id: string): Promise<TrainResult> {
      const agent = await load(enterpriseId, id);
      if (agent.type === 'nlp' && !(await repository.hasTrainableIntent(enterpriseId, id)))
        throw new AppError('AGENT_NOTHING_TO_TRAIN');
      return trainer.start(agent);
    },
    async analytics(enterpriseId: string, id: string): Promise<AgentAnalytics> {
      const agent = await load(enterpriseId, id);
      return analyticsUrls(analyticsUrl, agent.eId, agent.id);
    },
  };
}

export type AgentsService = ReturnType<typeof createAgentsService>;
