import { z } from 'zod';
import { messages } from './messages';
import { defineRoute, idParam, pageQuery } from './envelope';

/** Auth config types of platform §3.8. */
export const integrationTypes = {
  1: 'Appiyo',
  2: 'Webhook',
  3: 'Webrtc-Video',
  4: 'Database',
  5: 'GenAI',
  6: 'Speech-to-text',
} as const;
export type IntegrationType = keyof typeof integrationTypes;
export const integrationTypeIds = Object.keys(integrationTypes).map(Number) as IntegrationType[];

/** GenAI providers: `llm` 1 = OpenAI, 2 = GPT (platform §3.8). */
export const genAiProviders = { 1: 'OpenAI', 2: 'GPT' } as const;

const text = (max = 200) => z.string().trim().max(max, `At most ${max} characters`);
const required = (label: string, max = 200) => text(max).min(1, `Please enter ${label}`);
const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value), 'Please enter an http(s) URL');
const optionalUrl = z.union([z.literal(''), httpUrl]).optional();
/** A secret field: blank or the masked value on update keeps the stored secret. */
const secret = z.string().max(4000, 'At most 4000 characters').optional();

/**
 * The fields of each type. The spec names the GenAI fields (name, llm, apikey, plus a base URL)
 * and MySQL for Database; the others are our choice: what a connection to such a service needs.
 */
export const integrationSettings = {
  /** Appiyo: the spec's login is emailId and password; the server address is ours. */
  1: z.object({ baseUrl: httpUrl, emailId: required('the email').pipe(z.email('Please enter a valid email')) }),
  2: z.object({ url: httpUrl, method: z.enum(['POST', 'PUT', 'GET']).default('POST') }),
  3: z.object({ serverUrl: httpUrl, apiKey: text().default('') }),
  4: z.object({
    dbType: z.literal('mysql').default('mysql'),
    host: required('the host', 255),
    port: z.coerce.number().int().min(1, 'Port 1 to 65535').max(65535, 'Port 1 to 65535').default(3306),
    database: required('the database name', 64),
    username: required('the user name', 100),
  }),
  5: z.object({
    llm: z.union([z.literal(1), z.literal(2)]).default(1),
    baseUrl: optionalUrl,
    model: text(100).default(''),
  }),
  6: z.object({ provider: required('the provider', 50), language: text(20).default('en-US'), baseUrl: optionalUrl }),
} as const;

/** Secret field names per type, and which of them a new integration must have. */
export const integrationSecrets: Record<IntegrationType, { fields: readonly string[]; required: readonly string[] }> = {
  1: { fields: ['password'], required: ['password'] },
  2: { fields: ['signingSecret'], required: [] },
  3: { fields: ['apiSecret'], required: ['apiSecret'] },
  4: { fields: ['password'], required: ['password'] },
  5: { fields: ['apikey'], required: ['apikey'] },
  6: { fields: ['apiKey'], required: ['apiKey'] },
};

const name = z.string().trim().min(1, messages.required('Name')).max(100, 'At most 100 characters');
const secretsOf = (fields: readonly string[]) =>
  z.object(Object.fromEntries(fields.map((field) => [field, secret])) as Record<string, typeof secret>).default({});

export const integrationBody = z.discriminatedUnion('authType', [
  z.object({ authType: z.literal(1), name, settings: integrationSettings[1], secrets: secretsOf(['password']) }),
  z.object({ authType: z.literal(2), name, settings: integrationSettings[2], secrets: secretsOf(['signingSecret']) }),
  z.object({ authType: z.literal(3), name, settings: integrationSettings[3], secrets: secretsOf(['apiSecret']) }),
  z.object({ authType: z.literal(4), name, settings: integrationSettings[4], secrets: secretsOf(['password']) }),
  z.object({ authType: z.literal(5), name, settings: integrationSettings[5], secrets: secretsOf(['apikey']) }),
  z.object({ authType: z.literal(6), name, settings: integrationSettings[6], secrets: secretsOf(['apiKey']) }),
]);
export type IntegrationBody = z.input<typeof integrationBody>;
export type IntegrationInput = z.output<typeof integrationBody>;

