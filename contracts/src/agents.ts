import { z } from 'zod';
import { defineRoute } from './envelope';
import { knowledgeLimits } from './knowledge';

/**
 * Agents (agents.md §2.1, §2.2, §2.6–§2.8, §3, §7 "Agents"). Texts quoted from the spec are verbatim,
 * typos included. Stories and intents are in `agent-stories.ts`, entities in `agent-entities.ts`.
 */
export const agentMessages = {
  created: 'Agent Created  Successfully',
  updated: 'Agent Updated Successfully',
  deleted: 'Agent deleted',
  nameTaken: 'duplication of name',
  hasContent: 'Agent has Stories and Intents attached to it. Cannot be deleted',
  unsavedBack: 'please save the intent',
  trainWait: 'Please wait while we are building the knowledge base!!',
  nameRequired: 'Name is required',
  descriptionRequired: 'Description is required',
  typeRequired: 'Agent Type is required',
  retriesMin: 'Entity extract retries value cannot be less than 1',
  thresholdRequired: 'Threshold is required',
  thresholdRange: 'Threshold must be between 0 and 200',
  modelTypeRequired: 'Model type is required',
  languageRequired: 'Language is required',
  configUpdated: 'Configuration updated',
  websiteUrlEmpty: 'Website Url cannot be empty',
  websiteUrlInvalid: 'Please enter a valid website URL (http or https)',
  urlRemoved: 'Url has been removed',
  websiteRequired: 'Please add at least one website URL',
  documentRequired: 'Please upload at least one document',
  selectConfiguration: 'Please select a configuration',
  selectConfigurationPrompt: 'Please select a configuration in the prompt section.',
  configurationMandatory: 'Configuration is mandatory',
  promptMandatory: 'Prompt is Mandatory',
  variablesInvalid: 'Add variables name , description and fill mandatory fields',
  selectAnyConfiguration: 'Please select any configuration',
  fileExists: (name: string) => `File "${name}" is already exist`,
  fileSelectionFailed: 'File Selection Failed',
  fileRemoved: 'File has been removed',
  deleteNotAllowed: 'Delete action cannot be done',
  onlyPdf: 'Accepts only pdf file',
  notPdf: 'Only PDF documents can be uploaded',
  offlineCannotClassify:
    'The offline configuration has no LLM to classify intents with. Choose a configuration with an API key, or the SVM or Semantic model type.',
  analyticsNotConfigured:
    'Analytics is not configured. Set PARLEY_ANALYTICS_URL to the base address of your analytics service and restart Parley.',
} as const;

export const agentTypes = ['nlp', 'prompt'] as const;
export type AgentType = (typeof agentTypes)[number];
export const agentTypeLabels: Record<AgentType, string> = { prompt: 'Prompt Based', nlp: 'NLP Based' };

export const modelTypes = ['OpenAi', 'Semantic', 'GPT2', 'SVM'] as const;
export type ModelType = (typeof modelTypes)[number];
export const agentLanguages = { en: 'English', hi: 'Hindi' } as const;
export type AgentLanguage = keyof typeof agentLanguages;

/** Model types whose threshold is shown (agents.md §5); SVM shows it read-only. */
export const thresholdModelTypes: readonly ModelType[] = ['OpenAi', 'Semantic'];
/** Model types that classify through a GenAI configuration, so they need one selected. */
export const genAiModelTypes: ReadonlySet<string> = new Set<ModelType>(['OpenAi', 'GPT2']);

/** Training status shown on the agent card (server-driven, unlike the original's placeholder). */
export const trainingStatuses = ['not_trained', 'training', 'trained', 'failed'] as const;
export type TrainingStatus = (typeof trainingStatuses)[number];
/** A stored status as one of the known ones (anything else reads 'not_trained'). */
export function readTrainingStatus(value: string): TrainingStatus {
  return (trainingStatuses as readonly string[]).includes(value) ? (value as TrainingStatus) : 'not_trained';
}
export const trainingStatusLabels: Record<TrainingStatus, string> = {
  not_trained: 'Not Trained',
  training: 'Training Inprogress',
  trained: 'Trained',
  failed: 'Training Failed',
};

