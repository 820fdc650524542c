import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CollectedValue, HandoffDetails, WorkingDay } from '@parley/contracts/conversations';
import { enterprises, users } from './platform';
import { departments } from './enterprise-admin';
import { channels } from './channels';
import { customers } from './customers';
import { agents } from './agents';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A conversation (issue 18): one per customer number and channel while open (state CREATED,
 * STARTED, ONGOING or SUSPEND); a message after it closed or was missed opens a new one.
 * `handler` says who answers now: the bot, the department's queue, or the participants.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    customerNumber: text('customer_number').notNull(),
    customerName: text('customer_name').notNull().default(''),
    state: smallint('state').notNull().default(0),
    /** bot | queue | agent */
    handler: text('handler').notNull(),
    botAgentId: uuid('bot_agent_id').references(() => agents.id, { onDelete: 'set null' }),
    departmentId: uuid('department_id').references(() => departments.id, { onDelete: 'set null' }),
    /** new | invited | transferred | assigned, while someone is to take it */
    waiting: text('waiting'),
    /** The user an invitation, transfer or assignment waits for (null: the department). */
    waitingFor: uuid('waiting_for').references(() => users.id, { onDelete: 'set null' }),
    waitingBy: uuid('waiting_by').references(() => users.id, { onDelete: 'set null' }),
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    handoff: jsonb('handoff').$type<HandoffDetails>(),
    /** Consecutive bot replies that did not understand the customer. */
    botMisses: integer('bot_misses').notNull().default(0),
    isJitRequired: boolean('is_jit_required').notNull().default(false),
    missedReason: smallint('missed_reason'),
    feedback: text('feedback'),
    newMsgCount: integer('new_msg_count').notNull().default(0),
    messageCount: integer('message_count').notNull().default(0),
    lastMessageText: text('last_message_text'),
    lastMessageDirection: text('last_message_direction'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    lastInboundAt: timestamp('last_inbound_at', { withTimezone: true }),
    /** The last time a person (not the bot) answered, for the inactivity timeout. */
    lastAgentReplyAt: timestamp('last_agent_reply_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * What the prompt agent collected after the conversation (agents.md §2.8): each variable found,
     * its value, the customer field it maps to and whether it was written; set once, by the
     * 'conversation.collect' job (collected_at not null: done).
     */
    collected: jsonb('collected').$type<CollectedValue[]>(),
    collectedAt: timestamp('collected_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // One open conversation per channel and customer number.
    uniqueIndex('conversations_open_unique')
      .on(table.channelId, table.customerNumber)
      .where(sql`${table.state} in (0, 1, 2, 5)`),
    index('conversations_list_idx').on(table.enterpriseId, table.updatedAt.desc(), table.id.desc()),
    // A view of one state (closed, missed) newest first, and the missed chats of the last day, without
    // reading every closed conversation of the enterprise.
    index('conversations_state_list_idx').on(table.enterpriseId, table.state, table.updatedAt.desc(), table.id.desc()),
    index('conversations_department_idx').on(table.enterpriseId, table.departmentId, table.state),
    index('conversations_customer_idx').on(table.enterpriseId, table.customerNumber, table.createdAt.desc()),
    index('conversations_waiting_idx')
      .on(table.enterpriseId, table.waiting)
      .where(sql`${table.waiting} is not null`),
  ],
);

/** The people in a conversation: its owner and agents invited into it (pending until accepted). */
export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    /** owner | invited | pending */
    role: text('role').notNull(),
    /** The last time this user read the conversation. */
    readAt: timestamp('read_at', { withTimezone: true }),
    joinedAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.userId] }),
    index('conversation_participants_user_idx').on(table.userId, table.role),
  ],
);

/**
 * The conversation's thread: the customer's messages, the bot's and agents' replies (recorded
 * before they are sent: queued → sending → the vendor's statuses) and system messages.
 */
