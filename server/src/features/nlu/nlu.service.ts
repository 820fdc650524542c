import crypto from 'node:crypto';
import type { z } from 'zod';
import {
  nluLimits,
  nluMessages,
  type generatePhrasesBody,
  type GeneratePhrasesResult,
  type predictBody,
  type PredictResult,
  type TrainingState,
} from '@parley/contracts/nlu';
import { genAiModelTypes, readTrainingStatus, type AgentDetails, type TrainingStatus } from '@parley/contracts/agents';
import { AppError } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs';
import type { OutboundHttp } from '../../platform/outbound-http';
import { dialogTurn, newConversation } from './engine/dialog';
import { classifyEmotion } from './engine/emotion';
import { generateParaphrases } from './engine/paraphrase';
import { normalizeText, words } from './engine/text';
import type { IntentScore } from './engine/types';
import { classifyWithGenAi, paraphraseWithGenAi, type GenAiCredentials } from './genai-classifier';
import type { KnowledgeReply, KnowledgeResponder, PassageWriter } from './knowledge/knowledge-responder';
import type { ModelStore } from './model-store';
import type { AgentRow, NluRepository } from './nlu.repository';

/** What the NLU feature needs from the integrations feature (injected in app.ts). */
export interface GenAiCredentialsLookup {
  /** The decrypted connection of a GenAI integration (authType 5) of the enterprise, or null. */
  genAiCredentials(enterpriseId: string, id: string): Promise<GenAiCredentials | null>;
}

/** The agents feature's training hook (agents.service AgentTrainer), matched by shape in app.ts. */
export interface NluTrainer {
  start(agent: AgentDetails): Promise<{ trainingStatus: TrainingStatus; trainMessage: string }>;
}

/** How many ranked intents the dialog and otherIntent see. */
const RANK_TOP = 1 + nluLimits.otherIntents;

/**
 * The agent's confidence threshold as a fraction. The designer accepts 0 to 200 (agents.md §3):
 * values up to 1 are fractions (0.5), larger values are percentages (70 means 0.7; above 100 no
 * message is ever in scope).
 */
export function thresholdOf(value: number): number {
  return value > 1 ? value / 100 : value;
}

/** The IANA timezone when Intl knows it, else null (metadata.timeZone is free text from the client). */
function knownTimeZone(name: string | undefined): string | null {
  if (!name) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name;
  } catch {
    return null;
  }
}

/** Phrases compared for duplicates: normalised words only (case, accents, punctuation, spacing ignored). */
function phraseKey(text: string): string {
  return words(normalizeText(text)).join(' ');
}

