import { Worker } from 'node:worker_threads';
import { AGENT_TRAINED_EVENT, nluMessages, type TrainingReport } from '@parley/contracts/nlu';
import type { TrainingStatus } from '@parley/contracts/agents';
import type { EventBus } from '../../platform/realtime/bus';
import type { ModelEntityRow, ModelIntentRow } from '../../db/schema/nlu';
import type { LexicalModelType, TrainingData } from './engine/types';
import type { AgentRow, NluRepository, TrainJobData } from './nlu.repository';
import { buildTrainingReport } from './training-report';
import { runTraining, type TrainingRunInput, type TrainingRunOutput } from './training-run';

const TRAINING_SEED = 42;
const workerUrl = new URL('./train-worker.ts', import.meta.url);

/** A failure of the training itself (bad data, engine error), as opposed to the worker not starting. */
class TrainingFailed extends Error {}
/** The app is closing: the job is left to pg-boss to run again, the agent is not marked failed. */
export class TrainingInterrupted extends Error {}

/**
 * Trains in a worker thread so the API keeps answering. The server and the tests run TypeScript
 * through tsx, and a worker does not inherit tsx's loader on Node 20: the worker is started from a
 * small script that loads train-worker.ts through `tsx/esm/api` (works under `tsx` and vitest).
 * Compiled JavaScript (a .js file) is started directly. If no worker can start at all, training
 * runs inline on the main thread (slower answers meanwhile, same result).
 */
export function createTrainingRunner() {
  const running = new Set<Worker>();
  let closed = false;
  /** How trainings ran (worker thread or inline), for tests and diagnostics. */
  const runs = { worker: 0, inline: 0 };

  function startWorker(input: TrainingRunInput): Worker {
    if (workerUrl.pathname.endsWith('.js')) return new Worker(workerUrl, { workerData: input });
    const href = JSON.stringify(workerUrl.href);
    return new Worker(`import('tsx/esm/api').then(({ tsImport }) => tsImport(${href}, ${href}))`, {
      eval: true,
      workerData: input,
    });
  }

  function inWorker(input: TrainingRunInput): Promise<TrainingRunOutput> {
    return new Promise((resolve, reject) => {
      const worker = startWorker(input);
      running.add(worker);
      let settled = false;
      const settle = (done: () => void) => {
        if (settled) return;
        settled = true;
        running.delete(worker);
        void worker.terminate();
        done();
      };
      worker.on('message', (message: { ok?: boolean; bytes?: Uint8Array; report?: TrainingReport; error?: string }) => {
        if (message.ok === true) settle(() => resolve({ bytes: message.bytes!, report: message.report! }));
        else if (message.ok === false) settle(() => reject(new TrainingFailed(message.error ?? 'Training failed')));
      });
      worker.on('error', (error) => settle(() => reject(error)));
      worker.on('exit', (code) => settle(() => reject(new Error(`The training worker stopped (exit code ${code})`))));
    });
  }

  return {
    async train(input: TrainingRunInput): Promise<TrainingRunOutput> {
      try {
        const output = await inWorker(input);
        runs.worker += 1;
        return output;
      } catch (error) {
        if (error instanceof TrainingFailed) throw new Error(error.message, { cause: error });
        if (closed) throw new TrainingInterrupted('The server stopped during training');
        // The worker could not run (no loader, no threads): train here instead.
        runs.inline += 1;
        return runTraining(input);
      }
    },
    runs,
    async close() {
      closed = true;
      await Promise.all([...running].map((worker) => worker.terminate()));
      running.clear();
    },
  };
}

export type TrainingRunner = ReturnType<typeof createTrainingRunner>;

function seconds(from: number) {
  return (performance.now() - from) / 1000;
}

/**
 * The 'nlu.train' job: builds the agent's model from its intents, phrases and entities, stores it,
 * then swaps it in (agents.active_model_id, status 'trained') in one transaction. Until then the
 * previous model answers. A failure sets 'failed' with the reason and leaves the previous model
 * active. Running the same job twice does no harm: a job whose model exists only swaps it in, and a
 * job for an agent that is no longer 'training' does nothing.
 */