export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** in | out | system */
    direction: text('direction').notNull(),
    /** customer | bot | agent | system */
    senderKind: text('sender_kind').notNull(),
    senderUserId: uuid('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    text: text('text').notNull().default(''),
    content: jsonb('content').$type<Record<string, unknown>>().notNull().default({}),
    /** The channel log row: the inbound message, or the outbound one once handed to the vendor. */
    channelMessageId: uuid('channel_message_id'),
    status: text('status').notNull(),
    statusAt: timestamp('status_at', { withTimezone: true }).notNull().defaultNow(),
    errorCode: text('error_code'),
    errorText: text('error_text'),
    /** Sends attempted again after a crash found them 'sending' with no logged answer. */
    attempts: integer('attempts').notNull().default(0),
    /**
     * Queued again after a crash found it 'sending' with nothing logged: the vendor may have taken
     * the first try, so the customer may have it twice (counted, as a broadcast's recipients are).
     */
    resentAfterCrash: boolean('resent_after_crash').notNull().default(false),
    /** The vendor's timestamp (inbound) or when it was written: the thread's order. */
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [
    index('conversation_messages_thread_idx').on(table.conversationId, table.at, table.id),
    uniqueIndex('conversation_messages_channel_message_unique').on(table.channelMessageId),
    index('conversation_messages_outbox_idx')
      .on(table.createdAt)
      .where(sql`${table.status} in ('queued', 'sending')`),
  ],
);

/** Every action on a conversation (platform §4.1): who, when, and what came with it. */
export const conversationActions = pgTable(
  'conversation_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    action: smallint('action').notNull(),
    actionBy: uuid('action_by').references(() => users.id, { onDelete: 'set null' }),
    /** customer | bot | agent | system */
    actorKind: text('actor_kind').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    at: createdAt(),
  },
  (table) => [index('conversation_actions_conversation_idx').on(table.conversationId, table.at)],
);

export const conversationTags = pgTable(
  'conversation_tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('conversation_tags_conversation_idx').on(table.conversationId),
    index('conversation_tags_tag_idx').on(table.enterpriseId, sql`lower(${table.tag})`),
  ],
);

export const conversationPins = pgTable(
  'conversation_pins',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.conversationId, table.userId] })],
);

/** How one channel's chats are answered (Chat Config). */
export const chatConfigs = pgTable('chat_configs', {
  channelId: uuid('channel_id')
    .primaryKey()
    .references(() => channels.id, { onDelete: 'cascade' }),
  enterpriseId: uuid('enterprise_id')
    .notNull()
    .references(() => enterprises.id, { onDelete: 'cascade' }),
  botAgentId: uuid('bot_agent_id').references(() => agents.id, { onDelete: 'set null' }),
  departmentId: uuid('department_id').references(() => departments.id, { onDelete: 'set null' }),
  workingHours: jsonb('working_hours').$type<WorkingDay[]>().notNull(),
  outOfHoursMessage: text('out_of_hours_message').notNull().default(''),
  inactivityMinutes: integer('inactivity_minutes').notNull().default(30),
  missedMessage: text('missed_message').notNull().default(''),
  handoffMessage: text('handoff_message')
    .notNull()
    .default('Thank you. A member of our team will be with you shortly.'),
  handoffKeywords: text('handoff_keywords')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  offerAgentButton: boolean('offer_agent_button').notNull().default(true),
  handoffAfterMisses: integer('handoff_after_misses').notNull().default(2),
  updatedAt: updatedAt(),
});

/** An agent's availability and how many open chats they take at once. */
export const chatAgents = pgTable('chat_agents', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enterpriseId: uuid('enterprise_id')
    .notNull()
    .references(() => enterprises.id, { onDelete: 'cascade' }),
  /** online | away | offline */
  status: text('status').notNull().default('offline'),
  capacity: integer('capacity').notNull().default(5),
  updatedAt: updatedAt(),
});

export const quickReplies = pgTable(
  'quick_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    shortcut: text('shortcut').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('quick_replies_shortcut_unique').on(table.enterpriseId, sql`lower(${table.shortcut})`)],
);

/** An enterprise's outgoing webhook for conversation events (a CRM), with its sealed signing secret. */
export const chatWebhooks = pgTable('chat_webhooks', {
  enterpriseId: uuid('enterprise_id')
    .primaryKey()
    .references(() => enterprises.id, { onDelete: 'cascade' }),
  url: text('url').notNull().default(''),
  secretEnc: text('secret_enc').notNull(),
  secretHint: text('secret_hint').notNull(),
  events: text('events')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  enabled: boolean('enabled').notNull().default(false),
  lastAt: timestamp('last_at', { withTimezone: true }),
  lastStatus: integer('last_status'),
  lastError: text('last_error'),
  updatedAt: updatedAt(),
});