/** Try it (predictIntent), training state and report, phrase generation, and the trainer of the agents feature. */
export function createNluService(deps: {
  repository: NluRepository;
  models: ModelStore;
  jobs: Jobs;
  outbound: OutboundHttp;
  genAi: GenAiCredentialsLookup;
  knowledge: KnowledgeResponder;
  /** Builds a knowledge base (the 'knowledge.ingest' job): Train on a prompt agent. */
  knowledgeBuild?: {
    startIngestion(
      enterpriseId: string,
      agentId: string,
    ): Promise<{ trainingStatus: 'training'; trainMessage: string }>;
  };
  /** The LLM path of knowledge answers (llm-answer.ts), given the configuration, prompt and stream. */
  writer?: (input: {
    credentials: GenAiCredentials;
    prompt: string;
    onToken?: (text: string) => void;
  }) => PassageWriter;
  /** Region whose day/month order dates are read in (ISO 3166; PARLEY_DEFAULT_PHONE_REGION, IN by default). */
  region?: string;
}) {
  const { repository, models, jobs, outbound, genAi, knowledge } = deps;

  async function agentOf(enterpriseId: string, id: string): Promise<AgentRow> {
    const agent = await repository.getAgent(enterpriseId, id);
    if (!agent) throw new AppError('NOT_FOUND');
    return agent;
  }

  async function credentialsOf(agent: AgentRow): Promise<GenAiCredentials | null> {
    if (!agent.genAiIntegrationId) return null;
    return genAi.genAiCredentials(agent.enterpriseId, agent.genAiIntegrationId);
  }

  const hasKnowledgeBase = (agent: AgentRow) =>
    Boolean(agent.knowledgeConfig?.kbFromDoc || agent.knowledgeConfig?.kbFromWebsite);

  /**
   * The knowledge base's reply: written by the configuration's LLM when one is chosen (and this
   * server can write with it), else extracted from the best passage. Null when the agent has no
   * indexed passage.
   */
  async function knowledgeReply(
    agent: AgentRow,
    question: string,
    configurationId: string | null,
    onToken?: (text: string) => void,
  ): Promise<KnowledgeReply | null> {
    if (!(await knowledge.hasKnowledge(agent.enterpriseId, agent.id))) return null;
    const credentials = configurationId ? await genAi.genAiCredentials(agent.enterpriseId, configurationId) : null;
    const write =
      credentials && deps.writer
        ? deps.writer({ credentials, prompt: agent.promptConfig?.prompt ?? '', onToken })
        : undefined;
    return knowledge.respond({ enterpriseId: agent.enterpriseId, agentId: agent.id, question, write });
  }

  /** A prompt agent's turn: its knowledge base answers, or its out-of-scope message when nothing fits. */
  async function answerFromKnowledge(
    agent: AgentRow,
    sessionId: string,
    text: string,
    onToken?: (text: string) => void,
  ): Promise<PredictResult> {
    const reply = await knowledgeReply(agent, text, agent.promptConfig?.openaiKey ?? null, onToken);
    if (!reply) throw new AppError('NLU_KNOWLEDGE_NOT_BUILT');
    const output = reply.answered ? reply.text : agent.outOfScopeMessage;
    const emotion = classifyEmotion(text);
    await repository.saveTurn(agent.enterpriseId, agent.id, newConversation(), {
      sessionId,
      userMessage: text,
      intentIdentified: reply.answered,
      intent: null,
      confidence: reply.confidence,
      utterance: null,
      botResponse: output,
      emotion,
      otherIntent: [],
    });
    return {
      sessionId,
      output: { text: output },
      source: reply.sources,
      intentIdentified: reply.answered,
      intent: null,
      confidence: reply.confidence,
      utterance: null,
      emotion,
      otherIntent: [],
      parameters: [],
      awaitingParameter: null,
    };
  }

  /** Queues the training job (status 'training' in the same transaction), refusing a second one. */
  async function startTraining(enterpriseId: string, agentId: string) {
    const started = await repository.startTraining(jobs, enterpriseId, agentId, nluMessages.trainStarted);
    if (!started) {
      await agentOf(enterpriseId, agentId);
      throw new AppError('AGENT_TRAINING_IN_PROGRESS');
    }
  }

  const trainer: NluTrainer = {
    async start(agent: AgentDetails) {
      // A prompt agent's Train builds its knowledge base from its documents and websites.
      if (agent.type === 'prompt') {
        if (!deps.knowledgeBuild) throw new AppError('NLU_KNOWLEDGE_NOT_BUILT');
        return deps.knowledgeBuild.startIngestion(agent.eId, agent.id);
      }
      if (genAiModelTypes.has(agent.config.modelType) && !agent.config.openaiKey)
        throw new AppError('NLU_CONFIGURATION_REQUIRED', { message: nluMessages.noConfiguration });
      await startTraining(agent.eId, agent.id);
      return { trainingStatus: 'training', trainMessage: nluMessages.trainStarted };
    },
  };

  return {
    trainer,
    startTraining,

    async trainingState(enterpriseId: string, agentId: string): Promise<TrainingState> {
      const agent = await agentOf(enterpriseId, agentId);
      const report = agent.activeModelId ? await repository.modelReport(enterpriseId, agent.activeModelId) : null;
      return {
        trainingStatus: readTrainingStatus(agent.trainingStatus),
        trainingMessage: agent.trainingMessage,
        trainedAt: agent.trainedAt ? agent.trainedAt.toISOString() : null,
        report,
      };
    },

    /**
     * Try it (agents.md §2.11, §3) and the channels' bot: classify, fill parameters, answer, log the
     * exchange. A prompt agent answers from its knowledge base; an NLP agent with one falls back to
     * it when no intent clears the threshold. `onToken` receives an LLM's answer as it is written.
     */
    async predict(
      enterpriseId: string,
      body: z.output<typeof predictBody>,
      options: { onToken?: (text: string) => void } = {},
    ): Promise<PredictResult> {
      const agent = await agentOf(enterpriseId, body.agentId);
      const text = body.message.text;
      const sessionId = body.sessionId?.trim() || crypto.randomUUID();
      if (agent.type === 'prompt') return answerFromKnowledge(agent, sessionId, text, options.onToken);
      if (!agent.activeModelId) throw new AppError('NLU_NOT_TRAINED', { message: nluMessages.notTrained });
      const model = await models.get(enterpriseId, agent.activeModelId);
      const state = (await repository.loadSession(enterpriseId, agent.id, sessionId)) ?? newConversation();

      let ranking: IntentScore[];
      if (model.classifier) {
        ranking = await model.classifier.rank(text, RANK_TOP);
      } else {
        const credentials = await credentialsOf(agent);
        if (!credentials) throw new AppError('NLU_CONFIGURATION_REQUIRED', { message: nluMessages.noConfiguration });
        ranking = await classifyWithGenAi(outbound, credentials, model.intents, text);
      }

      // Dates are read on the customer's calendar day (the channel or Try it sends its timezone),
      // else the enterprise's, else UTC.
      const timeZone =
        knownTimeZone(body.metadata?.timeZone) ??
        knownTimeZone((await repository.enterpriseTimeZone(enterpriseId)) ?? undefined) ??
        'UTC';
      const turn = await dialogTurn({
        state,
        text,
        ranking,
        threshold: thresholdOf(agent.confidenceThreshold),
        dialogs: model.dialogs,
        extractor: model.extractor,
        context: { now: new Date(), timeZone, region: deps.region ?? 'IN' },
        retries: agent.entityExtractRetries,
        outOfScopeMessage: agent.outOfScopeMessage,
      });
      const emotion = classifyEmotion(text);
      const otherIntent = ranking
        .filter((candidate) => candidate.intent !== turn.intent)
        .slice(0, nluLimits.otherIntents)
        .map((candidate) => ({
          intent: candidate.intent,
          confidence: candidate.confidence,
          utterance: candidate.utterance,
        }));

      // No intent, nothing being asked: the knowledge base may know (issue 20 item 3).
      let fallback: KnowledgeReply | null = null;
      if (!turn.intentIdentified && turn.awaitingParameter === null && hasKnowledgeBase(agent)) {
        fallback = await knowledgeReply(agent, text, agent.knowledgeConfig?.genAiConfigId ?? null, options.onToken);
        if (!fallback?.answered) fallback = null;
      }
      const reply = fallback?.text ?? turn.reply;

      await repository.saveTurn(enterpriseId, agent.id, turn.state, {
        sessionId,
        userMessage: text,
        intentIdentified: turn.intentIdentified,
        intent: turn.intent,
        confidence: turn.confidence,
        utterance: turn.utterance,
        botResponse: reply,
        emotion,
        otherIntent,
      });

      return {
        sessionId,
        output: { text: reply },
        source: fallback?.sources ?? [],
        intentIdentified: turn.intentIdentified,
        intent: turn.intent,
        confidence: turn.confidence,
        utterance: turn.utterance,
        emotion,
        otherIntent,
        parameters: turn.parameters.map((parameter) => ({
          parameter: parameter.parameter,
          entityId: parameter.entityId,
          value: parameter.value,
          text: parameter.text,
        })),
        awaitingParameter: turn.awaitingParameter,
      };
    },

    /**
     * Auto-generate (agents.md §5): the agent's GenAI configuration writes the candidates when one is
     * selected, the offline generator otherwise. Candidates repeating a selected or existing phrase,
     * each other, or a phrase of another intent, and those the active model confidently assigns to
     * another intent, are dropped and counted.
     */
    async generatePhrases(
      enterpriseId: string,
      agentId: string,
      body: z.output<typeof generatePhrasesBody>,
    ): Promise<GeneratePhrasesResult> {
      const agent = await agentOf(enterpriseId, agentId);
      const count = body.num_return_sequences;
      const credentials = await credentialsOf(agent);
      const language = agent.language === 'hi' ? 'hi' : 'en';
      const generator: GeneratePhrasesResult['generator'] = credentials ? 'genai' : 'offline';
      const raw = credentials
        ? await paraphraseWithGenAi(outbound, credentials, body.lines, count)
        : generateParaphrases(body.lines, count, language);

      const intentName = body.intentName?.trim().toLowerCase() || null;
      const model = agent.activeModelId ? await models.get(enterpriseId, agent.activeModelId).catch(() => null) : null;
      const taken = new Set([...body.lines, ...body.existing].map(phraseKey));
      const elsewhere = new Set(
        (model?.intents ?? [])
          .filter((intent) => intent.name.toLowerCase() !== intentName)
          .flatMap((intent) => intent.phrases.map(phraseKey)),
      );
      const unique: string[] = [];
      for (const candidate of raw) {
        const key = phraseKey(candidate);
        if (!key || taken.has(key) || elsewhere.has(key)) continue;
        taken.add(key);
        unique.push(candidate.trim());
      }
      let kept = unique;
      if (model?.classifier && unique.length > 0) {
        const threshold = thresholdOf(agent.confidenceThreshold);
        const rankings = await model.classifier.rankMany(unique, 1);
        kept = unique.filter((_, index) => {
          const top = rankings[index]?.[0];
          return !top || top.intent.toLowerCase() === intentName || top.confidence < threshold;
        });
      }
      return { paraphrases: kept, generator, dropped: raw.length - kept.length };
    },
  };
}

export type NluService = ReturnType<typeof createNluService>;
