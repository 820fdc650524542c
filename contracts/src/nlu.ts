import { z } from 'zod';
import { defineRoute } from './envelope';
import { trainingStatuses } from './agents';

/**
 * The NLU engine's calls (agents.md §2.2 Train Agent, §2.11 Try it, §3 Try-it message, conversation
 * message row, emotion set, §5 auto-generate, §7 predictIntent / train / generate phrases).
 */
export const nluMessages = {
  trainStarted: 'Training started. The agent keeps answering with its current model until the new one is ready.',
  trainDone: (intents: number, phrases: number, seconds: string) =>
    `Agent trained on ${intents} intents and ${phrases} training phrases in ${seconds} s`,
  notTrained: 'This agent is not trained yet. Press Train Agent first.',
  noConfiguration:
    'This model type classifies through a GenAI configuration. Select one on the Configuration tab, or choose SVM or Semantic.',
  selectPhrase: 'Select at least one training phrase',
  emptyMessage: 'Type a message first',
  noMessages: 'No messages available',
  placeholder: 'Start Typing.....',
  viewSource: 'View Source',
} as const;

/** The 28 emotions of agents.md §3 (GoEmotions), each shown with an emoji. */
export const emotions = [
  'admiration',
  'amusement',
  'anger',
  'annoyance',
  'approval',
  'caring',
  'confusion',
  'curiosity',
  'desire',
  'disappointment',
  'disapproval',
  'disgust',
  'fear',
  'gratitude',
  'grief',
  'joy',
  'love',
  'nervousness',
  'optimism',
  'pride',
  'realization',
  'relief',
  'remorse',
  'sadness',
  'surprise',
  'neutral',
  'embarrassment',
  'excitement',
] as const;
export type Emotion = (typeof emotions)[number];
export const emotionEmoji: Record<Emotion, string> = {
  admiration: '🤩',
  amusement: '😄',
  anger: '😠',
  annoyance: '😒',
  approval: '👍',
  caring: '🤗',
  confusion: '😕',
  curiosity: '🤔',
  desire: '😍',
  disappointment: '😞',
  disapproval: '👎',
  disgust: '🤢',
  fear: '😨',
  gratitude: '🙏',
  grief: '😢',
  joy: '😊',
  love: '❤️',
  nervousness: '😬',
  optimism: '🤞',
  pride: '😌',
  realization: '💡',
  relief: '😅',
  remorse: '😔',
  sadness: '😟',
  surprise: '😲',
  neutral: '😐',
  embarrassment: '😳',
  excitement: '🤩',
};

export const nluLimits = {
  messageMax: 2000,
  sessionIdMax: 100,
  /** Auto-generate phrase counts (agents.md §9). */
  generateCounts: [10, 5] as const,
  /** Candidates offered in otherIntent. */
  otherIntents: 3,
} as const;

/** The Try-it message (agents.md §3). */
export const predictBody = z.object({
  message: z.object({
    type: z.literal('text').default('text'),
    suggestionId: z.string().max(100).nullable().optional(),
    text: z
      .string({ error: nluMessages.emptyMessage })
      .max(nluLimits.messageMax, `A message can have at most ${nluLimits.messageMax} characters`)
      .transform((value) => value.trim())
      .pipe(z.string().min(1, nluMessages.emptyMessage)),
    lnCode: z.string().max(10).default('en'),
  }),
  /** Blank or missing starts a new conversation; the answer carries the id to send next time. */
  sessionId: z.string().max(nluLimits.sessionIdMax).nullable().optional(),
  agentId: z.uuid(),
  metadata: z
    .object({
      senderId: z.string().max(200).optional(),
      timeZone: z.string().max(100).optional(),
      appId: z.string().max(200).optional(),
    })
    .partial()
    .optional(),
});
export type PredictBody = z.input<typeof predictBody>;

export const candidateIntent = z.object({
  intent: z.string(),
  confidence: z.number(),
  /** The nearest training phrase of that intent. */
  utterance: z.string().nullable(),
});
export type CandidateIntent = z.infer<typeof candidateIntent>;

export const extractedEntity = z.object({
  parameter: z.string(),
  entityId: z.string(),
  value: z.string(),
  /** The text as the user wrote it. */
  text: z.string(),
});

export const predictResult = z.object({
  sessionId: z.string(),
  output: z.object({ text: z.string() }),
  /** Source URLs (knowledge-base answers); the first is the 'View Source' link. */
  source: z.array(z.string()),
  intentIdentified: z.boolean(),
  intent: z.string().nullable(),
  confidence: z.number(),
  utterance: z.string().nullable(),
  emotion: z.enum(emotions),
  otherIntent: z.array(candidateIntent),
  /** Parameters known so far in this conversation. */
  parameters: z.array(extractedEntity),
  /** True while the agent waits for a required parameter (the reply is one of its prompts). */
  awaitingParameter: z.string().nullable(),
});
export type PredictResult = z.infer<typeof predictResult>;

