import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { enterprises, users } from './platform';
import { departments } from './enterprise-admin';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Channels (platform §3.7, §3.8): a vendor account of one channel type. `settings` holds the
 * vendor's plain credential fields; secret ones are sealed together in `secrets_enc`.
 * `webhook_key` names the channel's public callback URL; `webhook_secret_enc` seals the token
 * Meta's GET verification echoes and the HMAC key the Sandbox signs its callbacks with.
 */
export const channels = pgTable(
  'channels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: integer('type').notNull(),
    vendor: integer('vendor').notNull(),
    departmentId: uuid('department_id').references(() => departments.id, { onDelete: 'set null' }),
    contactId: text('contact_id').notNull(),
    settings: jsonb('settings').$type<Record<string, string>>().notNull().default({}),
    secretsEnc: text('secrets_enc'),
    messagesPerSecond: integer('messages_per_second').notNull().default(80),
    webhookKey: text('webhook_key').notNull(),
    webhookSecretEnc: text('webhook_secret_enc').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('channels_name_unique').on(table.enterpriseId, sql`lower(${table.name})`),
    uniqueIndex('channels_webhook_key_unique').on(table.webhookKey),
    index('channels_enterprise_type_idx').on(table.enterpriseId, table.type),
  ],
);

/**
 * Every message a channel sent or received. An outbound message's status only moves forward
 * (accepted → sent → delivered → read; failed is terminal): it is the highest-ranked of its
 * status events, which may arrive before the send call has returned.
 */
export const channelMessages = pgTable(
  'channel_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    /** out | in */
    direction: text('direction').notNull(),
    /** E.164 number of the customer (to for out, from for in). */
    customerNumber: text('customer_number').notNull(),
    vendorMessageId: text('vendor_message_id'),
    /** template | text | media | interactive */
    kind: text('kind').notNull(),
    templateId: uuid('template_id'),
    content: jsonb('content').$type<Record<string, unknown>>().notNull().default({}),
    /** accepted | sent | delivered | read | failed (out); received (in) */
    status: text('status').notNull(),
    statusAt: timestamp('status_at', { withTimezone: true }).notNull().defaultNow(),
    errorCode: text('error_code'),
    errorText: text('error_text'),
    /** test | session | broadcast | chat | inbound */
    source: text('source').notNull(),
    sourceId: uuid('source_id'),
    /**
     * Inbound only: when the conversation runtime took the message into its conversation (null
     * until then: the durable queue of messages still to answer, swept again after a crash).
     */
    routedAt: timestamp('routed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('channel_messages_unrouted_idx')
      .on(table.createdAt)
      .where(sql`${table.direction} = 'in' and ${table.routedAt} is null`),
    uniqueIndex('channel_messages_vendor_id_unique').on(table.channelId, table.vendorMessageId),
    index('channel_messages_channel_created_idx').on(table.channelId, table.createdAt.desc()),
    index('channel_messages_customer_idx').on(
      table.channelId,
      table.customerNumber,
      table.direction,
      table.createdAt.desc(),
    ),
    index('channel_messages_source_idx').on(table.sourceId),
    // The delivery report: an enterprise's messages across its channels, newest first.
    index('channel_messages_enterprise_created_idx').on(table.enterpriseId, table.createdAt.desc()),
  ],
);

/** Status events as the vendor reported them: one per message and status, however often it is repeated. */
export const channelMessageEvents = pgTable(
  'channel_message_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    vendorMessageId: text('vendor_message_id').notNull(),
    status: text('status').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    errorCode: text('error_code'),
    errorText: text('error_text'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('channel_message_events_unique').on(table.channelId, table.vendorMessageId, table.status)],
);

/** WhatsApp message templates (platform §7.5): components in Meta's shape. */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    language: text('language').notNull(),
    category: text('category').notNull(),
    parameterFormat: text('parameter_format').notNull().default('POSITIONAL'),
    components: jsonb('components').$type<unknown[]>().notNull(),
    /** PENDING | APPROVED | REJECTED | PAUSED | DISABLED */
    status: text('status').notNull(),
    reason: text('reason'),
    vendorTemplateId: text('vendor_template_id'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    statusAt: timestamp('status_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('message_templates_name_unique').on(table.channelId, table.name, table.language),
    index('message_templates_list_idx').on(table.enterpriseId, table.createdAt.desc()),
    index('message_templates_vendor_idx').on(table.channelId, table.vendorTemplateId),
  ],
);

/**
 * The Sandbox vendor's side: what each simulated phone received (to_phone) and what its customer
 * replied (from_phone). Parley learns about these only through webhooks, as from a real vendor.
 */
export const sandboxMessages = pgTable(
  'sandbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    /** to_phone | from_phone */
    direction: text('direction').notNull(),
    vendorMessageId: text('vendor_message_id').notNull(),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull(),
    errorCode: text('error_code'),
    errorText: text('error_text'),
    createdAt: createdAt(),
    statusAt: timestamp('status_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sandbox_messages_vendor_id_unique').on(table.vendorMessageId),
    index('sandbox_messages_phone_idx').on(table.channelId, table.phone, table.createdAt),
  ],
);