export function createTrainJob(deps: {
  repository: NluRepository;
  bus: EventBus;
  runner: TrainingRunner;
  log?: { error(object: unknown, message: string): void };
  /**
   * Builds the knowledge base of an NLP agent that has one, once its model is in (the fallback
   * when no intent fits): Train trains the model, then reads the documents and websites.
   */
  buildKnowledge?: (enterpriseId: string, agentId: string) => Promise<unknown>;
}) {
  const { repository, bus, runner } = deps;

  async function thenKnowledge(agent: {
    enterpriseId: string;
    id: string;
    knowledgeConfig: AgentRow['knowledgeConfig'];
  }) {
    if (!deps.buildKnowledge || !(agent.knowledgeConfig?.kbFromDoc || agent.knowledgeConfig?.kbFromWebsite)) return;
    await deps.buildKnowledge(agent.enterpriseId, agent.id).catch((error: unknown) => {
      deps.log?.error({ err: error, agentId: agent.id }, 'knowledge base after training');
    });
  }

  async function publish(enterpriseId: string, agentId: string, trainingStatus: TrainingStatus) {
    await bus
      .publish({ enterpriseId, name: AGENT_TRAINED_EVENT, payload: { agentId, trainingStatus } })
      .catch((error: unknown) => deps.log?.error({ err: error }, 'agent.trained event'));
  }

  return async function handle(data: TrainJobData, job: { id: string }) {
    const { enterpriseId, agentId } = data;
    const agent = await repository.getAgent(enterpriseId, agentId);
    if (!agent || agent.trainingStatus !== 'training') return;

    const existing = await repository.modelByJob(enterpriseId, agentId, job.id);
    if (existing) {
      const report = existing.report as TrainingReport | null;
      await repository.activate(
        enterpriseId,
        agentId,
        existing.id,
        nluMessages.trainDone(existing.intents.length, existing.phrases, (report?.trainingSeconds ?? 0).toFixed(1)),
      );
      await publish(enterpriseId, agentId, 'trained');
      await thenKnowledge(agent);
      return;
    }

    try {
      const started = performance.now();
      const input = await repository.trainingInput(enterpriseId, agentId);
      // Phrases with the entities tagged in them; an entity's id is its label for the tagger.
      const utterances = input.intents.map((intent) =>
        intent.utterances.filter((utterance) => utterance.utterance.trim().length > 0),
      );
      const intents: ModelIntentRow[] = input.intents.map((intent, i) => ({
        name: intent.name,
        responses: intent.responses.map((response) => response.response),
        parameters: intent.parameters,
        phrases: utterances[i]!.map((utterance) => utterance.utterance),
      }));
      const entities: ModelEntityRow[] = input.entities.map((entity) => ({
        id: entity.id,
        name: entity.name,
        values: entity.values,
      }));
      const language = agent.language === 'hi' ? 'hi' : 'en';
      const trainingData: TrainingData = {
        language,
        intents: intents.flatMap((intent, i) =>
          intent.phrases.length > 0
            ? [
                {
                  name: intent.name,
                  phrases: intent.phrases,
                  entities: utterances[i]!.map((utterance) =>
                    utterance.entityRefs.map((ref) => ({
                      label: ref.entityId,
                      start: ref.entityStartPos,
                      end: ref.entityEndPos,
                    })),
                  ),
                },
              ]
            : [],
        ),
      };
      if (trainingData.intents.length === 0) throw new Error('No intent has a training phrase');
      const phrases = trainingData.intents.reduce((sum, intent) => sum + intent.phrases.length, 0);

      let bytes: Uint8Array | null = null;
      let report: TrainingReport;
      if (agent.modelType === 'SVM' || agent.modelType === 'Semantic') {
        const output = await runner.train({
          data: trainingData,
          modelType: agent.modelType as LexicalModelType,
          seed: TRAINING_SEED,
        });
        bytes = output.bytes;
        report = output.report;
      } else {
        // OpenAi / GPT2: the GenAI endpoint classifies from the examples; only the snapshot is kept.
        if (!agent.genAiIntegrationId) throw new Error(nluMessages.noConfiguration);
        report = await buildTrainingReport({
          data: trainingData,
          modelType: agent.modelType,
          train: null,
          trainingSeconds: seconds(started),
          trainedAt: new Date(),
        });
      }
      const totalSeconds = seconds(started);
      report = { ...report, trainingSeconds: Math.round(totalSeconds * 10) / 10 };
      const modelId = await repository.insertModel({
        enterpriseId,
        agentId,
        modelType: agent.modelType,
        language,
        bytes,
        intents,
        entities,
        report,
        phrases,
        jobId: job.id,
      });
      const activated = await repository.activate(
        enterpriseId,
        agentId,
        modelId,
        nluMessages.trainDone(trainingData.intents.length, phrases, totalSeconds.toFixed(1)),
      );
      if (activated) {
        await publish(enterpriseId, agentId, 'trained');
        await thenKnowledge(agent);
      }
    } catch (error) {
      if (error instanceof TrainingInterrupted) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      deps.log?.error({ err: error, agentId }, 'training failed');
      // The agent may be gone (deleted while training): then there is nothing to mark.
      if (await repository.getAgent(enterpriseId, agentId).catch(() => undefined)) {
        await repository.fail(enterpriseId, agentId, `Training failed: ${reason}`);
        await publish(enterpriseId, agentId, 'failed');
      }
    }
  };
}
