import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { EventBus } from '../../platform/realtime/bus';
import type { Jobs } from '../../platform/jobs';
import type { OutboundHttp } from '../../platform/outbound-http';
import type { FileStore } from '../../platform/files';
import { crawlWebsite } from './knowledge/ingestion/crawl-website';
import { knowledgeIngestion } from './knowledge/ingestion/knowledge-ingestion';
import { createDataCollector } from './knowledge/collect-data.service';
import { createKnowledgeRepository } from './knowledge/knowledge.repository';
import { createKnowledgeResponder } from './knowledge/knowledge-responder';
import { answerWithLlm } from './knowledge/llm-answer';
import { createModelStore } from './model-store';
import { createTrainingRunner, createTrainJob } from './nlu.jobs';
import { createNluRepository, TRAIN_JOB, type TrainJobData } from './nlu.repository';
import { registerNluRoutes } from './nlu.routes';
import { createNluService, type GenAiCredentialsLookup } from './nlu.service';

export type { GenAiCredentialsLookup } from './nlu.service';
export type { DataCollector, FoundVariable } from './knowledge/collect-data.service';
export type { TranscriptMessage } from './knowledge/collect-data';

const SESSION_SWEEP_MS = 3600_000;
export { TRAIN_JOB } from './nlu.repository';

export interface NluDeps {
  db: Db;
  jobs: Jobs;
  bus: EventBus;
  outbound: OutboundHttp;
  genAi: GenAiCredentialsLookup;
  /** Region whose day/month order dates are read in (config.defaultPhoneRegion). */
  region?: string;
  /** Agents to train, and prompt agents whose knowledge base to build, once the job runner is up (first start). */
  trainOnReady?: { enterpriseId: string; agentIds: readonly string[]; knowledgeAgentIds?: readonly string[] };
  /** Where the knowledge base's PDFs are stored. */
  files: Pick<FileStore, 'open'>;
}

/**
 * The NLU engine in the server (issue 5): the 'nlu.train' job (worker thread, atomic model swap),
 * predictIntent with sessions and the conversation log, the training report and phrase generation.
 * Answers the service, whose `trainer` the agents feature uses for POST /api/agents/:id/train.
 */
export function nluFeature(app: FastifyInstance, deps: NluDeps) {
  const repository = createNluRepository(deps.db);
  const models = createModelStore({ repository });
  const nlu = createNluService({
    repository,
    models,
    jobs: deps.jobs,
    outbound: deps.outbound,
    genAi: deps.genAi,
    knowledge: createKnowledgeResponder({ repository: createKnowledgeRepository(deps.db) }),
    writer:
      ({ credentials, prompt, onToken }) =>
      (question, passages) =>
        answerWithLlm({ outbound: deps.outbound, credentials, prompt, question, passages, onToken }),
    region: deps.region,
    // Train on a prompt agent builds its knowledge base (the ingestion below, registered next).
    knowledgeBuild: { startIngestion: (enterpriseId, agentId) => ingestion.startIngestion(enterpriseId, agentId) },
  });
  const runner = createTrainingRunner();
  const handle = createTrainJob({
    repository,
    bus: deps.bus,
    runner,
    log: app.log,
    buildKnowledge: (enterpriseId, agentId) => ingestion.startIngestion(enterpriseId, agentId),
  });
  registerNluRoutes(app, { nlu });
  const ingestion = knowledgeIngestion(app, { ...deps, crawl: crawlWebsite });
  // Idle conversations' slot-filling state is swept at start and then hourly (any server may do it).
  let sweeper: ReturnType<typeof setInterval> | undefined;
  const sweep = () =>
    repository
      .deleteIdleSessions()
      .then((deleted) => {
        if (deleted > 0) app.log.info({ deleted }, 'idle Try-it sessions deleted');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'idle session sweep'));
  app.addHook('onReady', async () => {
    await deps.jobs.work<TrainJobData>(TRAIN_JOB, handle);
    void sweep();
    sweeper = setInterval(() => void sweep(), SESSION_SWEEP_MS);
    sweeper.unref();
    const { enterpriseId, agentIds, knowledgeAgentIds = [] } = deps.trainOnReady ?? { enterpriseId: '', agentIds: [] };
    for (const agentId of agentIds)
      await nlu
        .startTraining(enterpriseId, agentId)
        .catch((error: unknown) => app.log.error({ err: error }, 'demo training'));
    for (const agentId of knowledgeAgentIds)
      await ingestion
        .startIngestion(enterpriseId, agentId)
        .catch((error: unknown) => app.log.error({ err: error }, 'demo knowledge base'));
  });
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    await runner.close();
  });
  // Collect data after conversation (agents.md §2.8): the conversation runtime asks it once a chat ends.
  const collector = createDataCollector(deps);
  return { ...nlu, startIngestion: ingestion.startIngestion, ingestionState: ingestion.ingestionState, collector };
}