/** Per-intent cross-validation figures and what to fix (issue 5 §9). */
export const trainingReport = z.object({
  trainedAt: z.string(),
  modelType: z.string(),
  intents: z.number().int(),
  phrases: z.number().int(),
  trainingSeconds: z.number(),
  /** k-fold cross-validation over the training phrases (k = min(5, smallest intent size)). */
  folds: z.number().int(),
  accuracy: z.number().nullable(),
  perIntent: z.array(
    z.object({
      intent: z.string(),
      phrases: z.number().int(),
      precision: z.number().nullable(),
      recall: z.number().nullable(),
      f1: z.number().nullable(),
    }),
  ),
  confusedPairs: z.array(
    z.object({
      intent: z.string(),
      predictedAs: z.string(),
      count: z.number().int(),
      examples: z.array(z.string()),
    }),
  ),
  nearDuplicates: z.array(
    z.object({
      phrase: z.string(),
      intent: z.string(),
      otherPhrase: z.string(),
      otherIntent: z.string(),
      similarity: z.number(),
    }),
  ),
  /** Intents left out because they had fewer than two phrases, with why. */
  warnings: z.array(z.string()),
});
export type TrainingReport = z.infer<typeof trainingReport>;

export const trainingState = z.object({
  trainingStatus: z.enum(trainingStatuses),
  trainingMessage: z.string().nullable(),
  trainedAt: z.string().nullable(),
  report: trainingReport.nullable(),
});
export type TrainingState = z.infer<typeof trainingState>;

export const generatePhrasesBody = z.object({
  /** The selected phrases ('Select at least one training phrase'). */
  lines: z
    .array(z.string().trim().min(1).max(1000), { error: nluMessages.selectPhrase })
    .min(1, nluMessages.selectPhrase)
    .max(50, 'Select at most 50 phrases'),
  num_return_sequences: z.union([z.literal(10), z.literal(5)]).default(10),
  /** The intent being edited (to drop candidates the model assigns elsewhere); null for a new one. */
  intentName: z.string().max(100).nullable().optional(),
  /** Phrases already in the editor (duplicates are dropped). */
  existing: z.array(z.string().max(1000)).max(2000).default([]),
});
export type GeneratePhrasesBody = z.input<typeof generatePhrasesBody>;

export const generatePhrasesResult = z.object({
  paraphrases: z.array(z.string()),
  /** 'genai' when the agent's GenAI configuration wrote them, 'offline' otherwise. */
  generator: z.enum(['genai', 'offline']),
  /** How many candidates were dropped as duplicates or as belonging to another intent. */
  dropped: z.number().int(),
});
export type GeneratePhrasesResult = z.infer<typeof generatePhrasesResult>;

const agentParams = z.object({ id: z.uuid() });

export const nluRoutes = {
  predict: defineRoute({
    method: 'POST',
    path: '/api/predictIntent',
    summary: 'Try it: classifies a message, fills parameters, answers and logs the exchange (agents.md §2.11, §3)',
    body: predictBody,
    data: predictResult,
  }),
  /**
   * Try it with the answer streamed as it is written (an LLM-backed knowledge agent): Server-Sent
   * Events `token` ({ text }, in order), then one `result` (the PredictResult) or one `error`
   * ({ code, message }). A failure before the first token is an ordinary JSON error answer.
   */
  predictStream: defineRoute({
    method: 'POST',
    path: '/api/predictIntent/stream',
    summary: 'Try it, streamed: token events as the answer is written, then the result (text/event-stream)',
    body: predictBody,
    data: predictResult,
  }),
  trainingState: defineRoute({
    method: 'GET',
    path: '/api/agents/:id/training',
    summary: 'Training status, message and the last training report (cross-validation, confusions, near-duplicates)',
    params: agentParams,
    data: trainingState,
  }),
  generatePhrases: defineRoute({
    method: 'POST',
    path: '/api/agents/:id/generate-phrases',
    summary: 'Auto-generates training phrases from selected ones (GenAI configuration when set, offline otherwise)',
    params: agentParams,
    body: generatePhrasesBody,
    data: generatePhrasesResult,
  }),
} as const;

/** Realtime event when an agent's training finishes (either way). */
export const AGENT_TRAINED_EVENT = 'agent.trained';