export const agentLimits = {
  pageSize: 15,
  nameMax: 100,
  descriptionMax: 1000,
  outOfScopeMax: 2000,
  retriesMax: 10,
  promptMax: 20_000,
  variablesMax: 50,
  websitesMax: 50,
  urlMax: 2000,
  documentsMax: 100,
  /** Per PDF. */
  documentMaxBytes: 16 * 1024 * 1024,
  defaultThreshold: 0.5,
  thresholdMin: 0,
  thresholdMax: 200,
} as const;

export const defaultAgentConfig = {
  entityExtractRetries: 2,
  outOfScopeMessage: "Sorry, I didn't get that. Could you say it another way?",
  modelType: 'SVM' as ModelType,
  confidenceThreshold: agentLimits.defaultThreshold,
  language: 'en' as AgentLanguage,
  openaiKey: null as string | null,
};

/** Name rule shared by agents and stories: trimmed, inner whitespace collapsed, non-empty. */
export const collapseName = (value: string) => value.trim().replace(/\s+/g, ' ');

const agentName = z
  .string({ error: agentMessages.nameRequired })
  .transform(collapseName)
  .pipe(
    z
      .string()
      .min(1, agentMessages.nameRequired)
      .max(agentLimits.nameMax, `Name can have at most ${agentLimits.nameMax} characters`),
  );

export const agentBody = z.object({
  name: agentName,
  description: z
    .string({ error: agentMessages.descriptionRequired })
    .trim()
    .min(1, agentMessages.descriptionRequired)
    .max(agentLimits.descriptionMax, `Description can have at most ${agentLimits.descriptionMax} characters`),
  type: z.enum(agentTypes, { error: agentMessages.typeRequired }),
});
export type AgentBody = z.input<typeof agentBody>;

export const agentConfig = z.object({
  entityExtractRetries: z.number().int(),
  outOfScopeMessage: z.string(),
  modelType: z.enum(modelTypes),
  confidenceThreshold: z.number(),
  language: z.enum(['en', 'hi']),
  /** The GenAI integration (configuration) id, or null. */
  openaiKey: z.uuid().nullable(),
});
export type AgentConfig = z.infer<typeof agentConfig>;

export const agentConfigBody = z.object({
  entityExtractRetries: z.coerce
    .number({ error: agentMessages.retriesMin })
    .int('Entity extract retries must be a whole number')
    .min(1, agentMessages.retriesMin)
    .max(agentLimits.retriesMax, `Entity extract retries can be at most ${agentLimits.retriesMax}`),
  outOfScopeMessage: z
    .string()
    .trim()
    .min(1, 'Out of scope message is required')
    .max(agentLimits.outOfScopeMax, `At most ${agentLimits.outOfScopeMax} characters`),
  modelType: z.enum(modelTypes, { error: agentMessages.modelTypeRequired }),
  confidenceThreshold: z.coerce
    .number({ error: agentMessages.thresholdRequired })
    .min(agentLimits.thresholdMin, agentMessages.thresholdRange)
    .max(agentLimits.thresholdMax, agentMessages.thresholdRange),
  language: z.enum(['en', 'hi'], { error: agentMessages.languageRequired }),
  openaiKey: z.uuid('Please select a configuration').nullable().optional(),
});
export type AgentConfigBody = z.input<typeof agentConfigBody>;

export const promptVariable = z.object({ name: z.string(), description: z.string() });
export const promptConfig = z.object({
  openaiKey: z.uuid().nullable(),
  prompt: z.string(),
  extractData: z.boolean(),
  userData: z.array(promptVariable),
});
export type PromptConfig = z.infer<typeof promptConfig>;

export const promptConfigBody = z
  .object({
    openaiKey: z.uuid(agentMessages.selectAnyConfiguration).nullable(),
    prompt: z
      .string({ error: agentMessages.promptMandatory })
      .trim()
      .min(1, agentMessages.promptMandatory)
      .max(agentLimits.promptMax, `Prompt can have at most ${agentLimits.promptMax} characters`),
    extractData: z.boolean().default(false),
    userData: z
      .array(z.object({ name: z.string().trim().max(100), description: z.string().trim().max(500) }))
      .max(agentLimits.variablesMax, `At most ${agentLimits.variablesMax} variables`)
      .default([]),
  })
  .superRefine((value, ctx) => {
    if (!value.openaiKey)
      ctx.addIssue({ code: 'custom', path: ['openaiKey'], message: agentMessages.selectAnyConfiguration });
    if (value.extractData) {
      if (value.userData.length === 0 || value.userData.some((row) => !row.name || !row.description))
        ctx.addIssue({ code: 'custom', path: ['userData'], message: agentMessages.variablesInvalid });
      const names = value.userData.map((row) => row.name.toLowerCase());
      if (new Set(names).size !== names.length)
        ctx.addIssue({ code: 'custom', path: ['userData'], message: 'Each variable name only once' });
    }
  });