/** `sk-…abcd`: enough to recognise a secret, never enough to use it. */
export function maskSecret(value: string): string {
  if (value.length < 12) return '••••';
  return `${value.slice(0, 3)}…${value.slice(-4)}`;
}
/** True for a value the form sent back unchanged (blank or masked): keep the stored secret. */
export function keepsSecret(value: string | undefined): boolean {
  return value === undefined || value.trim() === '' || value.includes('…') || value === '••••';
}

export const integration = z.object({
  id: z.uuid(),
  name: z.string(),
  authType: z.number().int(),
  settings: z.record(z.string(), z.unknown()),
  /** Masked secrets; a field is absent when no secret is stored. */
  secrets: z.record(z.string(), z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Integration = z.infer<typeof integration>;

export const integrationListQuery = pageQuery.extend({
  name: z.string().trim().max(100).optional(),
  authType: z.coerce.number().int().min(1).max(6).optional(),
});

export const integrationTestResult = z.object({
  ok: z.boolean(),
  message: z.string(),
  models: z.array(z.string()).optional(),
});
export type IntegrationTestResult = z.infer<typeof integrationTestResult>;

export const integrationRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/integrations',
    summary: 'Integrations (auth configs) of the enterprise, secrets masked',
    query: integrationListQuery,
    data: z.object({ integrations: z.array(integration), more: z.boolean() }),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/integrations/:id',
    summary: 'One integration, secrets masked',
    params: idParam,
    data: integration,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/integrations',
    summary: 'Creates an integration; secrets are encrypted at rest',
    body: integrationBody,
    data: integration,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/integrations/:id',
    summary: 'Updates an integration; a blank or masked secret keeps the stored one',
    params: idParam,
    body: integrationBody,
    data: integration,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/integrations/:id',
    summary: 'Deletes an integration',
    params: idParam,
    data: z.object({ id: z.uuid() }),
  }),
  test: defineRoute({
    method: 'POST',
    path: '/api/integrations/:id/test',
    summary: 'Calls a GenAI endpoint with the stored key and reports the answer or the error',
    params: idParam,
    data: integrationTestResult,
  }),
} as const;

/** Texts of the integration form reached through Create Configuration (agents.md §2.9, §5). */
export const genAiConfigMessages = {
  nameEmpty: 'Configuration name should not be empty',
  apiKeyEmpty: 'API Key should not be empty',
  llmEmpty: 'LLM Type should not be empty',
  created: 'Configuration created',
} as const;

/** Create Configuration (agents.md §2.9): saved as a GenAI integration, authType always 5. */
export const genAiConfigBody = z.object({
  name: z
    .string({ error: genAiConfigMessages.nameEmpty })
    .trim()
    .min(1, genAiConfigMessages.nameEmpty)
    .max(100, 'At most 100 characters'),
  authType: z.literal(5).default(5),
  llm: z.union([z.literal(1), z.literal(2)], { error: genAiConfigMessages.llmEmpty }),
  apikey: z
    .string({ error: genAiConfigMessages.apiKeyEmpty })
    .trim()
    .min(1, genAiConfigMessages.apiKeyEmpty)
    .max(4000, 'At most 4000 characters'),
  /** OpenAI-compatible endpoint; blank = api.openai.com. */
  baseUrl: optionalUrl,
  model: text(100).default(''),
});
export type GenAiConfigBody = z.input<typeof genAiConfigBody>;

/**
 * The built-in configuration every enterprise has: no LLM, so nothing leaves the machine. A
 * knowledge agent on it answers with the passage of its documents that answers, word for word
 * (issue 20). Listed first; it cannot classify intents (model types OpenAi and GPT2 need an LLM).
 */
export const OFFLINE_GENAI_CONFIG = {
  id: '00000000-0000-0000-0000-000000000000',
  name: 'Offline (no LLM): answers from your documents',
  llm: 0,
} as const;

export const genAiConfigEntry = z.object({ id: z.uuid(), name: z.string(), llm: z.number().int() });
export type GenAiConfigEntry = z.infer<typeof genAiConfigEntry>;

/** The configuration list and Create Configuration, open to agent designers (NLP.EDIT). */
export const genAiConfigRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/genai/configs',
    summary: 'GenAI configurations (integrations of authType 5) by name: id and name',
    data: z.array(genAiConfigEntry),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/genai/configs',
    summary: 'Creates a GenAI configuration (an integration with authType 5; the key is encrypted at rest)',
    body: genAiConfigBody,
    data: genAiConfigEntry,
  }),
} as const;
