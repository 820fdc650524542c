import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { enterprises, files, users } from './platform';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export interface AgentPromptConfigRow {
  openaiKey: string | null;
  prompt: string;
  extractData: boolean;
  userData: { name: string; description: string }[];
}
export interface AgentKnowledgeConfigRow {
  kbFromWebsite: boolean;
  websitesUrls: string[];
  kbFromDoc: boolean;
  genAiConfigId: string | null;
  /** Link hops and pages per website address the knowledge crawler reads (knowledgeLimits defaults). */
  crawlDepth?: number;
  crawlMaxPages?: number;
}

/**
 * Agents (agents.md §3). `type` null reads as nlp. Configuration columns are typed rather than one
 * JSON blob, so the NLU engine and the report can read them without parsing.
 */
export const agents = pgTable(
  'agents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: text('type'),
    entityExtractRetries: integer('entity_extract_retries').notNull().default(2),
    outOfScopeMessage: text('out_of_scope_message').notNull(),
    modelType: text('model_type').notNull().default('SVM'),
    confidenceThreshold: real('confidence_threshold').notNull().default(0.5),
    language: text('language').notNull().default('en'),
    /** GenAI integration id used by OpenAi/GPT2 model types (`openaiKey` in the spec). */
    genAiIntegrationId: uuid('genai_integration_id'),
    promptConfig: jsonb('prompt_config').$type<AgentPromptConfigRow>(),
    knowledgeConfig: jsonb('knowledge_config').$type<AgentKnowledgeConfigRow>(),
    /** not_trained | training | trained | failed */
    trainingStatus: text('training_status').notNull().default('not_trained'),
    trainingMessage: text('training_message'),
    trainedAt: timestamp('trained_at', { withTimezone: true }),
    /** The trained model that answers (agent_models.id, no foreign key: the models table refers here). */
    activeModelId: uuid('active_model_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('agents_name_unique').on(table.enterpriseId, sql`lower(${table.name})`),
    index('agents_enterprise_created_idx').on(table.enterpriseId, table.createdAt),
  ],
);

/** Stories: a tree per agent (parentId), names unique within the agent. */
export const agentStories = pgTable(
  'agent_stories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => agentStories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('agent_stories_name_unique').on(table.agentId, sql`lower(${table.name})`),
    index('agent_stories_parent_idx').on(table.agentId, table.parentId),
  ],
);

export interface IntentUtteranceRow {
  utterance: string;
  entityDefined: boolean;
  entityRefs: { entityId: string; parameter: string; entityStartPos: number; entityEndPos: number }[];
}
export interface IntentParameterRow {
  name: string;
  entityId: string;
  required: boolean;
  value: string;
  prompts: string[];
}

/**
 * Intents. Phrases, responses and parameters are read and written as a whole by the editor and by
 * training, so they are JSON columns; `entity_ids` is kept for "which intents use this entity".
 */
export const agentIntents = pgTable(
  'agent_intents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    storyId: uuid('story_id')
      .notNull()
      .references(() => agentStories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    utterances: jsonb('utterances').$type<IntentUtteranceRow[]>().notNull().default([]),
    responses: jsonb('responses').$type<{ response: string }[]>().notNull().default([]),
    parameters: jsonb('parameters').$type<IntentParameterRow[]>().notNull().default([]),
    entityIds: text('entity_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** On a channel, recognising this intent hands the customer to people (the bot answers first). */
    handoff: boolean('handoff').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('agent_intents_name_unique').on(table.agentId, sql`lower(${table.name})`),
    index('agent_intents_story_idx').on(table.storyId, sql`lower(${table.name})`),
  ],
);

export interface EntityValueRow {
  value: string;
  type: 'synonyms' | 'pattern';
  synonyms: string[];
  pattern: string[];
}

/** Custom entities (type 0). System entities are a fixed catalogue in contracts. */
export const agentEntities = pgTable(
  'agent_entities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    values: jsonb('values').$type<EntityValueRow[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('agent_entities_name_unique').on(table.agentId, sql`lower(${table.name})`),
    index('agent_entities_updated_idx').on(table.agentId, table.updatedAt),
  ],
);

/** Knowledge-base PDFs of an agent; the bytes live in the platform file store. */
export const agentDocuments = pgTable(
  'agent_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('agent_documents_name_unique').on(table.agentId, sql`lower(${table.fileName})`)],
);