export type PromptConfigBody = z.input<typeof promptConfigBody>;

export const agentDocument = z.object({
  id: z.uuid(),
  fileName: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
});
export type AgentDocument = z.infer<typeof agentDocument>;

/** Knowledge-base configuration (agents.md §3). */
export const genAiConfig = z.object({
  kbFromWebsite: z.boolean(),
  websitesUrls: z.array(z.string()),
  kbFromDoc: z.boolean(),
  documents: z.array(agentDocument),
  genAiConfigId: z.uuid().nullable(),
  /** Link hops from each website address the knowledge crawler follows, and pages it reads per address. */
  crawlDepth: z.number().int(),
  crawlMaxPages: z.number().int(),
});
export type GenAiConfig = z.infer<typeof genAiConfig>;

export const websiteUrl = z
  .string({ error: agentMessages.websiteUrlEmpty })
  .trim()
  .min(1, agentMessages.websiteUrlEmpty)
  .max(agentLimits.urlMax, `At most ${agentLimits.urlMax} characters`)
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value), agentMessages.websiteUrlInvalid);

/**
 * Saving the knowledge-base configuration. For a prompt agent the configuration comes from the
 * prompt section, so `genAiConfigId` may be null when the prompt has one (the server checks).
 */
export const genAiConfigBody = z.object({
  kbFromWebsite: z.boolean().default(false),
  websitesUrls: z
    .array(websiteUrl)
    .max(agentLimits.websitesMax, `At most ${agentLimits.websitesMax} website addresses`)
    .default([])
    .refine(
      (urls) => new Set(urls.map((url) => url.toLowerCase())).size === urls.length,
      'This website URL is already in the list',
    ),
  kbFromDoc: z.boolean().default(false),
  /** Sent empty (agents.md §7); documents are managed by the upload and delete calls. */
  documents: z.array(z.unknown()).max(0).optional(),
  genAiConfigId: z.uuid(agentMessages.configurationMandatory).nullable().optional(),
  /** Left out: the stored value stays (knowledgeLimits' defaults when none). */
  crawlDepth: z
    .number()
    .int()
    .min(0, 'The crawl depth is 0 to 3')
    .max(knowledgeLimits.crawlDepthMax, 'The crawl depth is 0 to 3')
    .optional(),
  crawlMaxPages: z
    .number()
    .int()
    .min(1, `A website gives 1 to ${knowledgeLimits.crawlMaxPagesMax} pages`)
    .max(knowledgeLimits.crawlMaxPagesMax, `A website gives 1 to ${knowledgeLimits.crawlMaxPagesMax} pages`)
    .optional(),
});
export type GenAiConfigBody = z.input<typeof genAiConfigBody>;

export const agentSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  /** Always set; rows created without a type read as nlp. */
  type: z.enum(agentTypes),
  trainingStatus: z.enum(trainingStatuses),
  trainingMessage: z.string().nullable(),
  trainedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AgentSummary = z.infer<typeof agentSummary>;

export const agentDetails = agentSummary.extend({
  eId: z.uuid(),
  config: agentConfig,
  promptConfig,
  storyCount: z.number().int(),
  intentCount: z.number().int(),
  entityCount: z.number().int(),
});
export type AgentDetails = z.infer<typeof agentDetails>;

