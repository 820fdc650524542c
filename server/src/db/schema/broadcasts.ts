import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { enterprises, users } from './platform';
import { channels, messageTemplates } from './channels';
import { customers } from './customers';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Broadcasts (engagement.md §2.9, §2.10, §3): one template to many numbers through a channel.
 * The template as it was when sent is kept (`template_snapshot`), so an edit later changes nothing.
 */
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id').references(() => messageTemplates.id, { onDelete: 'set null' }),
    templateName: text('template_name').notNull(),
    /** { name, language, category, parameterFormat, components, vendorTemplateId } */
    templateSnapshot: jsonb('template_snapshot').$type<Record<string, unknown>>().notNull(),
    /** The request's media and cards (§3). */
    media: jsonb('media').$type<Record<string, unknown>>().notNull().default({}),
    columnMapping: jsonb('column_mapping').$type<unknown[]>().notNull().default([]),
    resourceId: text('resource_id'),
    resourceType: text('resource_type'),
    /** QUEUED | SENDING | COMPLETED | FAILED | CANCELLED */
    status: text('status').notNull(),
    messagesPerSecond: integer('messages_per_second').notNull(),
    total: integer('total').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('broadcasts_list_idx').on(table.enterpriseId, table.createdAt.desc()),
    index('broadcasts_status_idx').on(table.status),
  ],
);

/**
 * The outbox: one row per broadcast and number, written in the same transaction as the broadcast.
 * state: pending → sending (claimed by a worker) → accepted (the vendor took it; message_id set)
 * or failed (with the vendor's code; `retryable` says whether Retry failed resends it) or blocked
 * (blacklisted or opted out at send time). A row found in 'sending' after a crash is resent unless
 * the channel log shows the send was recorded; `resent_after_crash` counts what may be a duplicate.
 */
export const broadcastRecipients = pgTable(
  'broadcast_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    broadcastId: uuid('broadcast_id')
      .notNull()
      .references(() => broadcasts.id, { onDelete: 'cascade' }),
    /** E.164 with the plus. */
    phone: text('phone').notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The resolved TemplateValues for this recipient. */
    values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** channel_messages.id of the accepted (or failed) send. */
    messageId: uuid('message_id'),
    vendorMessageId: text('vendor_message_id'),
    errorCode: text('error_code'),
    errorText: text('error_text'),
    retryable: boolean('retryable').notNull().default(false),
    resentAfterCrash: boolean('resent_after_crash').notNull().default(false),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('broadcast_recipients_phone_unique').on(table.broadcastId, table.phone),
    index('broadcast_recipients_work_idx').on(table.broadcastId, table.state, table.nextAttemptAt),
    index('broadcast_recipients_message_idx').on(table.messageId),
  ],
);

/**
 * Numbers that must not be messaged: the blacklist (manual or imported) and opt-outs (an inbound
 * 'STOP' or 'रोकें' on any channel). One row per enterprise and number.
 */
export const blacklist = pgTable(
  'blacklist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    reason: text('reason').notNull().default(''),
    /** manual | import | opt_out */
    source: text('source').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('blacklist_phone_unique').on(table.enterpriseId, table.phone),
    index('blacklist_list_idx').on(table.enterpriseId, table.createdAt.desc()),
  ],
);

/** Price of one message by country dial code and template category (the estimate's source). */
export const rateCard = pgTable(
  'rate_card',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    country: text('country').notNull(),
    category: text('category').notNull(),
    currency: text('currency').notNull(),
    rate: numeric('rate', { precision: 12, scale: 6 }).notNull(),
  },
  (table) => [uniqueIndex('rate_card_unique').on(table.enterpriseId, table.country, table.category)],
);
