import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { enterprises } from './platform';
import { agents } from './agents';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value as Uint8Array),
});

/** The dialogs of a trained model: what a conversation needs besides the classifier. */
export interface ModelIntentRow {
  name: string;
  responses: string[];
  parameters: { name: string; entityId: string; required: boolean; value: string; prompts: string[] }[];
  /** Training phrases (the GenAI classifier shows a few as examples; the phrase generator checks them). */
  phrases: string[];
}
export interface ModelEntityRow {
  id: string;
  name: string;
  values: { value: string; type: 'synonyms' | 'pattern'; synonyms: string[]; pattern: string[] }[];
}

/**
 * Trained models, one row per training run. The agent points at the one that answers
 * (`agents.active_model_id`): a new row is written first, then the pointer moves in one statement
 * (the atomic swap). `bytes` is the classifier's own serialised form (null for GenAI model types,
 * which keep only the intents snapshot). Rows survive restarts, so nothing is retrained on start.
 */
export const agentModels = pgTable(
  'agent_models',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    modelType: text('model_type').notNull(),
    language: text('language').notNull(),
    bytes: bytea('bytes'),
    intents: jsonb('intents').$type<ModelIntentRow[]>().notNull().default([]),
    entities: jsonb('entities').$type<ModelEntityRow[]>().notNull().default([]),
    report: jsonb('report').$type<unknown>(),
    phrases: integer('phrases').notNull().default(0),
    /** The pg-boss job that built it: a second run of the same job reuses the row (idempotent). */
    jobId: text('job_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('agent_models_agent_idx').on(table.agentId, table.createdAt)],
);

/**
 * Slot-filling state per Try-it conversation. The key is (agent, session id): a session id sent to
 * another agent (or by another tenant) is a different conversation and never reads or overwrites this one.
 */
export const agentSessions = pgTable(
  'agent_sessions',
  {
    sessionId: text('session_id').notNull(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    state: jsonb('state').$type<unknown>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.agentId, table.sessionId] }),
    index('agent_sessions_updated_idx').on(table.updatedAt),
  ],
);

export interface OtherIntentRow {
  intent: string;
  confidence: number;
  utterance: string | null;
}

/**
 * The conversation log (agents.md §3 conversation message row), one row per user message.
 *
 * Indexes, for the conversation report (a later issue) at millions of rows. Every report query is
 * "one agent, a date range", sometimes narrowed by scope or grouped by session:
 * - (agent_id, created_on): the range scan behind counts, top intents, paging and the CSV export;
 * - (agent_id, intent_identified, created_on): in-scope / out-of-scope lists and trends without
 *   filtering the whole range;
 * - (agent_id, session_id, created_on): active users / sessions and one conversation in order.
 * An agent belongs to one enterprise, so agent_id already narrows to one tenant: the enterprise
 * filter every query carries is checked on the rows found, and an (enterprise_id, agent_id, ...)
 * index would only be wider. Deleting an enterprise or an agent cascades through the foreign keys,
 * which uses the (agent_id, ...) indexes; enterprise_id gets its own small index for that cascade.
 */
export const agentConversationMessages = pgTable(
  'agent_conversation_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    userMessage: text('user_message').notNull(),
    createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
    intentIdentified: boolean('intent_identified').notNull(),
    intent: text('intent'),
    confidence: real('confidence').notNull(),
    utterance: text('utterance'),
    botResponse: text('bot_response').notNull(),
    emotion: text('emotion').notNull(),
    otherIntent: jsonb('other_intent')
      .$type<OtherIntentRow[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (table) => [
    index('agent_messages_agent_created_idx').on(table.agentId, table.createdOn),
    index('agent_messages_agent_scope_idx').on(table.agentId, table.intentIdentified, table.createdOn),
    index('agent_messages_agent_session_idx').on(table.agentId, table.sessionId, table.createdOn),
    index('agent_messages_enterprise_idx').on(table.enterpriseId),
  ],
);