export const agentListQuery = z.object({
  name: z.string().trim().max(100).optional(),
  from: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** -1 = all agents (the report's agent picker), capped at 1000. */
  perPage: z.coerce
    .number()
    .int()
    .min(-1)
    .max(200)
    .refine((value) => value !== 0, 'perPage is -1 (all) or 1 to 200')
    .default(agentLimits.pageSize),
});
export type AgentListQuery = z.input<typeof agentListQuery>;

export const agentParams = z.object({ id: z.uuid() });
export const agentDocumentParams = z.object({ id: z.uuid(), documentId: z.uuid() });

/**
 * Where a knowledge answer's source opens ('View Source', agents.md §2.11): a web page at its own
 * address; an uploaded PDF in the console, at its page (browsers' PDF viewers read #page=N).
 */
export function knowledgeSourceUrl(agentId: string, source: { kind: string; id: string; page: number | null }): string {
  if (source.kind !== 'document') return source.id;
  const page = source.page ? `#page=${source.page}` : '';
  return `/api/agents/${agentId}/documents/${source.id}/content${page}`;
}

export const trainResult = z.object({
  trainingStatus: z.enum(trainingStatuses),
  /** What the server did, shown after the loader (agents.md §4). */
  trainMessage: z.string(),
});

/** The analytics frames of §2.2, built on the server from PARLEY_ANALYTICS_URL. */
export const agentAnalytics = z.object({
  configured: z.boolean(),
  callClassificationUrl: z.string().nullable(),
  sentimentUrl: z.string().nullable(),
  conversationUrl: z.string().nullable(),
  /** When not configured: what to set. */
  hint: z.string().nullable(),
});
export type AgentAnalytics = z.infer<typeof agentAnalytics>;

export const agentRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/agents',
    summary: 'Agents of the enterprise, newest first, with name search and Show More paging (data.agents, data.more)',
    query: agentListQuery,
    data: z.object({ agents: z.array(agentSummary), more: z.boolean() }),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/agents/:id',
    summary: 'One agent with config, prompt configuration and enterprise id (eId)',
    params: agentParams,
    data: agentDetails,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/agents',
    summary: "Creates an agent (name unique per enterprise: 'duplication of name')",
    body: agentBody,
    data: agentDetails,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/agents/:id',
    summary: 'Renames an agent or changes its description or type',
    params: agentParams,
    body: agentBody,
    data: agentDetails,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/agents/:id',
    summary: 'Deletes an agent without stories or intents (code 101 otherwise); its entities and documents go with it',
    params: agentParams,
    data: z.object({ id: z.uuid() }),
  }),
  train: defineRoute({
    method: 'POST',
    path: '/api/agents/:id/train',
    summary: 'Starts training the agent and answers with the status and the message to show',
    params: agentParams,
    data: trainResult,
  }),
  updateConfig: defineRoute({
    method: 'PUT',
    path: '/api/agents/:id/config',
    summary: 'Saves model type, retries, out-of-scope message, language, threshold and GenAI configuration',
    params: agentParams,
    body: agentConfigBody,
    data: agentConfig,
  }),
  getGenAiConfig: defineRoute({
    method: 'GET',
    path: '/api/agents/:id/genai-config',
    summary: 'Knowledge-base configuration: website switch and URLs, document switch and uploaded documents',
    params: agentParams,
    data: genAiConfig,
  }),
  updateGenAiConfig: defineRoute({
    method: 'PUT',
    path: '/api/agents/:id/genai-config',
    summary: 'Saves the knowledge-base configuration (documents are managed by the document calls)',
    params: agentParams,
    body: genAiConfigBody,
    data: genAiConfig,
  }),
  updatePrompt: defineRoute({
    method: 'PUT',
    path: '/api/agents/:id/prompt',
    summary: 'Saves the prompt configuration (prompt, configuration, collect-data variables)',
    params: agentParams,
    body: promptConfigBody,
    data: promptConfig,
  }),
  uploadDocuments: defineRoute({
    method: 'POST',
    path: '/api/agents/:id/documents',
    summary: 'Uploads PDF documents (multipart, field "files", several); all or nothing',
    params: agentParams,
    data: z.object({ documents: z.array(agentDocument) }),
  }),
  documentContent: defineRoute({
    method: 'GET',
    path: '/api/agents/:id/documents/:documentId/content',
    summary:
      "An uploaded PDF itself, shown in the browser (a knowledge answer's 'View Source', #page=N opens its page)",
    params: agentDocumentParams,
    data: z.unknown(),
  }),
  removeDocument: defineRoute({
    method: 'DELETE',
    path: '/api/agents/:id/documents/:documentId',
    summary: 'Deletes an uploaded document',
    params: agentDocumentParams,
    data: z.object({ id: z.uuid() }),
  }),
  analytics: defineRoute({
    method: 'GET',
    path: '/api/agents/:id/analytics',
    summary: 'Addresses of the call-classification, sentiment and conversation analytics frames',
    params: agentParams,
    data: agentAnalytics,
  }),
} as const;
